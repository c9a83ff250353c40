package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LaunchSettings;

import java.util.Objects;

/**
 * How {@link IiopWorkload} runs: the naming service's port (the JacORB name server JVM) and the benchmark
 * object's port (the server JVM, JacORB {@code OAPort}), both on 127.0.0.1; the name the object is bound
 * under; the GIOP version of the naming traffic (the corbaloc the server and clients resolve
 * {@code NameService} with); the IDL string type of payload {@code chars:N}; and the launch settings (their
 * class path is replaced by JacORB's, see {@link io.wireanalyze.workloads.OrbLibrary}).
 */
public record IiopConfig(int namingPort, int objectPort, String name, GiopVersion namingGiop, IdlString chars,
                         LaunchSettings launch) {
    public static final int DEFAULT_NAMING_PORT = 1050;
    public static final int DEFAULT_OBJECT_PORT = 1051;
    public static final String DEFAULT_NAME = "BenchService";
    public static final GiopVersion DEFAULT_NAMING_GIOP = GiopVersion.V1_2;

    public IiopConfig {
        checkPort("namingPort", namingPort);
        checkPort("objectPort", objectPort);
        if (namingPort == objectPort)
            throw new IllegalArgumentException("objectPort: " + objectPort + " (expected: not the naming port: they are two JVMs)");
        Objects.requireNonNull(name, "name");
        if (name.isEmpty()) throw new IllegalArgumentException("name: '' (expected: non-empty)");
        Objects.requireNonNull(namingGiop, "namingGiop");
        Objects.requireNonNull(chars, "chars");
        Objects.requireNonNull(launch, "launch");
    }

    /** Ports 1050 and 1051, name BenchService, naming over GIOP 1.2, IDL string, {@link LaunchSettings#defaults()}. */
    public static IiopConfig defaults() {
        return new IiopConfig(DEFAULT_NAMING_PORT, DEFAULT_OBJECT_PORT, DEFAULT_NAME, DEFAULT_NAMING_GIOP,
                IdlString.STRING, LaunchSettings.defaults());
    }

    public IiopConfig withPorts(int naming, int object) {
        return new IiopConfig(naming, object, name, namingGiop, chars, launch);
    }

    public IiopConfig withName(String n) {
        return new IiopConfig(namingPort, objectPort, n, namingGiop, chars, launch);
    }

    public IiopConfig withNamingGiop(GiopVersion v) {
        return new IiopConfig(namingPort, objectPort, name, v, chars, launch);
    }

    public IiopConfig withChars(IdlString s) {
        return new IiopConfig(namingPort, objectPort, name, namingGiop, s, launch);
    }

    public IiopConfig withLaunch(LaunchSettings l) {
        return new IiopConfig(namingPort, objectPort, name, namingGiop, chars, l);
    }

    private static void checkPort(String what, int port) {
        if (port < 1 || port > 65535) throw new IllegalArgumentException(what + ": " + port + " (expected: 1..65535)");
    }
}
