package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;

import java.util.List;
import java.util.Map;

/**
 * The accounting of one capture: what every report (table, CSV, JSON, chart) prints.
 *
 * @param source      the capture's name (file path)
 * @param capture     frames read, what was not TCP, where reading stopped
 * @param summary     the seed's Figure 16 figures
 * @param phases      per phase, in {@link Phase} order; every phase present
 * @param connections per TCP connection
 * @param messages    every decoded message (and unparsed span), in capture order; those the options keep
 *                    ({@link AnalysisOptions#keepMessage}), at most their limit ({@link AnalysisOptions#messageLimit})
 * @param messagesLeftOut messages the options kept but their limit left out of {@code messages} (0 without a limit)
 * @param invocations application calls with their replies, in capture order
 * @param packets     one row per TCP packet (empty unless asked for)
 */
public record AnalysisResult(String source, CaptureInfo capture, Summary summary, Map<Phase, PhaseStats> phases,
                             List<ConnectionStats> connections, List<MessageRecord> messages, long messagesLeftOut,
                             List<InvocationRecord> invocations, List<PacketRow> packets) implements AutoCloseable {

    /**
     * Deletes the temporary files its lists are read from (a capture too big to hold), once it has been read out:
     * its lists cannot be read after. A result held in memory has none; closing it changes nothing.
     */
    @Override
    public void close() {
        Spill.close(connections);
        Spill.close(messages);
        Spill.close(invocations);
        Spill.close(packets);
    }

    /**
     * @param frames         frames read
     * @param tcpPackets     frames holding a TCP segment: the packets the phases account
     * @param otherFrames    frames that were not TCP, by reason ("not IP", "UDP"...)
     * @param durationMs     first to last frame
     * @param stopReason     why reading stopped early (damaged file), or null
     * @param startNanos     timestamp of the first frame (epoch nanoseconds)
     */
    public record CaptureInfo(long frames, long tcpPackets, Map<String, Long> otherFrames, double durationMs,
                              String stopReason, long startNanos) {
    }

    /**
     * The seed's Figure 16 summary.
     *
     * @param packets                      TCP packets in the capture
     * @param setupTimeMs                  from the capture's first packet to the first packet of the first
     *                                     application call (null without one)
     * @param setupPackets                 packets before that one
     * @param invocations                  measured application calls (warm-up and marker calls left out)
     * @param dataPackets                  their packets carrying argument or return-value bytes
     * @param overheadPackets              their packets carrying only headers, framing, or nothing (pure ACKs)
     * @param dataPacketRatio              data packets over all their packets (null without invocations)
     * @param overheadPacketsPerInvocation overhead packets per measured invocation (null without invocations)
     */
    public record Summary(long packets, Double setupTimeMs, long setupPackets, int invocations, long dataPackets,
                          long overheadPackets, Double dataPacketRatio, Double overheadPacketsPerInvocation) {
    }

    /**
     * @param packets         TCP packets in the phase
     * @param wireBytes       their frame lengths on the wire
     * @param payloadBytes    their TCP payload bytes
     * @param elapsedMs       for each packet, the time since the capture's previous TCP packet, summed: the
     *                        phases' elapsed times add up to the capture's duration
     * @param spanMs          first to last packet of the phase (phases interleave, so spans overlap)
     * @param retransmissions packets that carried no byte not seen before
     */
    public record PhaseStats(long packets, long wireBytes, long payloadBytes, double elapsedMs, double spanMs,
                             long retransmissions) {
    }

    public record ConnectionStats(int id, String client, String server, String protocol, long packets, long wireBytes,
                                  long payloadBytes, long c2sPayloadBytes, long s2cPayloadBytes, double startMs,
                                  double durationMs, boolean sawSyn, long gapBytes, int messages,
                                  long conflictingBytes) {
    }

    /**
     * An application call with its reply.
     *
     * @param fragments    GIOP Fragment messages that carried parts of the request or the reply (their packets and
     *                     bytes are counted in the invocation's)
         * @param legOf        for a leg of another invocation (the same call relayed: proxy to server, servlet to RMI
     *                     server), the request frame of the invocation it serves; null for the client's own call.
     *                     A leg is counted in that invocation's leg figures, not as an invocation of its own.
     * @param legs         the other legs of this call; null when none
     * @param legPackets   packets of the legs: a leg's whole connection when it carries only that call (a SingleOp
     *                     backend connection with its set-up and teardown), else its messages'; null when none
     * @param legWireBytes their frame bytes; null when none
     * @param legMs        the time the legs took, summed: each leg's connection first to last packet, or its latency
     * @param operation    the plain name of the method's operation ({@link io.wireanalyze.protocol.MessageInfo#operation()}),
     *                     or null where the request names none
     * @param counts       the request's and reply's bytes counted by what they are, key to bytes
     *                     ({@link io.wireanalyze.protocol.ByteCount#key()}: an outer layer's framing, the values apart
     *                     from their markup ...), as its messages' details declare them; a count the invocation
     *                     cannot tell is absent
     */
    public record InvocationRecord(int connection, String method, long requestFrame, Long replyFrame, Double latencyMs,
                                   long packets, long dataPackets, long overheadPackets, long requestBytes,
                                   long replyBytes, boolean warmup, boolean marker, String exception, int fragments,
                                   Long legOf, Integer legs, Long legPackets, Long legWireBytes, Double legMs,
                                   String operation, Map<String, Long> counts) {

        /** A call that is not layered and has no legs, whose method is its operation's plain name. */
        public InvocationRecord(int connection, String method, long requestFrame, Long replyFrame, Double latencyMs,
                                long packets, long dataPackets, long overheadPackets, long requestBytes,
                                long replyBytes, boolean warmup, boolean marker, String exception, int fragments) {
            this(connection, method, requestFrame, replyFrame, latencyMs, packets, dataPackets, overheadPackets, requestBytes,
                    replyBytes, warmup, marker, exception, fragments, null, null, null, null, null, method, Map.of());
        }

        /** The bytes of {@code count} in the request and reply, or null when the invocation cannot tell them. */
        public Long count(io.wireanalyze.protocol.ByteCount count) {
            return counts.get(count.key());
        }

        /** Bytes of an outer layer's framing in the request and reply (HTTP heads, TLS records); null when not layered. */
        public Long framingBytes() {
            return count(io.wireanalyze.protocol.ByteCount.FRAMING);
        }

        /** Counted in the figures: neither warm-up nor the marker, nor a leg of another call. */
        public boolean measured() {
            return !warmup && !marker && legOf == null;
        }

        InvocationRecord withLegOf(long root) {
            return new InvocationRecord(connection, method, requestFrame, replyFrame, latencyMs, packets, dataPackets,
                    overheadPackets, requestBytes, replyBytes, warmup, marker, exception, fragments, root,
                    legs, legPackets, legWireBytes, legMs, operation, counts);
        }

        InvocationRecord withMethod(String m) {
            return new InvocationRecord(connection, m, requestFrame, replyFrame, latencyMs, packets, dataPackets,
                    overheadPackets, requestBytes, replyBytes, warmup, marker, exception, fragments, legOf,
                    legs, legPackets, legWireBytes, legMs, operation, counts);
        }

        InvocationRecord withWarmup(boolean w) {
            return new InvocationRecord(connection, method, requestFrame, replyFrame, latencyMs, packets, dataPackets,
                    overheadPackets, requestBytes, replyBytes, w, marker, exception, fragments, legOf,
                    legs, legPackets, legWireBytes, legMs, operation, counts);
        }

        InvocationRecord withLegs(int n, long packets, long wireBytes, double ms) {
            return new InvocationRecord(connection, method, requestFrame, replyFrame, latencyMs, this.packets, dataPackets,
                    overheadPackets, requestBytes, replyBytes, warmup, marker, exception, fragments, legOf,
                    n, packets, wireBytes, ms, operation, counts);
        }

        InvocationRecord withConnection(int id) {
            return new InvocationRecord(id, method, requestFrame, replyFrame, latencyMs, packets, dataPackets,
                    overheadPackets, requestBytes, replyBytes, warmup, marker, exception, fragments, legOf,
                    legs, legPackets, legWireBytes, legMs, operation, counts);
        }
    }

    /** One TCP packet, findable in Wireshark by frame number. */
    public record PacketRow(long frame, double timeMs, int connection, String direction, int wireLength,
                            int payloadLength, String flags, Phase phase, String message, boolean data,
                            boolean retransmission) {
    }

    public PhaseStats phase(Phase p) {
        return phases.get(p);
    }

    /** The same result under another source name (a file name instead of its path, say). */
    public AnalysisResult withSource(String name) {
        return new AnalysisResult(name, capture, summary, phases, connections, messages, messagesLeftOut, invocations, packets);
    }
}
