package io.wireanalyze.workloads;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How a workload launches its server and client JVMs, protocol-independent.
 *
 * @param java             the {@code java} executable; default {@code ${java.home}/bin/java}
 * @param classPath        the children's class path; default this JVM's {@code java.class.path}. The CORBA
 *                         workloads replace it with their stack's class path ({@link StackLibrary#classPath()})
 * @param jvmOptions       extra options for every child before the main class, e.g. {@code -Xmx256m}
 * @param serverProperties extra {@code -Dkey=value} for the server JVM, e.g. {@code java.rmi.dgc.leaseValue}
 * @param clientProperties extra {@code -Dkey=value} for each client JVM
 * @param startTimeout     how long the server may take to print its READY line
 * @param clientTimeout    how long a whole client run (all client JVMs) may take
 * @param stopGrace        how long a stopping child gets after its stdin closes before it is destroyed
 * @param placement        where the JVMs sit on the network; default {@link Placement#LOOPBACK}
 * @param recordings       where every child JVM writes its JDK Flight Recorder file ({@link FlightRecording}); empty:
 *                         none is recorded (the default)
 */
public record LaunchSettings(Path java, String classPath, List<String> jvmOptions,
                             Map<String, String> serverProperties, Map<String, String> clientProperties,
                             Duration startTimeout, Duration clientTimeout, Duration stopGrace, Placement placement,
                             Optional<Path> recordings) {

    /** Without recordings. */
    public LaunchSettings(Path java, String classPath, List<String> jvmOptions, Map<String, String> serverProperties,
                          Map<String, String> clientProperties, Duration startTimeout, Duration clientTimeout, Duration stopGrace,
                          Placement placement) {
        this(java, classPath, jvmOptions, serverProperties, clientProperties, startTimeout, clientTimeout, stopGrace, placement, Optional.empty());
    }

    public LaunchSettings {
        Objects.requireNonNull(java, "java");
        Objects.requireNonNull(classPath, "classPath");
        jvmOptions = List.copyOf(jvmOptions);
        serverProperties = sortedCopy(serverProperties);
        clientProperties = sortedCopy(clientProperties);
        requirePositive("startTimeout", startTimeout);
        requirePositive("clientTimeout", clientTimeout);
        Objects.requireNonNull(stopGrace, "stopGrace");
        if (stopGrace.isNegative()) throw new IllegalArgumentException("stopGrace: " + stopGrace + " (expected: >= 0)");
        Objects.requireNonNull(placement, "placement");
        Objects.requireNonNull(recordings, "recordings");
    }

    /** This JVM's java and class path, no extra options or properties, 30 s start, 10 min clients, 5 s grace, loopback. */
    public static LaunchSettings defaults() {
        return new LaunchSettings(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.class.path"), List.of(), Map.of(), Map.of(),
                Duration.ofSeconds(30), Duration.ofMinutes(10), Duration.ofSeconds(5), Placement.LOOPBACK);
    }

    public LaunchSettings withClassPath(String path) {
        return new LaunchSettings(java, path, jvmOptions, serverProperties, clientProperties, startTimeout, clientTimeout, stopGrace, placement, recordings);
    }

    public LaunchSettings withServerProperty(String key, String value) {
        Map<String, String> m = new TreeMap<>(serverProperties);
        m.put(key, value);
        return new LaunchSettings(java, classPath, jvmOptions, m, clientProperties, startTimeout, clientTimeout, stopGrace, placement, recordings);
    }

    public LaunchSettings withClientProperty(String key, String value) {
        Map<String, String> m = new TreeMap<>(clientProperties);
        m.put(key, value);
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, m, startTimeout, clientTimeout, stopGrace, placement, recordings);
    }

    public LaunchSettings withJvmOptions(List<String> options) {
        return new LaunchSettings(java, classPath, options, serverProperties, clientProperties, startTimeout, clientTimeout, stopGrace, placement, recordings);
    }

    public LaunchSettings withStartTimeout(Duration d) {
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, clientProperties, d, clientTimeout, stopGrace, placement, recordings);
    }

    public LaunchSettings withClientTimeout(Duration d) {
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, clientProperties, startTimeout, d, stopGrace, placement, recordings);
    }

    public LaunchSettings withStopGrace(Duration d) {
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, clientProperties, startTimeout, clientTimeout, d, placement, recordings);
    }

    public LaunchSettings withPlacement(Placement p) {
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, clientProperties, startTimeout, clientTimeout, stopGrace, p, recordings);
    }

    /** Every child JVM records itself with JDK Flight Recorder into {@code dir} ({@link FlightRecording}). */
    public LaunchSettings withRecordings(Path dir) {
        return new LaunchSettings(java, classPath, jvmOptions, serverProperties, clientProperties, startTimeout, clientTimeout, stopGrace, placement,
                Optional.of(dir));
    }

    private static Map<String, String> sortedCopy(Map<String, String> m) {
        m.forEach((k, v) -> {
            if (k.isEmpty() || k.contains("=")) throw new IllegalArgumentException("property name: '" + k + "' (expected: non-empty, no '=')");
            Objects.requireNonNull(v, k);
        });
        return Collections.unmodifiableMap(new TreeMap<>(m));
    }

    private static void requirePositive(String what, Duration d) {
        Objects.requireNonNull(d, what);
        if (d.isNegative() || d.isZero()) throw new IllegalArgumentException(what + ": " + d + " (expected: > 0)");
    }
}
