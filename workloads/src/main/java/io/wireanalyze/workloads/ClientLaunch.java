package io.wireanalyze.workloads;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a workload tells {@link ClientFleet} about its client: the main class (which reads
 * {@link ClientOptions}), its system properties, and where and under which name it finds the service.
 *
 * @param role       names the clients in messages, e.g. {@code jrmp client}; each gets " <index>" appended
 * @param properties system properties every client JVM gets (on top of {@link LaunchSettings#clientProperties()})
 */
public record ClientLaunch(String role, Class<?> mainClass, Map<String, String> properties, HostPort server,
                           String name) {
    public ClientLaunch {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(mainClass, "mainClass");
        properties = Collections.unmodifiableMap(new TreeMap<>(properties));
        Objects.requireNonNull(server, "server");
        Objects.requireNonNull(name, "name");
    }
}
