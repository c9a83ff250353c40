package io.wireanalyze.phase;

/**
 * Where a packet's cost goes. Every TCP packet of a capture belongs to exactly one phase. The names are an
 * interface people script against (report columns and JSON keys): add, never rename.
 */
public enum Phase {
    /** SYN, SYN-ACK and the handshake's ACK. */
    TCP_SETUP("tcp-setup"),
    /** Protocol-level connection set-up: the JRMP transport header, ProtocolAck, endpoints; GIOP LocateRequest. */
    HANDSHAKE("handshake"),
    /** Naming service traffic: RMI registry calls and returns, COS Naming. */
    NAMING("naming"),
    /** Distributed garbage collection: DGC dirty and clean calls, their returns, DgcAck. */
    DGC("dgc"),
    /** Application calls and their returns. */
    INVOCATION("invocation"),
    /** Liveness checks: JRMP Ping and PingAck. */
    KEEPALIVE("keepalive"),
    /** FIN, RST and the ACKs answering them. */
    TCP_TEARDOWN("tcp-teardown"),
    /** Bytes no decoder claimed: unknown protocols, gaps, malformed input. */
    UNPARSED("unparsed");

    private final String label;

    Phase(String label) {
        this.label = label;
    }

    /** The stable name used in reports and JSON. */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
