package io.wireanalyze.workloads;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A workload's one server JVM and its life: new, running once started, closed. What the single-server workloads
 * (Hessian and Burlap, HttpInvoker, XML-RPC, SOAP) share: start it once, refuse a client before it runs or after it
 * died, give its output, stop it.
 */
public final class ServerJvm {
    private enum State { NEW, RUNNING, CLOSED }

    private final String role;
    private State state = State.NEW;
    private JvmProcess process;

    /** @param role who it is in messages, e.g. {@code xmlrpc server} */
    public ServerJvm(String role) {
        this.role = role;
    }

    /** Marks the start: only once, from new. */
    public void begin() {
        if (state != State.NEW) throw new IllegalStateException(role + ": " + state + " (expected: NEW, start() once)");
        state = State.RUNNING;
    }

    /** Launches the JVM ({@link ServerLaunch#start}) and waits for its READY line; after {@link #begin}. */
    public ServerReady launch(LaunchSettings launch, Class<?> mainClass, List<String> args, String readyPrefix) throws WorkloadException {
        process = ServerLaunch.start(role, launch, mainClass, Map.of(), args, readyPrefix);
        return new ServerReady(process.pid(), ServerLaunch.readyLine(process));
    }

    /** Refuses a client unless the server was started and still runs. */
    public void requireRunning() throws WorkloadException {
        if (state != State.RUNNING || process == null)
            throw new WorkloadException(role + ": " + state.name().toLowerCase(Locale.ROOT) + " (expected: running; call start() first)");
        ServerLaunch.requireAlive(process);
    }

    /** What it printed, nothing before it started. */
    public List<String> output() {
        return process == null ? List.of() : process.stdout();
    }

    /** Stops it. Idempotent. */
    public void close() {
        if (process != null) process.close();
        process = null;
        state = State.CLOSED;
    }
}
