package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.GiopNamingOption;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.OrbWorkload;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * CORBA on JacORB 3.9: three kinds of JVM, on 127.0.0.1 by default, as in the seeds' IIOP set-up.
 * <ol>
 *   <li>the naming JVM, {@link IiopNamingServer} (JacORB's COS Naming server) on {@code namingPort}, with a
 *       fresh bindings directory for every start;</li>
 *   <li>the server JVM, {@link IiopServer}, with the {@code BenchService} object on {@code objectPort}, which
 *       rebinds it in the naming service;</li>
 *   <li>client JVMs, {@link IiopClient}: {@code resolve_initial_references("NameService")} through a corbaloc
 *       of the configured GIOP version, {@code resolve_str}, then the plan's calls.</li>
 * </ol>
 * All run with JacORB's class path ({@link #JACORB}), not this JVM's. The traffic is on the two
 * ports only: {@code tcp and (port 1050 or port 1051)} by default. The naming JVM's ORB reaches the naming
 * service through a corbaloc of {@code namingGiop}'s version; payload {@code chars:N} travels as {@code chars}.
 */
public final class IiopWorkload extends OrbWorkload {

    /** JacORB 3.9 with its omgapi, the javax.rmi API JacORB needs on JDK 11+, slf4j: {@code target/lib/iiop}. */
    static final StackLibrary JACORB = StackLibrary.in("iiop");

    private final IdlString chars;
    private Path namingDb;

    public IiopWorkload(ServerConfig config, GiopVersion namingGiop, IdlString chars) {
        super("iiop", config, namingGiop, JACORB, IiopClient.class, "JacORB COS Naming");
        this.chars = chars;
    }

    /** Naming 1050, object 1051, name BenchService. */
    public static ServerConfig defaults() {
        return ServerConfig.of(1050, 1051);
    }

    /** From {@link ServerPortOptions}, {@link GiopNamingOption} and {@link IdlStringOption}. */
    public static IiopWorkload create(WorkloadArgs args) {
        return new IiopWorkload(args.group(ServerPortOptions.class).applyTo(args.placed(defaults())),
                args.group(GiopNamingOption.class).version(), args.group(IdlStringOption.class).type());
    }

    /**
     * Starts the naming JVM, then the server JVM, each waiting for its READY line.
     *
     * @return the server JVM's pid and READY line, {@code READY naming=<port> object=<port>}
     * @throws WorkloadException as {@link Workload#start()}, also when JacORB's jars are not found
     */
    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            LaunchSettings launch = stackLaunch();
            try {
                namingDb = Files.createTempDirectory("wireanalyze-jacorb-naming");
            } catch (IOException e) {
                throw new WorkloadException("iiop naming: bindings directory: " + e.getMessage()
                        + " (expected: a writable temporary directory)", e);
            }
            server.launch("iiop naming", launch, IiopNamingServer.class, launch.serverProperties(),
                    List.of(IiopNamingServer.PORT, Integer.toString(config.namingPort()),
                            IiopNamingServer.DB_DIR, namingDb.toString()),
                    ServerLaunch.READY_PREFIX + "naming=" + config.namingPort());
            return launchServer(IiopServer.class);
        });
    }

    /** Payload {@code chars:N} as the IDL type asked for. */
    @Override
    protected Map<String, String> clientProperties() {
        return Map.of(IiopClient.CHARS_PROPERTY, chars.idlName());
    }

    /** Stops the server JVM, then the naming JVM, and deletes the bindings directory. Idempotent. */
    @Override
    public void close() {
        super.close();
        if (namingDb != null) deleteTree(namingDb);
        namingDb = null;
    }
}
