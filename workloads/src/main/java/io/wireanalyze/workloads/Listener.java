package io.wireanalyze.workloads;

import java.util.Objects;

/**
 * A port of 127.0.0.1 a workload's servers listen on, with what listens there, as the "servers ready" message
 * names it: {@code RMI registry on 127.0.0.1:1099}.
 */
public record Listener(String name, int port) {
    public Listener {
        Objects.requireNonNull(name, "name");
        ServerConfig.checkPort(name, port);
    }

    @Override
    public String toString() {
        return name + " on " + HostPort.loopback(port);
    }
}
