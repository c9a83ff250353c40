package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.OrbWorkload;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;


/**
 * RMI over IIOP on the GlassFish ORB 4.2.5, the seed's scenario: the JRMP workload's
 * {@link io.wireanalyze.workloads.service.BenchService} exported with {@code javax.rmi.PortableRemoteObject}.
 * One server JVM ({@link RmiIiopServer}: ORB, TransientNameService, exported object) listening on the naming
 * port and the object port of 127.0.0.1, and client JVMs ({@link RmiIiopClient}). All run with the GlassFish
 * ORB's class path ({@link #GLASSFISH}), not this JVM's.
 *
 * <p>The traffic uses the two ports only ({@code tcp and (port 1060 or port 1061)} by default): the clients
 * reach the naming service through the naming port; the references it returns, the naming context's own
 * included, name the object port. This ORB splits a request larger than its fragment size (4096 bytes by
 * default, {@code com.sun.corba.ee.giop.ORBFragmentSize}) into a GIOP Request and Fragment messages.
 */
public final class RmiIiopWorkload extends OrbWorkload {

    /** The GlassFish ORB 4.2.5 with pfl 5.1.1 and gmbal-api-only: {@code target/lib/rmi-iiop}. */
    static final StackLibrary GLASSFISH = StackLibrary.in("rmi-iiop");

    /** @param namingGiop the GIOP version of the clients' naming corbaloc */
    public RmiIiopWorkload(ServerConfig config, GiopVersion namingGiop) {
        super("rmi-iiop", config, namingGiop, GLASSFISH, RmiIiopClient.class, "GlassFish ORB naming");
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

    /**
     * Starts the server JVM and waits for its READY line, {@code READY naming=<port> object=<port>}.
     *
     * @throws WorkloadException as {@link Workload#start()}, also when the GlassFish ORB's jars are not found
     */
    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            stackLaunch();
            return launchServer(RmiIiopServer.class);
        });
    }
}
