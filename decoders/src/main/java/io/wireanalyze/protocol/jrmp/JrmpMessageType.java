package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.MessageType;

/** JRMP messages (Java RMI Specification 10.2 and 10.3), in the report's words. */
public enum JrmpMessageType implements MessageType {
    /** The client's transport header: "JRMI", version, protocol (StreamProtocol 0x4b, SingleOpProtocol 0x4c...). */
    HEADER("header"),
    /** ProtocolAck 0x4e with the endpoint the server sees the client at. */
    PROTOCOL_ACK("protocol-ack"),
    /** ProtocolNack 0x4f. */
    PROTOCOL_NACK("protocol-nack"),
    /** The client's EndpointIdentifier after the ProtocolAck. */
    ENDPOINT("endpoint"),
    /** Call 0x50 and its serialization stream. */
    CALL("call"),
    /** ReturnData 0x51 and its serialization stream. */
    RETURN("return"),
    /** Ping 0x52. */
    PING("ping"),
    /** PingAck 0x53. */
    PING_ACK("ping-ack"),
    /** DgcAck 0x54 with the UID of the return it acknowledges. */
    DGC_ACK("dgc-ack");

    private final String label;

    JrmpMessageType(String label) {
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
