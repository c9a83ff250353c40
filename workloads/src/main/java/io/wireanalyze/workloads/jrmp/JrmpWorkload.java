package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Java RMI over JRMP: a {@link JrmpServer} JVM (registry + exported {@link BenchService}) and
 * {@link JrmpClient} JVMs. The server gets {@code -Djava.rmi.server.hostname=<server address>} and the clients
 * their own address whatever the launch settings say, so every stub names the placement's server address
 * (127.0.0.1 by default) and no call leaves the intended network. The naming port is the registry's.
 */
public final class JrmpWorkload extends ServedWorkload {

    private final ServerConfig config;

    public JrmpWorkload(ServerConfig config) {
        super("jrmp server");
        this.config = config;
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

    public ServerConfig config() {
        return config;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> server.launch("jrmp server", config.launch(), JrmpServer.class, JrmpServer.properties(config),
                JrmpServer.arguments(config), JrmpServer.readyLine(config)));
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        requireRunning();
        ClientLaunch client = new ClientLaunch("jrmp client", JrmpClient.class,
                Map.of(Loopback.RMI_HOSTNAME_PROPERTY, config.launch().placement().clientHost()),
                config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** @throws WorkloadException unless {@link #start()} succeeded and the server JVM is still running */
    public void requireRunning() throws WorkloadException {
        server.requireRunning();
    }

    /** The registry, then the object (whose port also carries the DGC dirty and clean calls). */
    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("RMI registry", config.at(config.namingPort())), new Listener("the object", config.at(config.objectPort())));
    }
}
