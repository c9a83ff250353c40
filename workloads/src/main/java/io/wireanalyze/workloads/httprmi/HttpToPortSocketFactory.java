package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Loopback;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;

/**
 * HTTP-to-port on today's JDKs, both sides, public API only (JDK 9 removed {@code sun.rmi.transport.proxy}). Installed
 * process-wide with {@link RMISocketFactory#setSocketFactory}, as JDK 8's {@code RMIHttpToPortSocketFactory} was:
 * <ul>
 *   <li>{@link #client(Duration)}: every connection of the RMI runtime is a {@link TunnelSocket} whose JRMP messages
 *       travel as POSTs to {@code http://HOST:PORT/}, the RMI server's own port ({@link PortPost}); the registry lookup,
 *       the DGC's calls and the application's calls alike. Server sockets are the JDK's.</li>
 *   <li>{@link #server()}: every server socket (the registry's, the object's) is a {@link PortFrontServerSocket},
 *       answering a POST on the RMI port as JDK 8's did, and plain JRMP as ever. Client sockets are the JDK's.</li>
 * </ul>
 */
public final class HttpToPortSocketFactory extends RMISocketFactory {
    private final Poster poster;

    private HttpToPortSocketFactory(Poster poster) {
        this.poster = poster;
    }

    /**
     * A main's first step: this JVM's RMI sockets from {@code factory} (and the JRMP server's address as its own), or one
     * line on stderr ({@code <kind>: socket factory: ...}) and exit 1.
     */
    static void installOrExit(String kind, HttpToPortSocketFactory factory) {
        Loopback.defaultRmiHostname();
        try {
            RMISocketFactory.setSocketFactory(factory);
        } catch (IOException e) {
            System.err.println(kind + ": socket factory: " + e.getMessage() + " (expected: none set before)");
            System.exit(1);
        }
    }

    /** The client's: each JRMP message one POST to the RMI port, each taking at most {@code timeout} to connect and then to answer. */
    public static HttpToPortSocketFactory client(Duration timeout) {
        return new HttpToPortSocketFactory(new PortPost(timeout));
    }

    /** The server's: JDK sockets out, POST-aware server sockets in. */
    public static HttpToPortSocketFactory server() {
        return new HttpToPortSocketFactory(null);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        if (poster == null) return RMISocketFactory.getDefaultSocketFactory().createSocket(host, port);
        return new TunnelSocket(poster, new HostPort(host, port));
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        if (poster != null) return RMISocketFactory.getDefaultSocketFactory().createServerSocket(port);
        return new PortFrontServerSocket(port);
    }
}
