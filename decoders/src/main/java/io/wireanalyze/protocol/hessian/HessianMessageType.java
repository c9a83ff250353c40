package io.wireanalyze.protocol.hessian;

import io.wireanalyze.protocol.MessageType;

/** Hessian messages in the report's words. Hessian 2.0 Web Services Protocol, "Messages and Envelopes". */
public enum HessianMessageType implements MessageType {
    /** A call: Hessian 1 {@code c 0x01 0x00 m}, Hessian 2 {@code H 0x02 0x00 C} (or the draft's {@code c 0x02 0x00}). */
    CALL,
    /** A reply with a value: Hessian 1 {@code r 0x01 0x00}, Hessian 2 {@code H 0x02 0x00 R}. */
    REPLY,
    /** A reply with a fault: Hessian 1 {@code r 0x01 0x00 f}, Hessian 2 {@code H 0x02 0x00 F}. */
    FAULT;

    @Override
    public String toString() {
        return label();
    }
}
