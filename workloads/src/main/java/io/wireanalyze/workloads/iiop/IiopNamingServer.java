package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.EndOfInput;
import io.wireanalyze.workloads.LoopbackPort;
import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerLaunch;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The iiop workload's naming JVM: JacORB's COS Naming server ({@code org.jacorb.naming.NameServer}) on
 * 127.0.0.1:{@code --port}, keeping its bindings in {@code --db-dir} (which the runner creates fresh: JacORB
 * saves the bindings there at exit and reads them back at start). Corbaloc clients reach its root context
 * under the object key {@code NameService}.
 *
 * <p>Prints {@code READY naming=<port>} once the name server has written its IOR (it is then serving), runs
 * until stdin closes, exits 0. Exit 1 with one line on stderr when it cannot start (e.g. the port is in use).
 */
public final class IiopNamingServer {
    static final String PORT = "--port";
    static final String DB_DIR = "--db-dir";
    static final String IOR_FILE = "NameService.ior";
    private static final Duration START_LIMIT = Duration.ofSeconds(30);
    private static final long POLL_MILLIS = 20;

    private IiopNamingServer() {
    }

    public static void main(String[] args) {
        Jacorb.quietLogging();
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String role = "iiop naming";
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(PORT, DB_DIR), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(PORT).flatMap(v -> o.intValue(PORT, 1, 65535, 0)));
        Parsed<String> dbDir = parsed.flatMap(o -> o.required(DB_DIR));
        for (Parsed<?> p : new Parsed<?>[] {port, dbDir}) {
            if (p.error().isPresent()) {
                err.println(role + ": " + p.error().get());
                return 1;
            }
        }
        Path dir = Path.of(dbDir.orElseThrow());
        if (!Files.isDirectory(dir)) {
            err.println(role + ": option " + DB_DIR + ": " + dir + ": not a directory (expected: an empty directory)");
            return 1;
        }
        Optional<String> busy = LoopbackPort.problem(port.orElseThrow());
        if (busy.isPresent()) {
            err.println(role + ": port " + port.orElseThrow() + ": " + busy.get());
            return 1;
        }
        Path iorFile = dir.resolve(IOR_FILE);
        // NameServer reads its settings from the system properties when it initialises its ORB.
        Jacorb.listening(port.orElseThrow()).forEach((k, v) -> System.setProperty((String) k, (String) v));
        System.setProperty(Jacorb.NAMING_DB_DIR, dir.toAbsolutePath().toString());
        System.setProperty(Jacorb.NAMING_IOR_FILE, iorFile.toAbsolutePath().toString());
        // NameServer.main blocks in orb.run(); on a start-up failure it prints a stack trace and exits 1.
        Thread nameServer = new Thread(() -> org.jacorb.naming.NameServer.main(new String[0]), "jacorb NameServer");
        nameServer.setDaemon(true);
        nameServer.start();
        Optional<String> failure = awaitIor(iorFile, nameServer);
        if (failure.isPresent()) {
            err.println(role + ": " + failure.get());
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "naming=" + port.orElseThrow());
        out.flush();
        EndOfInput.await(in, err, role);
        // Exiting runs NameServer's shutdown hook (orb.shutdown), which saves the bindings into the db dir.
        return 0;
    }

    private static Optional<String> awaitIor(Path iorFile, Thread nameServer) {
        long deadline = System.nanoTime() + START_LIMIT.toNanos();
        try {
            while (System.nanoTime() < deadline) {
                if (Files.exists(iorFile) && Files.readString(iorFile).startsWith("IOR:")) return Optional.empty();
                if (!nameServer.isAlive()) return Optional.of("NameServer stopped before writing its IOR to " + iorFile);
                Thread.sleep(POLL_MILLIS);
            }
        } catch (IOException e) {
            return Optional.of("reading " + iorFile + ": " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of("interrupted while waiting for NameServer");
        }
        return Optional.of("NameServer wrote no IOR to " + iorFile + " within " + START_LIMIT.toSeconds() + " s");
    }
}
