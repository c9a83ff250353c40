package io.wireanalyze.workloads;

import picocli.CommandLine.Option;

/** {@code --http-port}: the port of the workload's web server (Jetty), for the workloads served over HTTP. */
public final class HttpPortOption implements OptionGroup {
    public static final int DEFAULT_PORT = 8080;

    @Option(names = "--http-port", paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Port of the web server, on 127.0.0.1 or on an emulated network the servers' address (default: 8080).")
    int httpPort = DEFAULT_PORT;

    public int port() {
        return httpPort;
    }
}
