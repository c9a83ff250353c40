package io.wireanalyze.workloads;

import java.util.Objects;

/**
 * An address and port a workload's servers listen on, with what listens there, as the "servers ready" message
 * names it: {@code RMI registry on 127.0.0.1:1099}.
 */
public record Listener(String name, HostPort at) {
    public Listener {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(at, "at");
    }

    /** On 127.0.0.1. */
    public Listener(String name, int port) {
        this(name, checked(name, port));
    }

    private static HostPort checked(String name, int port) {
        ServerConfig.checkPort(name, port);
        return HostPort.loopback(port);
    }

    public int port() {
        return at.port();
    }

    @Override
    public String toString() {
        return name + " on " + at;
    }
}
