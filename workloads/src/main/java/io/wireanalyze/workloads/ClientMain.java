package io.wireanalyze.workloads;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;

/**
 * The part every client JVM's main shares: its options parsed, its calls made, one line per call written to
 * {@code --result}, then a one-line summary on stdout and exit 0, or one line on stderr and exit 1. Each line starts
 * with the client's kind and index ({@code soap client 0: ...}).
 */
public final class ClientMain {

    /** One client's calls, logged; a failure, or empty. */
    @FunctionalInterface
    public interface Calls {
        Optional<String> call(ClientOptions options, CallLog log);
    }

    /** A client's own part, from its first step (making its proxy or looking it up) to the plan's last call. */
    @FunctionalInterface
    public interface Steps {
        void run(PlanRun run) throws Exception;
    }

    private ClientMain() {
    }

    /**
     * Runs {@code steps} on a {@link PlanRun} at {@code firstStep}: empty when they ran through, else the failure, the
     * step they were at and what they threw on one line ({@code measured call 3 (sendInts): java.net.ConnectException:
     * ...}).
     */
    public static Optional<String> steps(String firstStep, Steps steps) {
        PlanRun run = new PlanRun(firstStep);
        try {
            steps.run(run);
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.of(run.step() + ": interrupted");
        } catch (Exception e) {
            return Optional.of(run.step() + ": " + e.toString().replaceAll("\\s+", " "));
        }
    }

    /**
     * A client JVM's whole main: logging quiet unless the command line chose a level ({@link QuietLogging}), then
     * {@link #run} on the process's streams, and exit with its code.
     */
    public static void main(String kind, String[] args, Calls calls) {
        QuietLogging.exit(() -> run(kind, args, System.out, System.err, calls));
    }

    /** Parses {@code args}, makes the calls and {@linkplain #finish finishes}; the exit code. */
    public static int run(String kind, String[] args, PrintStream out, PrintStream err, Calls calls) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println(kind + ": " + parsed.error().get());
            return 1;
        }
        ClientOptions options = parsed.orElseThrow();
        CallLog log = new CallLog(options.client());
        return finish(kind + " " + options.client(), options, log, calls.call(options, log), "", out, err);
    }

    /**
     * Writes the result file (a failure to write it is the client's failure when it had none), then the summary,
     * with {@code summarySuffix} after it, or the failure; the exit code.
     */
    public static int finish(String role, ClientOptions options, CallLog log, Optional<String> failure, String summarySuffix,
                             PrintStream out, PrintStream err) {
        try {
            ResultFile.write(options.resultFile(), log.records());
        } catch (IOException e) {
            failure = failure.or(() -> Optional.of("result file " + options.resultFile() + ": " + e.getMessage()));
        }
        if (failure.isPresent()) {
            err.println(role + ": " + failure.get());
            return 1;
        }
        out.println(role + ": " + log.summary() + summarySuffix);
        return 0;
    }
}
