package io.wireanalyze.protocol.burlap;

import io.wireanalyze.protocol.MessageType;

/** Burlap messages in the report's words (Caucho, "Burlap 1.0 Specification"). */
public enum BurlapMessageType implements MessageType {
    /** {@code <burlap:call>}: headers, {@code <method>}, the arguments. */
    CALL,
    /** {@code <burlap:reply>} with a value. */
    REPLY,
    /** {@code <burlap:reply>} with a {@code <fault>}. */
    FAULT;

    @Override
    public String toString() {
        return label();
    }
}
