package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.Probe;
import io.wireanalyze.protocol.ProbeResult;

import java.nio.ByteBuffer;

import static io.wireanalyze.protocol.jrmp.JrmpConstants.*;

/**
 * Recognises JRMP by content. With the connection's start captured: the client's "JRMI" transport header.
 * Joined mid-connection: a Call or ReturnData (its opcode followed by the serialization stream header
 * 0xACED0005), or a lone Ping answered by a lone PingAck.
 */
public final class JrmpProbe implements Probe {

    private static final byte[] MAGIC_BYTES = {'J', 'R', 'M', 'I'};

    @Override
    public ProbeResult probe(ByteBuffer initiator, ByteBuffer responder, boolean sawSyn, boolean ended) {
        Match a = header(initiator), b = header(responder);
        if (a == Match.YES) return ProbeResult.mine(true, false);
        if (b == Match.YES) return ProbeResult.mine(false, false);
        if (sawSyn) {
            // A JRMP client speaks first, and with the header.
            if (a == Match.NO || (initiator.remaining() == 0 && responder.remaining() > 0)) return midStreamOnly(initiator, responder, ended);
            return ended ? ProbeResult.NOT_MINE : ProbeResult.NEED_MORE;
        }
        return midStreamOnly(initiator, responder, ended);
    }

    private ProbeResult midStreamOnly(ByteBuffer a, ByteBuffer b, boolean ended) {
        Match callA = message(a, CALL), callB = message(b, CALL);
        Match retA = message(a, RETURN_DATA), retB = message(b, RETURN_DATA);
        if (callA == Match.YES || retB == Match.YES) return ProbeResult.mine(true, true);
        if (callB == Match.YES || retA == Match.YES) return ProbeResult.mine(false, true);
        if (lone(a, PING) && startsWith(b, PING_ACK)) return ProbeResult.mine(true, true);
        if (lone(b, PING) && startsWith(a, PING_ACK)) return ProbeResult.mine(false, true);
        boolean loneA = lone(a, PING) && b.remaining() == 0, loneB = lone(b, PING) && a.remaining() == 0;
        boolean partial = callA == Match.MAYBE || callB == Match.MAYBE || retA == Match.MAYBE || retB == Match.MAYBE;
        if (!ended && (partial || loneA || loneB)) return ProbeResult.NEED_MORE;
        // A Ping nobody answered: one byte proves nothing, but fits a pooled connection to a known JRMP server.
        if (loneA || loneB) return ProbeResult.maybe(loneA);
        return ProbeResult.NOT_MINE;
    }

    private enum Match { YES, NO, MAYBE }

    private static Match header(ByteBuffer in) {
        int n = Math.min(in.remaining(), MAGIC_BYTES.length);
        if (n == 0) return Match.MAYBE;
        for (int i = 0; i < n; i++) {
            if (in.get(in.position() + i) != MAGIC_BYTES[i]) return Match.NO;
        }
        return n == MAGIC_BYTES.length ? Match.YES : Match.MAYBE;
    }

    /** An opcode followed by the serialization stream header. */
    private static Match message(ByteBuffer in, int opcode) {
        int p = in.position();
        if (in.remaining() == 0) return Match.NO;
        if ((in.get(p) & 0xff) != opcode) return Match.NO;
        int[] header = {0xac, 0xed, 0x00, 0x05};
        for (int i = 0; i < header.length; i++) {
            if (in.remaining() < 2 + i) return Match.MAYBE;
            if ((in.get(p + 1 + i) & 0xff) != header[i]) return Match.NO;
        }
        return Match.YES;
    }

    private static boolean lone(ByteBuffer in, int opcode) {
        return in.remaining() == 1 && (in.get(in.position()) & 0xff) == opcode;
    }

    private static boolean startsWith(ByteBuffer in, int opcode) {
        return in.remaining() >= 1 && (in.get(in.position()) & 0xff) == opcode;
    }
}
