package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.OrbServerOptions;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * RMI over IIOP on the GlassFish ORB 4.2.5, the seed's scenario: the JRMP workload's
 * {@link io.wireanalyze.workloads.service.BenchService} exported with {@code javax.rmi.PortableRemoteObject}.
 * One server JVM ({@link RmiIiopServer}: ORB, TransientNameService, exported object) listening on the naming
 * port and the object port of 127.0.0.1, and client JVMs ({@link RmiIiopClient}). All run with the GlassFish
 * ORB's class path ({@link StackLibrary#GLASSFISH}), not this JVM's.
 *
 * <p>The traffic uses the two ports only ({@code tcp and (port 1060 or port 1061)} by default): the clients
 * reach the naming service through the naming port; the references it returns, the naming context's own
 * included, name the object port. This ORB splits a request larger than its fragment size (4096 bytes by
 * default, {@code com.sun.corba.ee.giop.ORBFragmentSize}) into a GIOP Request and Fragment messages.
 */
public final class RmiIiopWorkload extends ServedWorkload {

    private final ServerConfig config;
    private final GiopVersion namingGiop;
    private LaunchSettings launch;

    /** @param namingGiop the GIOP version of the clients' naming corbaloc */
    public RmiIiopWorkload(ServerConfig config, GiopVersion namingGiop) {
        super("rmi-iiop server");
        this.config = config.requireDistinctPorts();
        this.namingGiop = namingGiop;
    }

    /** Naming 1060, object 1061, name BenchService. */
    public static ServerConfig defaults() {
        return ServerConfig.of(1060, 1061);
    }

    /** From {@link ServerPortOptions} and {@link GiopNamingOption}. */
    public static RmiIiopWorkload create(WorkloadArgs args) {
        return new RmiIiopWorkload(args.group(ServerPortOptions.class).applyTo(args.placed(defaults())),
                args.group(GiopNamingOption.class).version());
    }

    public ServerConfig config() {
        return config;
    }

    /**
     * Starts the server JVM and waits for its READY line, {@code READY naming=<port> object=<port>}.
     *
     * @throws WorkloadException as {@link Workload#start()}, also when the GlassFish ORB's jars are not found
     */
    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            launch = config.launch().withClassPath(StackLibrary.GLASSFISH.classPath());
            return OrbServerOptions.of(config, namingGiop).launch(server, "rmi-iiop server", launch, RmiIiopServer.class);
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch("rmi-iiop client", RmiIiopClient.class,
                Map.of(RmiIiopClient.NAMING_GIOP_PROPERTY, namingGiop.text()),
                config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, launch, plan, resultFile);
    }

    /** The naming service, then the object. */
    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("GlassFish ORB naming", config.at(config.namingPort())), new Listener("the object", config.at(config.objectPort())));
    }
}
