package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.jrmp.JrmpClient;

import java.io.IOException;
import java.rmi.server.RMISocketFactory;
import java.time.Duration;
import java.util.Optional;

/**
 * The http-rmi benchmark client: the JRMP client ({@link JrmpClient}, same command line, same records) with
 * {@link TunnelSocketFactory} installed first, so its registry lookup, DGC calls and application calls travel
 * as POSTs. System properties: {@value #HTTP_PORT_PROPERTY} (the web server on 127.0.0.1, required) and
 * {@value #PROXY_PORT_PROPERTY} (the forward proxy on 127.0.0.1; absent: directly).
 */
public final class HttpRmiClient {
    public static final String HTTP_PORT_PROPERTY = "wireanalyze.httprmi.http-port";
    public static final String PROXY_PORT_PROPERTY = "wireanalyze.httprmi.proxy-port";
    /** How long one POST may take: the largest payload's call included. */
    static final Duration POST_TIMEOUT = Duration.ofSeconds(60);
    private static final String KIND = "http-rmi client";

    private HttpRmiClient() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        Parsed<TunnelRoute> route = route(System.getProperty(HTTP_PORT_PROPERTY), Optional.ofNullable(System.getProperty(PROXY_PORT_PROPERTY)));
        if (route.error().isPresent()) {
            System.err.println(KIND + ": " + route.error().get());
            System.exit(1);
        }
        try {
            RMISocketFactory.setSocketFactory(new TunnelSocketFactory(route.orElseThrow(), POST_TIMEOUT));
        } catch (IOException e) {
            System.err.println(KIND + ": socket factory: " + e.getMessage() + " (expected: none set before)");
            System.exit(1);
        }
        System.exit(JrmpClient.run(KIND, args, System.out, System.err));
    }

    static Parsed<TunnelRoute> route(String httpPort, Optional<String> proxyPort) {
        Parsed<Integer> web = port(HTTP_PORT_PROPERTY, httpPort);
        if (web.error().isPresent() || proxyPort.isEmpty())
            return web.map(w -> new TunnelRoute(Via.DIRECT, w, TunnelRoute.DEFAULT_PROXY_PORT));
        return port(PROXY_PORT_PROPERTY, proxyPort.get()).map(p -> new TunnelRoute(Via.PROXY, web.orElseThrow(), p));
    }

    private static Parsed<Integer> port(String property, String value) {
        if (value == null) return Parsed.invalid("-D" + property + ": missing (expected: a port 1..65535)");
        Parsed<Integer> p = HostPort.parsePort(value);
        return p.error().isPresent() ? Parsed.invalid("-D" + property + ": " + p.error().get()) : p;
    }
}
