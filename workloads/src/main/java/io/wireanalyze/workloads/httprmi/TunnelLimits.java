package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Parsed;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the tunnelling servlet (and the proxy) forward to and how long they wait. No Jetty or Netty class here:
 * the CLI, which has neither, builds the servers' command lines with it.
 *
 * @param allowedPorts   the only ports of 127.0.0.1 {@code ?forward=} may name: the workload's own RMI ports
 * @param maxBodyBytes   the largest request body, and the largest reply, in bytes
 * @param backendTimeout how long connecting to the RMI server, and then its reply, may take
 * @param idleTimeout    how long a client may leave its connection silent, also in the middle of a body
 */
public record TunnelLimits(Set<Integer> allowedPorts, int maxBodyBytes, Duration backendTimeout, Duration idleTimeout) {
    /** The command line of the web server and proxy mains: {@code --port 8080 --allow 1099,1100}. */
    static final String PORT = "--port", ALLOW = "--allow";
    /** 64 MiB: the largest payload, ints:10000000, is a 40 MB call. */
    public static final int DEFAULT_MAX_BODY_BYTES = 64 << 20;
    public static final Duration DEFAULT_BACKEND_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);

    public TunnelLimits {
        allowedPorts = Set.copyOf(new TreeSet<>(allowedPorts));
        if (allowedPorts.isEmpty()) throw new IllegalArgumentException("allowedPorts: none (expected: the RMI server's ports)");
        if (maxBodyBytes < SingleOp.HEADER_BYTES + 1)
            throw new IllegalArgumentException("maxBodyBytes: " + maxBodyBytes + " (expected: >= " + (SingleOp.HEADER_BYTES + 1) + ")");
        Objects.requireNonNull(backendTimeout, "backendTimeout");
        Objects.requireNonNull(idleTimeout, "idleTimeout");
    }

    public static TunnelLimits allowing(Set<Integer> ports) {
        return new TunnelLimits(ports, DEFAULT_MAX_BODY_BYTES, DEFAULT_BACKEND_TIMEOUT, DEFAULT_IDLE_TIMEOUT);
    }

    /** A comma-separated list of ports, {@code 1099,1100}, as the servers' {@code --allow} takes it. */
    static Parsed<Set<Integer>> ports(String list) {
        Set<Integer> ports = new TreeSet<>();
        for (String p : list.split(",")) {
            Parsed<Integer> one = HostPort.parsePort(p.strip());
            if (one.error().isPresent()) return Parsed.invalid("option " + ALLOW + ": " + one.error().get());
            ports.add(one.orElseThrow());
        }
        return Parsed.ok(Set.copyOf(ports));
    }

    /** {@code ports} as {@link #ports(String)} reads them. */
    static String portList(Set<Integer> ports) {
        return String.join(",", new TreeSet<>(ports).stream().map(String::valueOf).toList());
    }

    /** The allowed ports in ascending order, for messages. */
    String allowedText() {
        return String.join(", ", new TreeSet<>(allowedPorts).stream().map(String::valueOf).toList());
    }
}
