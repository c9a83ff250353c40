package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the workloads of one JRMP server JVM share (jrmp, http-to-port, jrmp-tls): the server JVM ({@link JrmpServer}'s
 * options and READY line, its stubs naming the servers' address), client JVMs pointed at the registry with the client's
 * own address as {@code java.rmi.server.hostname}, and the registry and the object as listeners. A workload on other
 * sockets names its mains and adds its own launch settings and properties.
 */
public abstract class RmiWorkload extends ServedWorkload {

    protected final ServerConfig config;
    private final String kind;
    private final Class<?> serverMain;
    private final Class<?> clientMain;

    /** @param kind e.g. {@code jrmp}: the server is {@code jrmp server}, the clients {@code jrmp client} */
    protected RmiWorkload(String kind, ServerConfig config, Class<?> serverMain, Class<?> clientMain) {
        super(kind + " server");
        this.kind = kind;
        this.config = config;
        this.serverMain = serverMain;
        this.clientMain = clientMain;
    }

    public final ServerConfig config() {
        return config;
    }

    /** Starts the server JVM and waits for its READY line, {@code READY registry=<port> object=<port>}. */
    @Override
    public final ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> server.launch(kind + " server", serverLaunch(), serverMain, serverProperties(),
                JrmpServer.arguments(config), JrmpServer.readyLine(config)));
    }

    /** The server JVM's launch settings, made as it starts; by default the config's. */
    protected LaunchSettings serverLaunch() throws WorkloadException {
        return config.launch();
    }

    /** The server JVM's system properties ({@link JrmpServer#properties}); a workload adds its own. */
    protected Map<String, String> serverProperties() {
        return JrmpServer.properties(config);
    }

    /** The client JVMs' system properties beyond {@code java.rmi.server.hostname}; by default none. */
    protected Map<String, String> clientProperties() {
        return Map.of();
    }

    @Override
    public final ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        requireRunning();
        Map<String, String> properties = new TreeMap<>(clientProperties());
        properties.put(Loopback.RMI_HOSTNAME_PROPERTY, config.launch().placement().clientHost());
        ClientLaunch client = new ClientLaunch(kind + " client", clientMain, properties, config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** @throws WorkloadException unless {@link #start()} succeeded and the server JVM is still running */
    public final void requireRunning() throws WorkloadException {
        server.requireRunning();
    }

    /** The registry, then the object (whose port also carries the DGC dirty and clean calls). */
    @Override
    public final List<Listener> listeners() {
        return List.of(new Listener("RMI registry" + listenerNote(), config.at(config.namingPort())),
                new Listener("the object" + listenerNote(), config.at(config.objectPort())));
    }

    /** What the listeners' names add, e.g. {@code  (TLS 1.3)}; by default nothing. */
    protected String listenerNote() {
        return "";
    }
}
