package io.wireanalyze.workloads;

import java.util.Objects;

/**
 * Where a workload's servers listen and how its JVMs are launched, the same shape for every workload: the naming
 * port (the RMI registry, or a COS Naming service), the object port, both on the placement's server address
 * (127.0.0.1 by default, {@link #host()}), the name the object is bound under, and the launch settings. What only one workload has (a GIOP version, an IDL string type, HTTP
 * ports) is an argument of that workload's constructor.
 */
public record ServerConfig(int namingPort, int objectPort, String name, LaunchSettings launch) {
    public static final String DEFAULT_NAME = "BenchService";

    public ServerConfig {
        checkPort("namingPort", namingPort);
        checkPort("objectPort", objectPort);
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) throw new IllegalArgumentException("name: '' (expected: non-empty)");
        Objects.requireNonNull(launch, "launch");
    }

    /** The two ports, name BenchService, {@link LaunchSettings#defaults()}. */
    public static ServerConfig of(int namingPort, int objectPort) {
        return new ServerConfig(namingPort, objectPort, DEFAULT_NAME, LaunchSettings.defaults());
    }

    public ServerConfig withPorts(int naming, int object) {
        return new ServerConfig(naming, object, name, launch);
    }

    public ServerConfig withName(String n) {
        return new ServerConfig(namingPort, objectPort, n, launch);
    }

    public ServerConfig withLaunch(LaunchSettings l) {
        return new ServerConfig(namingPort, objectPort, name, l);
    }

    /** The server JVMs get {@code -Dkey=value}, e.g. {@code java.rmi.dgc.leaseValue}. */
    public ServerConfig withServerProperty(String key, String value) {
        return withLaunch(launch.withServerProperty(key, value));
    }

    /** The address the servers listen on and advertise: the launch settings' placement's. */
    public String host() {
        return launch.placement().serverHost();
    }

    /** {@link #host()}:{@code port}. */
    public HostPort at(int port) {
        return launch.placement().server(port);
    }

    /**
     * This config, or an exception when the naming service and the object share a port where they cannot: they
     * are two listeners (two JVMs for iiop, two listen sockets of one ORB for rmi-iiop).
     */
    public ServerConfig requireDistinctPorts() {
        if (namingPort == objectPort)
            throw new IllegalArgumentException("objectPort: " + objectPort + " (expected: not the naming port)");
        return this;
    }

    public static void checkPort(String what, int port) {
        if (port < 1 || port > 65535) throw new IllegalArgumentException(what + ": " + port + " (expected: 1..65535)");
    }
}
