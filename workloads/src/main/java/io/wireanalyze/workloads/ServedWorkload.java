package io.wireanalyze.workloads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * A workload whose servers are JVMs of its own, started, checked and stopped through one {@link ServerJvm}: what
 * they printed is its server output, and closing it stops them (a workload that made more, keys or folders, closes
 * them after {@code super.close()}).
 */
public abstract class ServedWorkload implements Workload {

    /** The workload's server JVMs. */
    protected final ServerJvm server;

    /** @param role who the servers are in messages, e.g. {@code xmlrpc server} */
    protected ServedWorkload(String role) {
        this.server = new ServerJvm(role);
    }

    @Override
    public final List<String> serverOutput() {
        return server.output();
    }

    /**
     * Waits for a line of the server JVM started last, e.g. {@code UNREFERENCED name=BenchService} after a DGC clean
     * call.
     */
    public final LineWait awaitServerLine(Predicate<String> match, Duration timeout) throws WorkloadException {
        return server.awaitLine(match, timeout);
    }

    /** Stops the servers, the last started first. Idempotent. */
    @Override
    public void close() {
        server.close();
    }

    /** Deletes a folder the run made and everything in it; one left behind in the temporary directory is harmless. */
    protected static void deleteTree(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            // A leftover temporary directory is harmless: the next run makes a fresh one.
        }
    }
}
