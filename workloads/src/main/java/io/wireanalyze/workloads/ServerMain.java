package io.wireanalyze.workloads;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * What every workload's server JVM does once it has read its options: refuse a port already taken, start, print
 * {@code READY <name>=<port>}, run until stdin closes, stop, exit 0; exit 1 with one line on stderr
 * ({@code <role>: ...}) when it cannot start.
 */
public final class ServerMain {

    /** Starts the server; any failure is the one line on stderr. */
    @FunctionalInterface
    public interface Start<S> {
        S start() throws Exception;
    }

    /** Stops the server. */
    @FunctionalInterface
    public interface Stop<S> {
        void stop(S server);
    }

    private ServerMain() {
    }

    /**
     * @param role  who speaks on stderr, e.g. {@code hessian server}
     * @param ready the READY line's key, e.g. {@code hessian} for {@code READY hessian=8080}
     * @param port  the port asked for, checked before the start
     * @param bound the port the started server listens on
     * @return the JVM's exit code
     */
    public static <S> int serve(String role, String ready, int port, Start<S> start, ToIntFunction<S> bound, Stop<S> stop,
                                InputStream in, PrintStream out, PrintStream err) {
        Optional<String> busy = LoopbackPort.problem(port);
        if (busy.isPresent()) {
            err.println(role + ": port " + port + ": " + busy.get());
            return 1;
        }
        S server;
        try {
            server = start.start();
        } catch (Exception e) {
            if (e instanceof InterruptedException) Thread.currentThread().interrupt();
            err.println(role + ": " + e.toString().replaceAll("\\s+", " "));
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + ready + "=" + bound.applyAsInt(server));
        out.flush();
        EndOfInput.await(in, err, role);
        stop.stop(server);
        return 0;
    }

    /** A start that is given the port asked for. */
    @FunctionalInterface
    public interface StartOn<S> {
        S start(int port) throws Exception;
    }

    /**
     * A server JVM whose one option is {@code --port N}: parses it ({@code <role>: ...} on stderr and 1 when it is
     * missing or wrong), then {@link #serve}.
     */
    public static <S> int servePort(String role, String ready, String[] args, StartOn<S> start, ToIntFunction<S> bound,
                                    Stop<S> stop, InputStream in, PrintStream out, PrintStream err) {
        Parsed<Integer> port = OptionArgs.parse(args, Set.of(PORT), Set.of()).flatMap(o -> o.required(PORT)
                .flatMap(v -> o.intValue(PORT, 1, 65535, 0)));
        if (refused(role, err, port)) return 1;
        int p = port.orElseThrow();
        return serve(role, ready, p, () -> start.start(p), bound, stop, in, out, err);
    }

    /** The option of {@link #servePort}. */
    public static final String PORT = "--port";

    /** The options' first error on stderr ({@code <role>: ...}), if one of them has one. */
    public static boolean refused(String role, PrintStream err, Parsed<?>... options) {
        for (Parsed<?> p : options) {
            if (p.error().isPresent()) {
                err.println(role + ": " + p.error().get());
                return true;
            }
        }
        return false;
    }
}
