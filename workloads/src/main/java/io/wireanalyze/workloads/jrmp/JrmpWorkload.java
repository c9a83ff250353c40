package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.JvmProcess;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.LineWait;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * Java RMI over JRMP: a {@link JrmpServer} JVM (registry + exported {@link BenchService}) and
 * {@link JrmpClient} JVMs. Both get {@code -Djava.rmi.server.hostname=127.0.0.1} whatever the launch
 * settings say, so every stub names loopback and no call leaves it.
 */
public final class JrmpWorkload implements Workload {
    private static final Duration EXIT_WAIT = Duration.ofSeconds(5);

    private enum State { NEW, RUNNING, CLOSED }

    private final JrmpConfig config;
    private State state = State.NEW;
    private JvmProcess server;

    public JrmpWorkload(JrmpConfig config) {
        this.config = config;
    }

    public JrmpConfig config() {
        return config;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        if (state != State.NEW) throw new IllegalStateException("jrmp server: " + state + " (expected: NEW, start() once)");
        LaunchSettings launch = config.launch();
        Map<String, String> properties = new TreeMap<>(launch.serverProperties());
        properties.put(Loopback.RMI_HOSTNAME_PROPERTY, Loopback.ADDRESS);
        JrmpServerOptions options = new JrmpServerOptions(config.registryPort(), config.objectPort(), config.name());
        server = JvmProcess.start("jrmp server", launch, JrmpServer.class, properties, options.toArgs());
        state = State.RUNNING;
        String expected = JrmpServer.READY_PREFIX + "registry=" + config.registryPort() + " object=" + config.objectPort();
        LineWait wait = server.awaitLine(l -> l.startsWith(JrmpServer.READY_PREFIX), launch.startTimeout());
        if (wait instanceof LineWait.Found found) return new ServerReady(server.pid(), found.line());
        String problem = wait instanceof LineWait.Ended
                ? "exited with code " + exitCode() + " before printing READY"
                : "printed no READY line within " + launch.startTimeout().toSeconds() + " s";
        String message = "jrmp server: " + problem + " (expected: '" + expected + "'); " + server.stderrSummary();
        close();
        throw new WorkloadException(message);
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        if (state != State.RUNNING)
            throw new WorkloadException("jrmp server: " + state.name().toLowerCase() + " (expected: running; call start() first)");
        if (!server.isAlive())
            throw new WorkloadException("jrmp server: exited with code " + exitCode() + " (expected: running); "
                    + server.stderrSummary());
        ClientLaunch client = new ClientLaunch("jrmp client", JrmpClient.class,
                Map.of(Loopback.RMI_HOSTNAME_PROPERTY, Loopback.ADDRESS),
                HostPort.loopback(config.registryPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** The registry port, then the object port (which also carries the DGC dirty/clean calls). */
    @Override
    public List<Integer> ports() {
        return config.registryPort() == config.objectPort()
                ? List.of(config.registryPort())
                : List.of(config.registryPort(), config.objectPort());
    }

    @Override
    public List<String> serverOutput() {
        return server == null ? List.of() : server.stdout();
    }

    /** Waits for a server stdout line, e.g. {@code UNREFERENCED name=BenchService} after a DGC clean call. */
    public LineWait awaitServerLine(Predicate<String> match, Duration timeout) throws WorkloadException {
        if (server == null) return new LineWait.Ended();
        return server.awaitLine(match, timeout);
    }

    @Override
    public void close() {
        if (state == State.RUNNING) server.close();
        state = State.CLOSED;
    }

    private String exitCode() throws WorkloadException {
        OptionalInt code = server.awaitExit(EXIT_WAIT);
        return code.isPresent() ? Integer.toString(code.getAsInt()) : "unknown";
    }
}
