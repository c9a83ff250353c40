package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.protocol.MessageType;

/** XML-RPC messages in the report's words (XML-RPC Specification, Dave Winer, 1999). */
public enum XmlRpcMessageType implements MessageType {
    /** {@code <methodCall>}: {@code <methodName>} and {@code <params>}. */
    CALL("call"),
    /** {@code <methodResponse>} with {@code <params>}. */
    REPLY("reply"),
    /** {@code <methodResponse>} with a {@code <fault>}. */
    FAULT("fault");

    private final String label;

    XmlRpcMessageType(String label) {
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
