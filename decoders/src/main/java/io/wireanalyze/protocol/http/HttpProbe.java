package io.wireanalyze.protocol.http;

import io.wireanalyze.protocol.Probe;
import io.wireanalyze.protocol.ProbeResult;

import java.nio.ByteBuffer;

/**
 * Recognises HTTP/1.x by content on any port: a side that starts with a request line is the client; joined
 * mid-connection, a side that starts with a status line is the server. A client speaks first, so with the SYN seen
 * the initiator's first line decides.
 */
public final class HttpProbe implements Probe {

    @Override
    public ProbeResult probe(ByteBuffer initiator, ByteBuffer responder, boolean sawSyn, boolean ended) {
        StartLine.Match reqA = StartLine.request(initiator, initiator.position());
        if (reqA == StartLine.Match.YES) return ProbeResult.mine(true, false);
        if (!sawSyn) {
            StartLine.Match reqB = StartLine.request(responder, responder.position());
            if (reqB == StartLine.Match.YES) return ProbeResult.mine(false, false);
            if (StartLine.status(responder, responder.position()) == StartLine.Match.YES) return ProbeResult.mine(true, true);
            if (StartLine.status(initiator, initiator.position()) == StartLine.Match.YES) return ProbeResult.mine(false, true);
        }
        if (ended) return ProbeResult.NOT_MINE;
        boolean aMaybe = initiator.remaining() == 0 || reqA == StartLine.Match.MAYBE
                || (!sawSyn && StartLine.status(initiator, initiator.position()) == StartLine.Match.MAYBE);
        if (sawSyn) return aMaybe ? ProbeResult.NEED_MORE : ProbeResult.NOT_MINE;
        boolean bMaybe = responder.remaining() == 0 || StartLine.request(responder, responder.position()) == StartLine.Match.MAYBE
                || StartLine.status(responder, responder.position()) == StartLine.Match.MAYBE;
        return aMaybe || bMaybe ? ProbeResult.NEED_MORE : ProbeResult.NOT_MINE;
    }
}
