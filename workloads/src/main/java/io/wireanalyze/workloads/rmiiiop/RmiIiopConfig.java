package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LaunchSettings;

import java.util.Objects;

/**
 * How {@link RmiIiopWorkload} runs: the naming port (a listen socket of the server's ORB, where its
 * TransientNameService answers corbaloc requests) and the object port (the ORB's server port, written into
 * the object's IOR), both on 127.0.0.1; the bound name; the GIOP version of the clients' naming corbaloc;
 * and the launch settings (their class path is replaced by the GlassFish ORB's, see
 * {@link io.wireanalyze.workloads.OrbLibrary}).
 */
public record RmiIiopConfig(int namingPort, int objectPort, String name, GiopVersion namingGiop, LaunchSettings launch) {
    public static final int DEFAULT_NAMING_PORT = 1060;
    public static final int DEFAULT_OBJECT_PORT = 1061;
    public static final String DEFAULT_NAME = "BenchService";
    public static final GiopVersion DEFAULT_NAMING_GIOP = GiopVersion.V1_2;

    public RmiIiopConfig {
        checkPort("namingPort", namingPort);
        checkPort("objectPort", objectPort);
        if (namingPort == objectPort)
            throw new IllegalArgumentException("objectPort: " + objectPort + " (expected: not the naming port)");
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) throw new IllegalArgumentException("name: '' (expected: non-empty)");
        Objects.requireNonNull(namingGiop, "namingGiop");
        Objects.requireNonNull(launch, "launch");
    }

    /** Ports 1060 and 1061, name BenchService, naming over GIOP 1.2, {@link LaunchSettings#defaults()}. */
    public static RmiIiopConfig defaults() {
        return new RmiIiopConfig(DEFAULT_NAMING_PORT, DEFAULT_OBJECT_PORT, DEFAULT_NAME, DEFAULT_NAMING_GIOP,
                LaunchSettings.defaults());
    }

    public RmiIiopConfig withPorts(int naming, int object) {
        return new RmiIiopConfig(naming, object, name, namingGiop, launch);
    }

    public RmiIiopConfig withName(String n) {
        return new RmiIiopConfig(namingPort, objectPort, n, namingGiop, launch);
    }

    public RmiIiopConfig withNamingGiop(GiopVersion v) {
        return new RmiIiopConfig(namingPort, objectPort, name, v, launch);
    }

    public RmiIiopConfig withLaunch(LaunchSettings l) {
        return new RmiIiopConfig(namingPort, objectPort, name, namingGiop, l);
    }

    private static void checkPort(String what, int port) {
        if (port < 1 || port > 65535) throw new IllegalArgumentException(what + ": " + port + " (expected: 1..65535)");
    }
}
