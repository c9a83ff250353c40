package io.wireanalyze.workloads;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A protocol's benchmark: a server JVM and client JVMs on loopback. Use:
 * <pre>
 * try (Workload w = WorkloadKind.JRMP.create(WorkloadKind.JRMP.defaultArgs())) {
 *     w.start();                                  // server JVM up, READY seen
 *     ClientResult r = w.runClient(plan, file);   // client JVM(s) run the plan and exit
 * }                                               // server stopped
 * </pre>
 * Implementations launch separate JVMs (the traffic between them is what gets captured) and are not
 * thread-safe.
 */
public interface Workload extends AutoCloseable {

    /**
     * Launches the server JVM and waits for its READY line.
     *
     * @throws WorkloadException when it cannot launch, exits, or prints no READY line within the start
     *                           timeout; the message includes its stderr tail (e.g. "Port already in use")
     */
    ServerReady start() throws WorkloadException;

    /**
     * Runs {@code plan.clients()} client JVMs in parallel against the started server and waits for them.
     * A client that fails is reported in the result (exit code, stderr), not thrown.
     *
     * @param resultFile where the call records end up, one line each ({@link ResultFile}; created or replaced)
     * @throws WorkloadException when the server is not started, a client cannot launch or does not finish
     *                           within the client timeout (all clients are then killed), or a result file
     *                           is unreadable
     */
    ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException;

    /**
     * What the servers listen on, in the order the "servers ready" message names them, e.g. the RMI registry on
     * 1099 and the object on 1100.
     */
    List<Listener> listeners();

    /** Every TCP port the servers listen on, each once, for a capture filter. */
    default List<Integer> ports() {
        return listeners().stream().map(Listener::port).distinct().toList();
    }

    /** A BPF filter for this workload's traffic, e.g. {@code tcp and (port 1099 or port 1100)}. */
    default String bpfFilter() {
        return ports().stream().map(p -> "port " + p).collect(Collectors.joining(" or ", "tcp and (", ")"));
    }

    /**
     * What a run should say about how this workload speaks, beyond its listeners (the SOAP client's HTTP flavour, its
     * stack); empty by default.
     */
    default List<String> notes() {
        return List.of();
    }

    /**
     * The NSS key log the workload's JVMs write the secrets of their TLS connections to (jrmp-tls), once started;
     * empty for a workload without TLS. It is complete once the clients have run, and gone once the workload is
     * closed: keep a copy before.
     */
    default Optional<Path> tlsKeyLog() {
        return Optional.empty();
    }

    /** The last lines the server printed on stdout (READY, and e.g. {@code UNREFERENCED} notices). */
    List<String> serverOutput();

    /** Stops the server JVM (stdin closed, then destroyed after the grace period). Idempotent. */
    @Override
    void close();
}
