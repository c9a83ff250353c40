package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.jrmp.JrmpServer;
import io.wireanalyze.workloads.jrmp.RmiSockets;

import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.rmi.ssl.SslRMIServerSocketFactory;

/**
 * The jrmp-tls server: {@link JrmpServer} (registry and object in one JVM, the same command line and output) with
 * both exported on SSL sockets: {@link SslRMIServerSocketFactory} accepting only the TLS version named by
 * {@value #PROTOCOL_PROPERTY} ({@code TLSv1.3} or {@code TLSv1.2}), and {@link SslRMIClientSocketFactory} in the stubs.
 * Its key comes from JSSE's {@code javax.net.ssl.keyStore} properties.
 */
public final class JrmpTlsServer {
    public static final String PROTOCOL_PROPERTY = "wireanalyze.jrmptls.protocol";
    private static final String KIND = "jrmp-tls server";

    private JrmpTlsServer() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        Parsed<TlsVersionChoice> version = TlsVersionChoice.ofJsseName(System.getProperty(PROTOCOL_PROPERTY, "TLSv1.3"));
        if (version.error().isPresent()) {
            System.err.println(KIND + ": -D" + PROTOCOL_PROPERTY + ": " + version.error().get());
            System.exit(1);
        }
        RmiSockets sockets = new RmiSockets(new SslRMIClientSocketFactory(),
                new SslRMIServerSocketFactory(null, new String[]{version.orElseThrow().jsseName()}, false));
        System.exit(JrmpServer.run(KIND, sockets, args, System.in, System.out, System.err));
    }
}
