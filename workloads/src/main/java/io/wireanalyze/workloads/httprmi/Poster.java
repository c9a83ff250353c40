package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;

import java.io.IOException;

/**
 * How a {@link TunnelSocket} sends one JRMP message as one HTTP POST and gets the reply body: to the tunnelling servlet
 * ({@link HttpTunnel}, HTTP-to-servlet) or to the RMI server's own port ({@link PortPost}, HTTP-to-port).
 */
interface Poster {

    /**
     * POSTs {@code message} (a Call or DgcAck, op byte first) behind the SingleOp header for the RMI server at {@code server}.
     *
     * @return the reply body: the ReturnData for a Call; for a DgcAck whatever the server sent (nothing, or JDK 8's one 0 byte)
     */
    byte[] post(HostPort server, byte[] message) throws IOException;

    /** Where the POSTs go, for messages: {@code POST http://127.0.0.1:8080/cgi-bin/java-rmi.cgi}. */
    String describe();
}
