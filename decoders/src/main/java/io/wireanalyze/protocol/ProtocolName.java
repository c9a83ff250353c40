package io.wireanalyze.protocol;

/**
 * A protocol's name in the reports (a connection's and a message's {@code protocol}): stable, lower case. Each
 * protocol package declares its own; a layered protocol (JRMP inside HTTP) has a name of its own, {@code http-rmi}.
 */
public record ProtocolName(String label) {

    /** No decoder claimed the connection: its bytes are accounted as unparsed. */
    public static final ProtocolName UNKNOWN = new ProtocolName("unknown");

    /**
     * Written out, as the record's own would be (the same fields compared, the same hash): the record's own go through
     * method handles, which C1's code calls for every comparison (a TLS session asks for each record it reads whether
     * its inner protocol is known).
     */
    @Override
    public boolean equals(Object o) {
        return o == this || o instanceof ProtocolName p && java.util.Objects.equals(label, p.label);
    }

    @Override
    public int hashCode() {
        return java.util.Objects.hashCode(label);
    }

    @Override
    public String toString() {
        return label;
    }
}
