package io.wireanalyze.workloads;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What both CORBA workloads (iiop on JacORB, rmi-iiop on the GlassFish ORB) share: a naming service and the object on
 * the config's two ports, every JVM on the stack's class path, the server JVM launched with {@link OrbServerOptions}
 * and the client JVMs ({@link OrbClientMain}) pointed at the naming service with the naming corbaloc's GIOP version.
 * A workload starts what it needs in {@link #start()} after {@link #stackLaunch()} and ends with {@link #launchServer}.
 */
public abstract class OrbWorkload extends ServedWorkload {

    protected final ServerConfig config;
    protected final GiopVersion namingGiop;
    private final String kind;
    private final StackLibrary library;
    private final Class<?> clientMain;
    private final String namingService;
    /** The launch of every JVM of a run, on the stack's class path; set by {@link #stackLaunch()}. */
    protected LaunchSettings launch;

    /**
     * @param kind          e.g. {@code iiop}: the servers are {@code iiop server}, the clients {@code iiop client}
     * @param clientMain    the client JVM's main, an {@link OrbClientMain.Stack}
     * @param namingService what listens on the naming port, for {@link #listeners()}
     */
    protected OrbWorkload(String kind, ServerConfig config, GiopVersion namingGiop, StackLibrary library, Class<?> clientMain,
                          String namingService) {
        super(kind + " server");
        this.kind = kind;
        this.config = config.requireDistinctPorts();
        this.namingGiop = namingGiop;
        this.library = library;
        this.clientMain = clientMain;
        this.namingService = namingService;
    }

    public final ServerConfig config() {
        return config;
    }

    /** The launch of this run's JVMs: the config's, on the stack's class path (which names its jars when missing). */
    protected final LaunchSettings stackLaunch() throws WorkloadException {
        launch = config.launch().withClassPath(library.classPath());
        return launch;
    }

    /** Launches the server JVM {@code main} with {@link OrbServerOptions} and waits for its READY line. */
    protected final ServerReady launchServer(Class<?> main) throws WorkloadException {
        return OrbServerOptions.of(config, namingGiop).launch(server, kind + " server", launch, main);
    }

    /** The client JVM's system properties beyond the naming corbaloc's GIOP version; by default none. */
    protected Map<String, String> clientProperties() {
        return Map.of();
    }

    @Override
    public final ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        Map<String, String> properties = new TreeMap<>(clientProperties());
        properties.put(OrbClientMain.NAMING_GIOP_PROPERTY, namingGiop.text());
        ClientLaunch client = new ClientLaunch(kind + " client", clientMain, properties, config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, launch, plan, resultFile);
    }

    /** The naming service, then the object. */
    @Override
    public final List<Listener> listeners() {
        return List.of(new Listener(namingService, config.at(config.namingPort())), new Listener("the object", config.at(config.objectPort())));
    }
}
