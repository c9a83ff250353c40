package io.wireanalyze.protocol.jrmp;

/**
 * Java Remote Method Protocol constants. Java RMI Specification, chapter 10 "RMI Wire Protocol"
 * (10.2 Format of an Output Stream, 10.3 Format of an Input Stream), and the JDK's
 * sun.rmi.transport.TransportConstants. Wireshark's packet-rmi.c uses the same values (rmi.*).
 */
final class JrmpConstants {

    /** "JRMI": the transport header's magic. */
    static final int MAGIC = 0x4a524d49;
    static final int HEADER_LENGTH = 7;           // magic (4), version (2), protocol (1)
    static final int STREAM_PROTOCOL = 0x4b;      // StreamProtocol
    static final int SINGLE_OP_PROTOCOL = 0x4c;   // SingleOpProtocol
    static final int MULTIPLEX_PROTOCOL = 0x4d;   // MultiplexProtocol
    static final int PROTOCOL_ACK = 0x4e;         // ProtocolAck
    static final int PROTOCOL_NACK = 0x4f;        // ProtocolNack
    static final int CALL = 0x50;                 // Call
    static final int RETURN_DATA = 0x51;          // ReturnData
    static final int PING = 0x52;                 // Ping
    static final int PING_ACK = 0x53;             // PingAck
    static final int DGC_ACK = 0x54;              // DgcAck

    /** ReturnData's first byte inside its block data: sun.rmi.transport.TransportConstants.NormalReturn. */
    static final int NORMAL_RETURN = 1;
    static final int EXCEPTIONAL_RETURN = 2;

    /** java.rmi.server.UID on the wire: unique (int), time (long), count (short). */
    static final int UID_LENGTH = 14;
    /** java.rmi.server.ObjID on the wire: objNum (long) and its UID. */
    static final int OBJID_LENGTH = 8 + UID_LENGTH;
    /** A Call's header inside its first block data: ObjID, operation (int), hash (long). */
    static final int CALL_HEADER_LENGTH = OBJID_LENGTH + 4 + 8;
    /** A ReturnData's header inside its first block data: return type (byte) and the ack UID. */
    static final int RETURN_HEADER_LENGTH = 1 + UID_LENGTH;
    static final int DGC_ACK_LENGTH = 1 + UID_LENGTH;

    /** java.rmi.server.ObjID well-known object numbers. */
    static final long REGISTRY_ID = 0;
    static final long ACTIVATOR_ID = 1;
    static final long DGC_ID = 2;

    /** sun.rmi.registry.RegistryImpl_Stub.interfaceHash. */
    static final long REGISTRY_INTERFACE_HASH = 0x44154dc9d4e63bdfL;
    /** sun.rmi.transport.DGCImpl_Stub.interfaceHash. */
    static final long DGC_INTERFACE_HASH = 0xf6b6898d8bf28643L;

    /** java.rmi.registry.Registry operations, in RegistryImpl_Stub's operation order. */
    static final String[] REGISTRY_OPS = {"bind", "list", "lookup", "rebind", "unbind"};
    /** java.rmi.dgc.DGC operations, in DGCImpl_Stub's operation order. */
    static final String[] DGC_OPS = {"clean", "dirty"};

    /** Serialization stream header that opens every Call and ReturnData (STREAM_MAGIC, STREAM_VERSION). */
    static final int SERIAL_HEADER = 0xaced0005;

    private JrmpConstants() {
    }
}
