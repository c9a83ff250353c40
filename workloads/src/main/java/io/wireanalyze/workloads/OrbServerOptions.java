package io.wireanalyze.workloads;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The command line of the CORBA server mains (iiop and rmi-iiop), all required:
 * {@code --naming-port 1050 --object-port 1051 --name BenchService --naming-giop 1.2}.
 *
 * @param namingGiop the GIOP version of the corbaloc the server reaches the naming service with
 */
public record OrbServerOptions(int namingPort, int objectPort, String name, GiopVersion namingGiop) {
    static final String NAMING_PORT = "--naming-port";
    static final String OBJECT_PORT = "--object-port";
    static final String NAME = "--name";
    static final String NAMING_GIOP = "--naming-giop";

    public OrbServerOptions {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(namingGiop, "namingGiop");
    }

    /** A server's options from its config: its ports and name, the naming service reached with {@code namingGiop}. */
    public static OrbServerOptions of(ServerConfig config, GiopVersion namingGiop) {
        return new OrbServerOptions(config.namingPort(), config.objectPort(), config.name(), namingGiop);
    }

    /**
     * Launches the ORB server JVM {@code mainClass} (named {@code who} in messages) with these options and waits for
     * its READY line, {@code READY naming=<port> object=<port>}; the start-up the iiop and rmi-iiop workloads share.
     */
    public ServerReady launch(ServerJvm server, String who, LaunchSettings launch, Class<?> mainClass) throws WorkloadException {
        String expected = ServerLaunch.READY_PREFIX + "naming=" + namingPort + " object=" + objectPort;
        return server.launch(who, launch, mainClass, launch.serverProperties(), toArgs(), expected);
    }

    public List<String> toArgs() {
        return List.of(NAMING_PORT, Integer.toString(namingPort), OBJECT_PORT, Integer.toString(objectPort),
                NAME, name, NAMING_GIOP, namingGiop.text());
    }

    /** The naming service's corbaloc with the object key {@code NameService}, on the servers' address ({@link Loopback#host()}). */
    public String nameServiceCorbaloc() {
        return namingGiop.corbaloc(new HostPort(Loopback.host(), namingPort), "NameService");
    }

    public static Parsed<OrbServerOptions> parse(String[] args) {
        return OptionArgs.parse(args, Set.of(NAMING_PORT, OBJECT_PORT, NAME, NAMING_GIOP), Set.of()).flatMap(o -> {
            Parsed<Integer> naming = o.required(NAMING_PORT).flatMap(v -> o.intValue(NAMING_PORT, 1, 65535, 0));
            Parsed<Integer> object = o.required(OBJECT_PORT).flatMap(v -> o.intValue(OBJECT_PORT, 1, 65535, 0));
            Parsed<String> name = o.required(NAME);
            Parsed<GiopVersion> giop = o.required(NAMING_GIOP).flatMap(t -> EnumLabels.parse(GiopVersion.class, t));
            for (Parsed<?> p : new Parsed<?>[] {naming, object, name, giop})
                if (p.error().isPresent()) return Parsed.invalid(p.error().get());
            if (name.orElseThrow().isEmpty()) return Parsed.invalid("option " + NAME + ": '' (expected: a non-empty name)");
            return Parsed.ok(new OrbServerOptions(naming.orElseThrow(), object.orElseThrow(), name.orElseThrow(),
                    giop.orElseThrow()));
        });
    }
}
