package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.LaunchSettings;

import java.time.Duration;
import java.util.Objects;

/**
 * How {@link JrmpWorkload} runs: the registry and object ports (both on 127.0.0.1), the bound name, and the
 * launch settings (extra server/client system properties, timeouts).
 */
public record JrmpConfig(int registryPort, int objectPort, String name, LaunchSettings launch) {
    public static final int DEFAULT_REGISTRY_PORT = 1099;
    public static final int DEFAULT_OBJECT_PORT = 1100;
    public static final String DEFAULT_NAME = "BenchService";
    /** The server's DGC lease in ms; clients renew at half of it (JDK default 600000). */
    public static final String LEASE_VALUE_PROPERTY = "java.rmi.dgc.leaseValue";

    public JrmpConfig {
        checkPort("registryPort", registryPort);
        checkPort("objectPort", objectPort);
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) throw new IllegalArgumentException("name: '' (expected: non-empty)");
        Objects.requireNonNull(launch, "launch");
    }

    /** Ports 1099 and 1100, name BenchService, {@link LaunchSettings#defaults()}. */
    public static JrmpConfig defaults() {
        return new JrmpConfig(DEFAULT_REGISTRY_PORT, DEFAULT_OBJECT_PORT, DEFAULT_NAME, LaunchSettings.defaults());
    }

    public JrmpConfig withPorts(int registry, int object) {
        return new JrmpConfig(registry, object, name, launch);
    }

    public JrmpConfig withName(String n) {
        return new JrmpConfig(registryPort, objectPort, n, launch);
    }

    public JrmpConfig withLaunch(LaunchSettings l) {
        return new JrmpConfig(registryPort, objectPort, name, l);
    }

    /** The server JVM gets {@code -Djava.rmi.dgc.leaseValue=<ms>} (for lease-renewal captures). */
    public JrmpConfig withLeaseValue(Duration lease) {
        if (lease.toMillis() < 1) throw new IllegalArgumentException("lease: " + lease + " (expected: >= 1 ms)");
        return withLaunch(launch.withServerProperty(LEASE_VALUE_PROPERTY, Long.toString(lease.toMillis())));
    }

    private static void checkPort(String what, int port) {
        if (port < 1 || port > 65535) throw new IllegalArgumentException(what + ": " + port + " (expected: 1..65535)");
    }
}
