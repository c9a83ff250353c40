package io.wireanalyze.workloads;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Launches a server main and waits for its {@code READY ...} line: the part of {@link Workload#start()} every
 * protocol shares.
 */
public final class ServerLaunch {
    public static final String READY_PREFIX = "READY ";
    private static final Duration EXIT_WAIT = Duration.ofSeconds(5);

    private ServerLaunch() {
    }

    /**
     * Starts {@code mainClass} and returns it once it printed a line starting with {@code READY }. If it exits
     * first or prints nothing within the start timeout, it is stopped and the exception says so in one line,
     * e.g. {@code iiop naming: exited with code 1 before printing READY (expected: 'READY naming=1050');
     * stderr: ...}.
     */
    public static JvmProcess start(String role, LaunchSettings launch, Class<?> mainClass, Map<String, String> properties,
                                   List<String> args, String expectedReady) throws WorkloadException {
        JvmProcess p = JvmProcess.start(JvmSide.SERVER, role, launch, mainClass, properties, args);
        LineWait wait = p.awaitLine(l -> l.startsWith(READY_PREFIX), launch.startTimeout());
        if (wait instanceof LineWait.Found) return p;
        String problem = wait instanceof LineWait.Ended
                ? "exited with code " + exitCode(p) + " before printing READY"
                : "printed no READY line within " + launch.startTimeout().toSeconds() + " s";
        String message = role + ": " + problem + " (expected: '" + expectedReady + "'); " + p.stderrSummary();
        p.close();
        throw new WorkloadException(message);
    }

    /** The READY line {@code p} printed (call after {@link #start}). */
    public static String readyLine(JvmProcess p) {
        return p.stdout().stream().filter(l -> l.startsWith(READY_PREFIX)).findFirst().orElse("");
    }

    /** {@code exited with code N (expected: running); stderr: ...} when {@code p} is gone, for runClient. */
    public static void requireAlive(JvmProcess p) throws WorkloadException {
        if (!p.isAlive())
            throw new WorkloadException(p.role() + ": exited with code " + exitCode(p) + " (expected: running); "
                    + p.stderrSummary());
    }

    private static String exitCode(JvmProcess p) throws WorkloadException {
        OptionalInt code = p.awaitExit(EXIT_WAIT);
        return code.isPresent() ? Integer.toString(code.getAsInt()) : "unknown";
    }
}
