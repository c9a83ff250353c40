package io.wireanalyze.workloads;

import picocli.CommandLine.Option;

/** {@code --naming-port} and {@code --object-port}: where a workload's naming service and object listen. */
public final class ServerPortOptions implements OptionGroup {

    @Option(names = {"--naming-port", "--registry-port"}, paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Naming service port: the RMI registry for jrmp, http-rmi and jrmp-tls (default 1099), COS Naming for iiop (1050) and rmi-iiop (1060).")
    Integer namingPort;

    @Option(names = "--object-port", paramLabel = "PORT", converter = ParsedConverter.Port.class,
            description = "Port the remote object is served on (default: jrmp, http-rmi and jrmp-tls 1100, iiop 1051, rmi-iiop 1061).")
    Integer objectPort;

    /** {@code defaults} with the ports given on the command line. */
    public ServerConfig applyTo(ServerConfig defaults) {
        return defaults.withPorts(namingPort != null ? namingPort : defaults.namingPort(),
                objectPort != null ? objectPort : defaults.objectPort());
    }
}
