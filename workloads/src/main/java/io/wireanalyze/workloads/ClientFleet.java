package io.wireanalyze.workloads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * Runs a plan's client JVMs in parallel and collects their records. With one client it writes
 * {@code resultFile} itself; with several, client k writes {@code <resultFile>.client<k>} and the parts
 * are concatenated into {@code resultFile} in client order afterwards.
 */
public final class ClientFleet {

    private ClientFleet() {
    }

    public static ClientResult run(ClientLaunch launch, LaunchSettings settings, Plan plan, Path resultFile)
            throws WorkloadException {
        List<Path> files = resultFiles(plan.clients(), resultFile);
        prepare(resultFile, files);
        Map<String, String> properties = new TreeMap<>(settings.clientProperties());
        properties.putAll(launch.properties());
        Plan perClient = plan.withClients(1);
        List<JvmProcess> clients = new ArrayList<>();
        try {
            for (int k = 0; k < plan.clients(); k++) {
                ClientOptions options = new ClientOptions(launch.server(), launch.name(), perClient, k, files.get(k));
                clients.add(JvmProcess.start(JvmSide.CLIENT, launch.role() + " " + k, settings, launch.mainClass(), properties,
                        options.toArgs()));
            }
            List<ClientExit> exits = awaitAll(clients, settings.clientTimeout());
            return new ClientResult(collect(files, resultFile), exits);
        } finally {
            clients.forEach(c -> c.stop(Duration.ZERO));
        }
    }

    private static List<Path> resultFiles(int clients, Path resultFile) {
        if (clients == 1) return List.of(resultFile);
        List<Path> parts = new ArrayList<>();
        for (int k = 0; k < clients; k++) parts.add(resultFile.resolveSibling(resultFile.getFileName() + ".client" + k));
        return parts;
    }

    /** Removes stale results so a client that dies early cannot leave an old file to be read back. */
    private static void prepare(Path resultFile, List<Path> files) throws WorkloadException {
        try {
            Path parent = resultFile.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.deleteIfExists(resultFile);
            for (Path f : files) Files.deleteIfExists(f);
        } catch (IOException e) {
            throw new WorkloadException("result file " + resultFile + ": " + e.getMessage()
                    + " (expected: a writable path)", e);
        }
    }

    private static List<ClientExit> awaitAll(List<JvmProcess> clients, Duration timeout) throws WorkloadException {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<ClientExit> exits = new ArrayList<>();
        for (int k = 0; k < clients.size(); k++) {
            JvmProcess c = clients.get(k);
            OptionalInt code = c.awaitExit(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            if (code.isEmpty()) {
                clients.forEach(p -> p.stop(Duration.ZERO));
                throw new WorkloadException(c.role() + ": still running after " + timeout.toSeconds()
                        + " s (expected: exit within the client timeout); killed all clients; " + c.stderrSummary());
            }
            List<String> out = c.stdout();
            Optional<String> summary = out.isEmpty() ? Optional.empty() : Optional.of(out.get(out.size() - 1));
            exits.add(new ClientExit(k, code.getAsInt(), summary, c.stderr()));
        }
        return exits;
    }

    private static List<CallRecord> collect(List<Path> files, Path resultFile) throws WorkloadException {
        try {
            List<CallRecord> calls = new ArrayList<>();
            for (Path f : files) if (Files.exists(f)) calls.addAll(ResultFile.read(f));
            if (files.size() > 1) {
                ResultFile.write(resultFile, calls);
                for (Path f : files) Files.deleteIfExists(f);
            }
            return calls;
        } catch (IOException e) {
            throw new WorkloadException(e.getMessage(), e);
        }
    }
}
