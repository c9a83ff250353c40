package io.wireanalyze.protocol;

/**
 * A protocol's name in the reports (a connection's and a message's {@code protocol}): stable, lower case. Each
 * protocol package declares its own; a layered protocol (JRMP inside HTTP) has a name of its own, {@code http-rmi}.
 */
public record ProtocolName(String label) {

    /** No decoder claimed the connection: its bytes are accounted as unparsed. */
    public static final ProtocolName UNKNOWN = new ProtocolName("unknown");

    @Override
    public String toString() {
        return label;
    }
}
