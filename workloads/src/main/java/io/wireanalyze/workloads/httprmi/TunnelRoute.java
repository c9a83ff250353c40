package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.ServerConfig;

import java.net.URI;
import java.util.Objects;
import java.util.Optional;

/**
 * How a tunnelled RMI client reaches the RMI server: POSTs to the web server's tunnelling servlet on the servers' address ({@link Loopback#host()})
 * ({@value #CGI_PATH}, the path JDK 1.1 to 8 clients posted to), directly or through the forward HTTP proxy.
 *
 * @param proxyPort the proxy's port; only used {@link Via#PROXY via the proxy}
 */
public record TunnelRoute(Via via, int httpPort, int proxyPort) {
    /** Where JDK 1.1 to 8 RMI clients posted (sun.rmi.transport.proxy.RMIHttpToCGISocketFactory). */
    public static final String CGI_PATH = "/cgi-bin/java-rmi.cgi";
    public static final int DEFAULT_HTTP_PORT = 8080;
    public static final int DEFAULT_PROXY_PORT = 3128;

    public TunnelRoute {
        Objects.requireNonNull(via, "via");
        ServerConfig.checkPort("httpPort", httpPort);
        ServerConfig.checkPort("proxyPort", proxyPort);
        if (via == Via.PROXY && proxyPort == httpPort)
            throw new IllegalArgumentException("proxyPort: " + proxyPort + " (expected: not the web server's port)");
    }

    /** Directly to Jetty on 8080. */
    public static TunnelRoute direct() {
        return new TunnelRoute(Via.DIRECT, DEFAULT_HTTP_PORT, DEFAULT_PROXY_PORT);
    }

    /** {@code http://127.0.0.1:<httpPort>/cgi-bin/java-rmi.cgi}. */
    public URI cgi() {
        return URI.create("http://" + new HostPort(Loopback.host(), httpPort) + CGI_PATH);
    }

    /** The proxy, when the route goes through it. */
    public Optional<HostPort> proxy() {
        return via == Via.PROXY ? Optional.of(new HostPort(Loopback.host(), proxyPort)) : Optional.empty();
    }
}
