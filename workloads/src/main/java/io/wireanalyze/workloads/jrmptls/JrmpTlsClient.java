package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.jrmp.JrmpClient;
import io.wireanalyze.workloads.jrmp.RmiSockets;

import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * The jrmp-tls client: {@link JrmpClient} (same command line, same records) reaching the registry through
 * {@link SslRMIClientSocketFactory}; the stub it gets back carries the same factory, so the calls and the DGC go over
 * TLS too. JSSE's {@code javax.net.ssl.trustStore} properties name the server's certificate, and
 * {@code javax.rmi.ssl.client.enabledProtocols} the version offered.
 */
public final class JrmpTlsClient {

    private JrmpTlsClient() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        System.exit(JrmpClient.run("jrmp-tls client", new RmiSockets(new SslRMIClientSocketFactory(), null), args, System.out, System.err));
    }
}
