package io.wireanalyze.protocol.jrmp;

import io.wireanalyze.protocol.MessageType;

/** JRMP messages (Java RMI Specification 10.2 and 10.3), in the report's words. */
public enum JrmpMessageType implements MessageType {
    /** The client's transport header: "JRMI", version, protocol (StreamProtocol 0x4b, SingleOpProtocol 0x4c...). */
    HEADER,
    /** ProtocolAck 0x4e with the endpoint the server sees the client at. */
    PROTOCOL_ACK,
    /** ProtocolNack 0x4f. */
    PROTOCOL_NACK,
    /** The client's EndpointIdentifier after the ProtocolAck. */
    ENDPOINT,
    /** Call 0x50 and its serialization stream. */
    CALL,
    /** ReturnData 0x51 and its serialization stream. */
    RETURN,
    /** Ping 0x52. */
    PING,
    /** PingAck 0x53. */
    PING_ACK,
    /** DgcAck 0x54 with the UID of the return it acknowledges. */
    DGC_ACK;
}
