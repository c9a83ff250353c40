package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.Probe;
import io.wireanalyze.protocol.ProbeResult;

import java.nio.ByteBuffer;

/**
 * Recognises GIOP (and ZIOP) by content on any port, as Wireshark's {@code dissect_giop_heur} does: either side
 * starts with the magic and a plausible header (version 1.0-1.2, a known message type, defined flags, a bounded
 * size, whatever the analysis' limit: a message over it is GIOP reported as too large, not another protocol).
 * The message type tells the client: it sends Request, LocateRequest and CancelRequest.
 */
public final class GiopProbe implements Probe {

    private static final byte[][] MAGICS = {{'G', 'I', 'O', 'P'}, {'Z', 'I', 'O', 'P'}};

    private enum Kind { EMPTY, NO, PARTIAL, YES }

    private record Match(Kind kind, GiopMessageType type) {
        /** Whether the side that sent it is the client: TRUE, FALSE, or null when the type does not tell. */
        Boolean client() {
            if (type == GiopMessageType.REPLY || type == GiopMessageType.LOCATE_REPLY) return false;
            return type.fromClient() ? true : null;
        }
    }


    @Override
    public ProbeResult probe(ByteBuffer initiator, ByteBuffer responder, boolean sawSyn, boolean ended) {
        Match a = match(initiator), b = match(responder);
        if (a.kind() == Kind.YES) {
            Boolean client = a.client();
            if (client == null && b.kind() == Kind.YES && b.client() != null) client = !b.client();
            return ProbeResult.mine(client == null || client, false);
        }
        if (b.kind() == Kind.YES) {
            Boolean client = b.client();
            return ProbeResult.mine(client == null || !client, false);
        }
        if (ended) return ProbeResult.NOT_MINE;
        if (a.kind() == Kind.PARTIAL || b.kind() == Kind.PARTIAL) return ProbeResult.NEED_MORE;
        // A GIOP client speaks first; joined mid-connection, either side's next message may still show the magic.
        if (sawSyn) return a.kind() == Kind.EMPTY && b.kind() == Kind.EMPTY ? ProbeResult.NEED_MORE : ProbeResult.NOT_MINE;
        return a.kind() == Kind.NO && b.kind() == Kind.NO ? ProbeResult.NOT_MINE : ProbeResult.NEED_MORE;
    }

    private static Match match(ByteBuffer in) {
        int n = in.remaining(), p = in.position();
        if (n == 0) return new Match(Kind.EMPTY, null);
        boolean prefix = false;
        for (byte[] magic : MAGICS) {
            boolean same = true;
            for (int i = 0; i < Math.min(n, magic.length) && same; i++) same = in.get(p + i) == magic[i];
            prefix |= same;
        }
        if (!prefix) return new Match(Kind.NO, null);
        if (n < GiopHeader.LENGTH) return new Match(Kind.PARTIAL, null);
        GiopHeader h = GiopHeader.read(in, p);
        // A size over the analysis' limit is still GIOP: the session reports it as over the limit.
        if (h == null || !h.plausible()) return new Match(Kind.NO, null);
        return new Match(Kind.YES, h.messageType());
    }
}
