package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.ParsedConverter;
import picocli.CommandLine.Option;

/**
 * {@code --via}, {@code --proxy-port}: the HTTP route of tunnelled RMI; its web server's port is the shared
 * {@link io.wireanalyze.workloads.HttpPortOption} (its default, 8080, is {@link TunnelRoute#DEFAULT_HTTP_PORT}).
 */
public final class HttpRmiOptions implements OptionGroup {

    @Option(names = "--via", paramLabel = "ROUTE",
            description = "How the client's POSTs reach the web server: ${COMPLETION-CANDIDATES} (default: direct); proxy goes through the workload's forward HTTP proxy.")
    Via via = Via.DIRECT;

    @Option(names = "--proxy-port", paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Port of the forward HTTP proxy, with --via proxy (default: 3128).")
    int proxyPort = TunnelRoute.DEFAULT_PROXY_PORT;

    /** The route to the web server on {@code httpPort}. */
    public TunnelRoute route(int httpPort) {
        return new TunnelRoute(via, httpPort, proxyPort);
    }
}
