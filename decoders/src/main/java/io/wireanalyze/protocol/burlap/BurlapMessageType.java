package io.wireanalyze.protocol.burlap;

import io.wireanalyze.protocol.MessageType;

/** Burlap messages in the report's words (Caucho, "Burlap 1.0 Specification"). */
public enum BurlapMessageType implements MessageType {
    /** {@code <burlap:call>}: headers, {@code <method>}, the arguments. */
    CALL("call"),
    /** {@code <burlap:reply>} with a value. */
    REPLY("reply"),
    /** {@code <burlap:reply>} with a {@code <fault>}. */
    FAULT("fault");

    private final String label;

    BurlapMessageType(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
