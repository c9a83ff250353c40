package io.wireanalyze.protocol.tls;

import io.wireanalyze.protocol.Probe;
import io.wireanalyze.protocol.ProbeResult;

import java.nio.ByteBuffer;

/**
 * Recognises TLS by content on any port. From the connection's start: a ClientHello record (type 22, version 3.x, a
 * handshake of type client_hello), whose sender is the client; a ServerHello without it means the capture missed the
 * ClientHello. Joined mid-connection: records chained on either side (two whole records with valid headers of one
 * version, or one record filling exactly what a side sent before the end); the client is then taken to be the side
 * seen first, and nothing is decrypted (the client random that names the keys was not captured).
 */
public final class TlsProbe implements Probe {

    private static final int HANDSHAKE = 22;
    private static final int CLIENT_HELLO = 1;
    private static final int SERVER_HELLO = 2;

    private enum Match { YES, NO, MAYBE }

    @Override
    public ProbeResult probe(ByteBuffer initiator, ByteBuffer responder, boolean sawSyn, boolean ended) {
        Match clientA = hello(initiator, CLIENT_HELLO), clientB = hello(responder, CLIENT_HELLO);
        if (clientA == Match.YES) return ProbeResult.mine(true, false);
        if (clientB == Match.YES) return ProbeResult.mine(false, false);
        Match serverA = hello(initiator, SERVER_HELLO), serverB = hello(responder, SERVER_HELLO);
        if (serverB == Match.YES) return ProbeResult.mine(true, true);
        if (serverA == Match.YES) return ProbeResult.mine(false, true);
        Match recordsA = records(initiator, ended), recordsB = records(responder, ended);
        if (recordsA == Match.YES || recordsB == Match.YES) return ProbeResult.mine(true, true);
        boolean nothingYet = !initiator.hasRemaining() && !responder.hasRemaining();
        boolean partial = (clientA == Match.MAYBE && initiator.hasRemaining()) || (clientB == Match.MAYBE && responder.hasRemaining())
                || recordsA == Match.MAYBE || recordsB == Match.MAYBE;
        return (partial || nothingYet) && !ended ? ProbeResult.NEED_MORE : ProbeResult.NOT_MINE;
    }

    /** A handshake record whose first message is of {@code type}: its first 6 bytes say so. */
    private static Match hello(ByteBuffer in, int type) {
        int p = in.position(), n = in.remaining();
        if (n == 0) return Match.MAYBE;
        if ((in.get(p) & 0xff) != HANDSHAKE) return Match.NO;
        if (n >= 2 && (in.get(p + 1) & 0xff) != 3) return Match.NO;
        if (n >= 3 && (in.get(p + 2) & 0xff) > 4) return Match.NO;
        if (n >= 5) {
            int length = in.getShort(p + 3) & 0xffff;
            if (length < 4 || length > TlsRecords.MAX_LENGTH) return Match.NO;
        }
        if (n < 6) return Match.MAYBE;
        return (in.get(p + 5) & 0xff) == type ? Match.YES : Match.NO;
    }

    /** Records chained from the start of what a side sent. */
    private static Match records(ByteBuffer in, boolean ended) {
        int p = in.position(), end = in.limit();
        if (p + TlsRecords.HEADER_LENGTH > end) {
            int n = end - p;
            boolean fits = n > 0 && TlsContentType.of(in.get(p) & 0xff) != null && (n < 2 || in.get(p + 1) == 3)
                    && (n < 3 || (in.get(p + 2) & 0xff) <= 4);
            return fits ? Match.MAYBE : Match.NO;
        }
        if (TlsRecords.invalid(in, p, 0) != null) return Match.NO;
        int n = TlsRecords.chained(in, p, end);
        if (n >= 2) return Match.YES;
        if (n == 1 && ended && p + TlsRecords.HEADER_LENGTH + TlsRecords.length(in, p) == end) return Match.YES;
        return Match.MAYBE;
    }
}
