package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.protocol.MessageType;

/** XML-RPC messages in the report's words (XML-RPC Specification, Dave Winer, 1999). */
public enum XmlRpcMessageType implements MessageType {
    /** {@code <methodCall>}: {@code <methodName>} and {@code <params>}. */
    CALL,
    /** {@code <methodResponse>} with {@code <params>}. */
    REPLY,
    /** {@code <methodResponse>} with a {@code <fault>}. */
    FAULT;

    @Override
    public String toString() {
        return label();
    }
}
