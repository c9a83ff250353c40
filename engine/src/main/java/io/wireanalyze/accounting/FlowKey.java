package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;

/** A TCP flow's two endpoints, the lesser first: both directions of a 4-tuple have one key. */
record FlowKey(Endpoint a, Endpoint b) {

    static FlowKey of(Endpoint x, Endpoint y) {
        return x.compareTo(y) <= 0 ? new FlowKey(x, y) : new FlowKey(y, x);
    }

    /** Whether a packet from {@code src} goes from the lesser endpoint to the greater. */
    boolean forward(Endpoint src) {
        return src.equals(a);
    }
}
