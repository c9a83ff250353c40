package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.service.BenchCalls;
import io.wireanalyze.workloads.service.BenchService;
import io.wireanalyze.workloads.ClientMain;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.PlanRun;
import io.wireanalyze.workloads.StubRelease;

import java.io.PrintStream;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.Registry;
import java.util.Optional;

/**
 * The JRMP benchmark client. Command line: {@link ClientOptions}. Looks the service up in the registry,
 * makes the warm-up calls, the marker call {@code wireanalyzeMark("measure")} (only after warm-ups), and
 * the measured calls, timing each with {@code System.nanoTime()}; keeps the stub for {@code --hold-ms}
 * (the DGC renews its lease meanwhile); with {@code --drop-stub-and-gc} then drops it and collects until
 * the DGC clean call is out ({@link DgcRelease}). Writes one line per call to {@code --result} (also
 * the calls made before a failure), prints a one-line summary, and exits 0; on failure prints one line on
 * stderr and exits 1.
 */
public final class JrmpClient {

    private JrmpClient() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        System.exit(run(args, System.out, System.err));
    }

    /** How the calls went: a failure message, if any, and a weak handle on the stub to release. */
    private record Session(Optional<String> failure, WeakReference<Remote> stub) {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        return run("jrmp client", args, out, err);
    }

    /**
     * The client's whole run, its messages starting with {@code kind} and the client index (e.g.
     * {@code http-rmi client 0: ...}): the http-rmi client is this one with its socket factory installed first.
     */
    public static int run(String kind, String[] args, PrintStream out, PrintStream err) {
        return run(kind, RmiSockets.PLAIN, args, out, err);
    }

    /** {@link #run(String, String[], PrintStream, PrintStream)} reaching the registry with these sockets (jrmp-tls: SSL). */
    public static int run(String kind, RmiSockets sockets, String[] args, PrintStream out, PrintStream err) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println(kind + ": " + parsed.error().get());
            return 1;
        }
        ClientOptions options = parsed.orElseThrow();
        String role = kind + " " + options.client();
        CallLog log = new CallLog(options.client());
        Session session = callAll(options, sockets, log);
        Optional<String> failure = session.failure();
        String release = "";
        if (failure.isEmpty() && options.plan().release() == StubRelease.DROP_AND_GC) {
            try {
                DgcRelease.Outcome outcome = DgcRelease.release(session.stub(), DgcRelease.LIMIT);
                release = "; stub released: " + outcome.name().toLowerCase(java.util.Locale.ROOT);
                if (outcome == DgcRelease.Outcome.NOT_COLLECTED)
                    failure = Optional.of("stub still reachable after " + DgcRelease.LIMIT.toSeconds()
                            + " s of System.gc() (expected: collected, so the DGC sends clean)");
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = Optional.of("interrupted while releasing the stub");
            }
        }
        return ClientMain.finish(role, options, log, failure, release, out, err);
    }

    /** Lookup, warm-ups, marker, measured calls and hold. The stub does not outlive this method. */
    private static Session callAll(ClientOptions options, RmiSockets sockets, CallLog log) {
        Plan plan = options.plan();
        BenchService stub = null;
        PlanRun run = new PlanRun("lookup '" + options.name() + "' at " + options.server());
        try {
            Registry registry = sockets.registry(options.server().host(), options.server().port());
            long start = System.nanoTime();
            Remote found = registry.lookup(options.name());
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, "lookup", start, end, Optional.of(found.toString()));
            if (!(found instanceof BenchService)) {
                return new Session(Optional.of(run.step() + ": " + found.getClass().getName()
                        + " (expected: a " + BenchService.class.getName() + " stub)"), new WeakReference<>(found));
            }
            stub = (BenchService) found;
            run.calls(plan, log, plan.payload().method().javaName(), BenchCalls.<RemoteException>prepare(BenchService.class, stub, plan.payload()),
                    BenchCalls.<RemoteException>marker(BenchService.class, stub));
            Reference.reachabilityFence(stub);
            return new Session(Optional.empty(), new WeakReference<>(stub));
        } catch (RemoteException | NotBoundException e) {
            return new Session(Optional.of(run.step() + ": " + JrmpServer.oneLine(e.toString())), new WeakReference<>(stub));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Session(Optional.of(run.step() + ": interrupted"), new WeakReference<>(stub));
        }
    }
}
