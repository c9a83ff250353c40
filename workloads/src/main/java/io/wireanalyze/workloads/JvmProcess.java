package io.wireanalyze.workloads;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child JVM running one workload main: {@code [serverCommand] java [jvmOptions] -Dk=v... -cp <classPath> <main> args},
 * where a server's command puts it where the launch settings' {@link Placement} says (e.g. into a network namespace)
 * and every child learns the placement's addresses ({@link Loopback#host()}).
 * Its stdout and stderr are followed into bounded tails; its stdin stays open as the "keep running" signal
 * (the servers exit when it closes). A shutdown hook kills it (and its descendants) if this JVM exits
 * first; {@link #stop(Duration)} removes the hook.
 */
public final class JvmProcess implements AutoCloseable {
    private static final int TAIL_LINES = 200;
    private static final Duration DRAIN = Duration.ofSeconds(2);

    private final String role;
    private final Process process;
    private final OutputTail stdout;
    private final OutputTail stderr;
    private final Thread reaper;
    private final Duration stopGrace;

    private JvmProcess(String role, Process process, Duration stopGrace) {
        this.role = role;
        this.process = process;
        this.stopGrace = stopGrace;
        this.stdout = OutputTail.follow(process.getInputStream(), role + " stdout", TAIL_LINES);
        this.stderr = OutputTail.follow(process.getErrorStream(), role + " stderr", TAIL_LINES);
        this.reaper = new Thread(this::kill, role + " reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
    }

    /**
     * Launches {@code mainClass} in a new JVM.
     *
     * @param side       a server is launched with its placement's server command
     * @param role       names the process in messages and thread names, e.g. {@code jrmp server}
     * @param properties system properties for this child, after those of {@code launch}'s role maps
     */
    public static JvmProcess start(JvmSide side, String role, LaunchSettings launch, Class<?> mainClass,
                                   Map<String, String> properties, List<String> args) throws WorkloadException {
        List<String> command = command(side, launch, mainClass, properties, args);
        int java = side == JvmSide.SERVER ? launch.placement().serverCommand().size() : 0;
        launch.recordings().ifPresent(dir -> command.addAll(java + 1, FlightRecording.jvmOptions(dir, side, role)));
        try {
            Process p = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.PIPE).start();
            return new JvmProcess(role, p, launch.stopGrace());
        } catch (IOException e) {
            throw new WorkloadException(role + ": cannot launch " + launch.java() + ": " + e.getMessage()
                    + " (expected: a runnable java executable)", e);
        }
    }

    static List<String> command(JvmSide side, LaunchSettings launch, Class<?> mainClass, Map<String, String> properties,
                                List<String> args) {
        Placement placement = launch.placement();
        List<String> command = new ArrayList<>();
        if (side == JvmSide.SERVER) command.addAll(placement.serverCommand());
        command.add(launch.java().toString());
        command.addAll(launch.jvmOptions());
        command.add("-D" + Loopback.HOST_PROPERTY + "=" + placement.serverHost());
        command.add("-D" + Loopback.CLIENT_HOST_PROPERTY + "=" + placement.clientHost());
        properties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add("-cp");
        command.add(launch.classPath());
        command.add(mainClass.getName());
        command.addAll(args);
        return command;
    }

    public String role() {
        return role;
    }

    public long pid() {
        return process.pid();
    }

    /** Waits for a stdout line matching {@code match} (lines printed before the call count). */
    public LineWait awaitLine(Predicate<String> match, Duration timeout) throws WorkloadException {
        try {
            return stdout.await(match, timeout.toNanos());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException(role + ": interrupted while waiting for its output", e);
        }
    }

    /** The exit code, once the process has exited within {@code timeout}; empty if it is still running. */
    public OptionalInt awaitExit(Duration timeout) throws WorkloadException {
        try {
            if (!process.waitFor(Math.max(0, timeout.toNanos()), TimeUnit.NANOSECONDS)) return OptionalInt.empty();
            stdout.awaitEnd(DRAIN.toNanos());
            stderr.awaitEnd(DRAIN.toNanos());
            return OptionalInt.of(process.exitValue());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new WorkloadException(role + ": interrupted while waiting for it to exit", e);
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The last lines (at most 200) the process printed on stdout. */
    public List<String> stdout() {
        return stdout.lines();
    }

    /** The last lines (at most 200) the process printed on stderr. */
    public List<String> stderr() {
        return stderr.lines();
    }

    /** The last few stderr lines joined on one line, for error messages: {@code stderr: a | b}. */
    public String stderrSummary() {
        List<String> lines = stderr().stream().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) return "no stderr output";
        return "stderr: " + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
    }

    /**
     * Closes its stdin (the servers' signal to exit), waits up to {@code grace}, then destroys it (SIGTERM)
     * and, if that is not enough within another second, forcibly. Idempotent.
     */
    public void stop(Duration grace) {
        try {
            process.getOutputStream().close();
        } catch (IOException e) {
            // Already closed or the process is gone: destroying below covers both.
        }
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroy();
                if (!process.waitFor(1, TimeUnit.SECONDS)) kill();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill();
        }
        removeReaper();
    }

    /** {@link #stop(Duration)} with the launch settings' grace period. */
    @Override
    public void close() {
        stop(stopGrace);
    }

    private void kill() {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    private void removeReaper() {
        try {
            Runtime.getRuntime().removeShutdownHook(reaper);
        } catch (IllegalStateException e) {
            // This JVM is shutting down: the hook is running or about to, which is what we want.
        }
    }
}
