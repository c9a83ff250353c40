package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;

/**
 * RMI over HTTP on today's JDKs, public API only: every client connection of the RMI runtime becomes a
 * {@link TunnelSocket} whose JRMP messages travel as HTTP POSTs to the route's tunnelling servlet (JDK 9
 * removed the JDK's own HTTP tunnelling client). Installed process-wide with
 * {@link RMISocketFactory#setSocketFactory}, it carries the registry lookup, the DGC's dirty and clean calls and
 * the application's calls. Server sockets are the JDK's.
 */
public final class TunnelSocketFactory extends RMISocketFactory {
    private final HttpTunnel tunnel;

    /** @param timeout how long one POST may take, connection and reply */
    public TunnelSocketFactory(TunnelRoute route, Duration timeout) {
        this.tunnel = new HttpTunnel(route, timeout);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return new TunnelSocket(tunnel, new HostPort(host, port));
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        return RMISocketFactory.getDefaultSocketFactory().createServerSocket(port);
    }
}
