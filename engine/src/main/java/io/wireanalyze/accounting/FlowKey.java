package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;

import java.util.Objects;

/** A TCP flow's two endpoints, the lesser first: both directions of a 4-tuple have one key. */
record FlowKey(Endpoint a, Endpoint b) {

    static FlowKey of(Endpoint x, Endpoint y) {
        return x.compareTo(y) <= 0 ? new FlowKey(x, y) : new FlowKey(y, x);
    }

    /** Written out (as {@link Endpoint}'s): the generated one, through method handles, showed per packet; the same value. */
    @Override
    public boolean equals(Object o) {
        return o instanceof FlowKey k && Objects.equals(a, k.a) && Objects.equals(b, k.b);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(a) * 31 + Objects.hashCode(b);
    }

    /** Whether a packet from {@code src} goes from the lesser endpoint to the greater. */
    boolean forward(Endpoint src) {
        return src.equals(a);
    }
}
