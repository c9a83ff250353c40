package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.EndOfInput;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.service.BenchService;
import io.wireanalyze.workloads.service.BenchServiceImpl;

import java.io.InputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.rmi.AlreadyBoundException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The JRMP benchmark server: an RMI registry ({@code LocateRegistry.createRegistry}) and the
 * {@link BenchService} exported with the default socket factories ({@code UnicastRemoteObject.exportObject})
 * in this one JVM, bound under a name. The plain scenario of the seeds: stubs are {@code UnicastRef}s to
 * {@code 127.0.0.1:<object port>}. The jrmp-tls server is this one with both on SSL sockets ({@link RmiSockets}).
 *
 * <p>Prints {@code READY registry=<port> object=<port>} once listening, then {@code UNREFERENCED name=<name>}
 * whenever the last client reference goes away. Runs until stdin closes (or it is killed). Honours the
 * usual RMI properties on its command line, e.g. {@code -Djava.rmi.dgc.leaseValue=2000}. Exit code 0 after
 * stdin closed, 1 with one line on stderr when it cannot start (e.g. port in use).
 */
public final class JrmpServer {

    private JrmpServer() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        System.exit(run("jrmp server", RmiSockets.PLAIN, args, System.in, System.out, System.err));
    }

    /**
     * The server's whole run with these sockets, its messages starting with {@code kind} (the jrmp-tls server is this
     * one on SSL sockets).
     */
    public static int run(String kind, RmiSockets sockets, String[] args, InputStream in, PrintStream out, PrintStream err) {
        Parsed<JrmpServerOptions> parsed = JrmpServerOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println(kind + ": " + parsed.error().get());
            return 1;
        }
        JrmpServerOptions options = parsed.orElseThrow();
        Registry registry;
        try {
            registry = sockets.createRegistry(options.registryPort());
        } catch (RemoteException e) {
            err.println(kind + ": registry port " + options.registryPort() + ": " + describe(e));
            return 1;
        }
        BenchServiceImpl impl = new ReportingBenchService(options.name(), out);
        try {
            Remote stub = sockets.export(impl, options.objectPort());
            registry.bind(options.name(), stub);
        } catch (RemoteException e) {
            err.println(kind + ": object port " + options.objectPort() + ": " + describe(e));
            unexport(registry);
            return 1;
        } catch (AlreadyBoundException e) {
            err.println(kind + ": name '" + options.name() + "': already bound (expected: a fresh registry)");
            unexport(registry);
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "registry=" + options.registryPort() + " object=" + options.objectPort());
        out.flush();
        EndOfInput.await(in, err, kind);
        unexport(impl); // also keeps impl strongly reachable until here: the RMI runtime holds it weakly
        unexport(registry);
        return 0;
    }

    /** The command line of a server for {@code config}: its ports and name (what {@link #main} parses). */
    public static List<String> arguments(ServerConfig config) {
        return new JrmpServerOptions(config.namingPort(), config.objectPort(), config.name()).toArgs();
    }

    /** The system properties of a server JVM for {@code config}: the launch's, and the host its stubs name. */
    public static Map<String, String> properties(ServerConfig config) {
        Map<String, String> properties = new TreeMap<>(config.launch().serverProperties());
        properties.put(Loopback.RMI_HOSTNAME_PROPERTY, config.host());
        return properties;
    }

    /** The READY line a server for {@code config} prints once listening. */
    public static String readyLine(ServerConfig config) {
        return ServerLaunch.READY_PREFIX + "registry=" + config.namingPort() + " object=" + config.objectPort();
    }

    private static void unexport(Remote r) {
        try {
            UnicastRemoteObject.unexportObject(r, true);
        } catch (NoSuchObjectException e) {
            // Not exported (any more): nothing to do.
        }
    }

    /** One line: a bind failure as "bind failed: Address already in use (expected: a free port)", else the causes. */
    static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause())
            if (t instanceof BindException) return "bind failed: " + t.getMessage() + " (expected: a free port)";
        return oneLine(e.toString());
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").trim();
    }
}
