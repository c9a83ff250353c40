package io.wireanalyze.workloads;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload's server JVMs and their life: new, running once started, closed. What every workload shares: start
 * once, launch its JVMs one after the other (a naming service, then the server; a web server, then a proxy), each
 * waiting for its READY line, refuse a client before they run or after one died, give their output, stop them.
 */
public final class ServerJvm {
    private enum State { NEW, RUNNING, CLOSED }

    private final String role;
    private State state = State.NEW;
    private final List<JvmProcess> processes = new ArrayList<>();

    /** @param role who they are in messages, e.g. {@code xmlrpc server} */
    public ServerJvm(String role) {
        this.role = role;
    }

    /** What a workload's start does: launch its JVMs ({@link #launch}), and what else they need first. */
    @FunctionalInterface
    public interface Launches {
        /** @return the server's pid and READY line, as {@link Workload#start()} */
        ServerReady run() throws WorkloadException;
    }

    /**
     * A workload's {@link Workload#start()}: only once, from new; runs {@code launches}, and when they fail runs
     * {@code closeAll} (the workload's close: its JVMs and whatever else it made, keys, folders) before the failure
     * goes on.
     */
    public ServerReady start(Runnable closeAll, Launches launches) throws WorkloadException {
        begin();
        try {
            return launches.run();
        } catch (WorkloadException | RuntimeException e) {
            closeAll.run();
            throw e;
        }
    }

    /** Marks the start: only once, from new. */
    public void begin() {
        if (state != State.NEW) throw new IllegalStateException(role + ": " + state + " (expected: NEW, start() once)");
        state = State.RUNNING;
    }

    /** Launches the JVM ({@link ServerLaunch#start}) and waits for its READY line; after {@link #begin}. */
    public ServerReady launch(LaunchSettings launch, Class<?> mainClass, List<String> args, String readyPrefix) throws WorkloadException {
        return launch(role, launch, mainClass, Map.of(), args, readyPrefix);
    }

    /**
     * Launches one more JVM, named {@code who} in messages, with these system properties, and waits for its READY line;
     * after {@link #begin}.
     */
    public ServerReady launch(String who, LaunchSettings launch, Class<?> mainClass, Map<String, String> properties,
                              List<String> args, String readyPrefix) throws WorkloadException {
        if (state != State.RUNNING) throw new IllegalStateException(role + ": " + state + " (expected: RUNNING, after begin())");
        JvmProcess p = ServerLaunch.start(who, launch, mainClass, properties, args, readyPrefix);
        processes.add(p);
        return new ServerReady(p.pid(), ServerLaunch.readyLine(p));
    }

    /** Refuses a client unless the servers were started and every one still runs. */
    public void requireRunning() throws WorkloadException {
        if (state != State.RUNNING || processes.isEmpty())
            throw new WorkloadException(role + ": " + state.name().toLowerCase(Locale.ROOT) + " (expected: running; call start() first)");
        for (JvmProcess p : processes) ServerLaunch.requireAlive(p);
    }

    /** What they printed, one after the other in the order they started; nothing before. */
    public List<String> output() {
        List<String> lines = new ArrayList<>();
        for (JvmProcess p : processes) lines.addAll(p.stdout());
        return lines;
    }

    /** Waits for a line of the last JVM started (ended at once when none runs), e.g. a server's {@code UNREFERENCED}. */
    public LineWait awaitLine(java.util.function.Predicate<String> match, java.time.Duration timeout) throws WorkloadException {
        if (processes.isEmpty()) return new LineWait.Ended();
        return processes.get(processes.size() - 1).awaitLine(match, timeout);
    }

    /** Stops them, the last started first. Idempotent. */
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) processes.get(i).close();
        processes.clear();
        state = State.CLOSED;
    }
}
