package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.LineWait;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerJvm;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Java RMI over JRMP: a {@link JrmpServer} JVM (registry + exported {@link BenchService}) and
 * {@link JrmpClient} JVMs. The server gets {@code -Djava.rmi.server.hostname=<server address>} and the clients
 * their own address whatever the launch settings say, so every stub names the placement's server address
 * (127.0.0.1 by default) and no call leaves the intended network. The naming port is the registry's.
 */
public final class JrmpWorkload implements Workload {

    private final ServerConfig config;
    private final ServerJvm server = new ServerJvm("jrmp server");

    public JrmpWorkload(ServerConfig config) {
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
        Map<String, String> properties = new TreeMap<>(config.launch().serverProperties());
        properties.put(Loopback.RMI_HOSTNAME_PROPERTY, config.host());
        JrmpServerOptions options = new JrmpServerOptions(config.namingPort(), config.objectPort(), config.name());
        return server.start(this::close, () -> server.launch("jrmp server", config.launch(), JrmpServer.class, properties, options.toArgs(),
                ServerLaunch.READY_PREFIX + "registry=" + config.namingPort() + " object=" + config.objectPort()));
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

    @Override
    public List<String> serverOutput() {
        return server.output();
    }

    /** Waits for a server stdout line, e.g. {@code UNREFERENCED name=BenchService} after a DGC clean call. */
    public LineWait awaitServerLine(Predicate<String> match, Duration timeout) throws WorkloadException {
        return server.awaitLine(match, timeout);
    }

    @Override
    public void close() {
        server.close();
    }
}
