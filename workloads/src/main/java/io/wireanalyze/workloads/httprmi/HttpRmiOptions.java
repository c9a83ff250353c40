package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.OptionGroup;
import io.wireanalyze.workloads.ParsedConverter;
import picocli.CommandLine.Option;

/** {@code --via}, {@code --http-port}, {@code --proxy-port}: the HTTP route of tunnelled RMI. */
public final class HttpRmiOptions implements OptionGroup {

    @Option(names = "--via", paramLabel = "ROUTE", converter = Via.Converter.class, completionCandidates = Via.Names.class,
            description = "How the client's POSTs reach the web server: ${COMPLETION-CANDIDATES} (default: direct); proxy goes through the workload's forward HTTP proxy.")
    Via via = Via.DIRECT;

    @Option(names = "--http-port", paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Port of the web server (Jetty) with the tunnelling servlet " + TunnelRoute.CGI_PATH + " (default: 8080).")
    int httpPort = TunnelRoute.DEFAULT_HTTP_PORT;

    @Option(names = "--proxy-port", paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Port of the forward HTTP proxy, with --via proxy (default: 3128).")
    int proxyPort = TunnelRoute.DEFAULT_PROXY_PORT;

    public TunnelRoute route() {
        return new TunnelRoute(via, httpPort, proxyPort);
    }
}
