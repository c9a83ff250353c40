package io.wireanalyze.protocol;

/**
 * A protocol probe's answer, after Wireshark's heuristic dissectors: a probe never throws and checks every
 * length before reading. {@code MINE} pins the connection to the protocol.
 *
 * @param verdict         whether the bytes are this protocol's
 * @param initiatorIsClient for MINE: whether the side that sent first (the SYN sender, if seen) is the client
 * @param midStream       for MINE: the capture joined the connection after its protocol handshake
 */
public record ProbeResult(Verdict verdict, boolean initiatorIsClient, boolean midStream) {

    /**
     * MAYBE: the bytes fit the protocol but prove nothing on their own (a lone JRMP Ping); the connection is
     * pinned only if the same server endpoint is proven to speak the protocol elsewhere in the capture.
     */
    public enum Verdict { MINE, NOT_MINE, NEED_MORE, MAYBE }

    public static final ProbeResult NOT_MINE = new ProbeResult(Verdict.NOT_MINE, true, false);
    public static final ProbeResult NEED_MORE = new ProbeResult(Verdict.NEED_MORE, true, false);

    public static ProbeResult maybe(boolean initiatorIsClient) {
        return new ProbeResult(Verdict.MAYBE, initiatorIsClient, true);
    }

    public static ProbeResult mine(boolean initiatorIsClient, boolean midStream) {
        return new ProbeResult(Verdict.MINE, initiatorIsClient, midStream);
    }
}
