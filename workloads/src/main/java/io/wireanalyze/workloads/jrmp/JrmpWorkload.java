package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.WorkloadArgs;

/**
 * Java RMI over JRMP: a {@link JrmpServer} JVM (registry + exported {@link BenchService}) and
 * {@link JrmpClient} JVMs. The server gets {@code -Djava.rmi.server.hostname=<server address>} and the clients
 * their own address whatever the launch settings say, so every stub names the placement's server address
 * (127.0.0.1 by default) and no call leaves the intended network. The naming port is the registry's.
 */
public final class JrmpWorkload extends RmiWorkload {

    public JrmpWorkload(ServerConfig config) {
        super("jrmp", config, JrmpServer.class, JrmpClient.class);
    }

    /** Registry 1099, object 1100, name BenchService. */
    public static ServerConfig defaults() {
        return ServerConfig.of(1099, 1100);
    }

    /** From {@link ServerPortOptions} and {@link DgcOptions}. */
    public static JrmpWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(defaults()));
        return new JrmpWorkload(args.group(DgcOptions.class).applyTo(ports));
    }
}
