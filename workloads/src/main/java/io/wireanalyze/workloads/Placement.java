package io.wireanalyze.workloads;

import java.util.List;
import java.util.Objects;

/**
 * Where a workload's JVMs sit on the network: the address its servers listen on and advertise (in RMI stubs and
 * IORs), the address its clients connect from, and the command that puts a server JVM where it belongs (for an
 * emulated network, {@code ip netns exec <namespace>}; nothing on loopback). Every child JVM learns both addresses
 * as {@value Loopback#HOST_PROPERTY} and {@value Loopback#CLIENT_HOST_PROPERTY} ({@link Loopback#host()}).
 *
 * @param serverHost    the servers' IPv4 address, e.g. {@code 127.0.0.1} or {@code 198.18.0.2}
 * @param clientHost    the clients' IPv4 address
 * @param serverCommand words put before {@code java} when a server JVM is launched; empty: launched directly
 */
public record Placement(String serverHost, String clientHost, List<String> serverCommand) {

    /** Servers and clients on 127.0.0.1, launched directly: the default. */
    public static final Placement LOOPBACK = new Placement(Loopback.ADDRESS, Loopback.ADDRESS, List.of());

    public Placement {
        Objects.requireNonNull(serverHost, "serverHost");
        Objects.requireNonNull(clientHost, "clientHost");
        serverCommand = List.copyOf(serverCommand);
        new HostPort(serverHost, 1);   // the same host check as every endpoint
        new HostPort(clientHost, 1);
    }

    /** {@code serverHost:port}: where a client finds a server's port. */
    public HostPort server(int port) {
        return new HostPort(serverHost, port);
    }
}
