package io.wireanalyze.protocol.http;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;

/**
 * Which phase an HTTP message is: the message its body carried decides (a tunnelled registry lookup is naming, a
 * DGC call dgc); a response takes its request's phase; HTTP whose body no format claims is an invocation, its body
 * bytes unparsed.
 */
final class HttpPhaseRules {

    private HttpPhaseRules() {
    }

    static Phase request(Message inner) {
        return inner != null ? inner.phase() : Phase.INVOCATION;
    }

    static Phase response(Message request) {
        return request != null ? request.phase() : Phase.INVOCATION;
    }
}
