package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallLog;
import io.wireanalyze.workloads.ClientOptions;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ResultFile;
import io.wireanalyze.workloads.StubRelease;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.ref.Reference;
import java.lang.ref.WeakReference;
import java.rmi.NotBoundException;
import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.Optional;

/**
 * The JRMP benchmark client. Command line: {@link ClientOptions}. Looks the service up in the registry,
 * makes the warm-up calls, the marker call {@code wireanalyzeMark("measure")} (only after warm-ups), and
 * the measured calls, timing each with {@code System.nanoTime()}; keeps the stub for {@code --hold-ms}
 * (the DGC renews its lease meanwhile); with {@code --drop-stub-and-gc} then drops it and collects until
 * the DGC clean call is out ({@link DgcRelease}). Writes one JSON line per call to {@code --result} (also
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

    /** A remote call with its argument already built, so building it is not timed. */
    @FunctionalInterface
    private interface RemoteCall {
        Object call() throws RemoteException;
    }

    /** How the calls went: a failure message, if any, and a weak handle on the stub to release. */
    private record Session(Optional<String> failure, WeakReference<Remote> stub) {
    }

    static int run(String[] args, PrintStream out, PrintStream err) {
        Parsed<ClientOptions> parsed = ClientOptions.parse(args);
        if (parsed.error().isPresent()) {
            err.println("jrmp client: " + parsed.error().get());
            return 1;
        }
        ClientOptions options = parsed.orElseThrow();
        String role = "jrmp client " + options.client();
        CallLog log = new CallLog(options.client());
        Session session = callAll(options, log);
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
        try {
            ResultFile.write(options.resultFile(), log.records());
        } catch (IOException e) {
            failure = failure.or(() -> Optional.of("result file " + options.resultFile() + ": " + e.getMessage()));
        }
        if (failure.isPresent()) {
            err.println(role + ": " + failure.get());
            return 1;
        }
        out.println(role + ": " + log.summary() + release);
        return 0;
    }

    /** Lookup, warm-ups, marker, measured calls and hold. The stub does not outlive this method. */
    private static Session callAll(ClientOptions options, CallLog log) {
        Plan plan = options.plan();
        BenchService stub = null;
        String step = "lookup '" + options.name() + "' at " + options.server();
        try {
            Registry registry = LocateRegistry.getRegistry(options.server().host(), options.server().port());
            long start = System.nanoTime();
            Remote found = registry.lookup(options.name());
            long end = System.nanoTime();
            log.add(CallKind.LOOKUP, "lookup", start, end, Optional.of(found.toString()));
            if (!(found instanceof BenchService)) {
                return new Session(Optional.of(step + ": " + found.getClass().getName()
                        + " (expected: a " + BenchService.class.getName() + " stub)"), new WeakReference<>(found));
            }
            stub = (BenchService) found;
            String method = plan.payload().method().javaName();
            RemoteCall call = prepare(stub, plan.payload());
            for (int i = 0; i < plan.warmup(); i++) {
                step = "warm-up call " + i + " (" + method + ")";
                timed(log, CallKind.WARMUP, method, call);
            }
            if (plan.marks()) {
                step = "marker call (" + BenchValues.MARK_METHOD + ")";
                BenchService s = stub;
                timed(log, CallKind.MARK, BenchValues.MARK_METHOD, () -> {
                    s.wireanalyzeMark(BenchValues.MEASURE_LABEL);
                    return null;
                });
            }
            for (int i = 0; i < plan.invocations(); i++) {
                step = "measured call " + i + " (" + method + ")";
                timed(log, CallKind.MEASURED, method, call);
            }
            if (!plan.hold().isZero()) {
                step = "hold";
                Thread.sleep(plan.hold().toMillis());
            }
            Reference.reachabilityFence(stub);
            return new Session(Optional.empty(), new WeakReference<>(stub));
        } catch (RemoteException | NotBoundException e) {
            return new Session(Optional.of(step + ": " + JrmpServer.oneLine(e.toString())), new WeakReference<>(stub));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Session(Optional.of(step + ": interrupted"), new WeakReference<>(stub));
        }
    }

    private static void timed(CallLog log, CallKind kind, String method, RemoteCall call) throws RemoteException {
        long start = System.nanoTime();
        Object result = call.call();
        long end = System.nanoTime();
        log.add(kind, method, start, end, Optional.ofNullable(result).map(String::valueOf));
    }

    private static RemoteCall prepare(BenchService s, Payload payload) {
        return switch (payload.method()) {
            case SEND_INTS -> {
                int[] data = BenchValues.ints(payload.count());
                yield () -> s.sendInts(data);
            }
            case SEND_CHARS -> {
                String data = BenchValues.chars(payload.count());
                yield () -> s.sendChars(data);
            }
            case PING -> () -> {
                s.ping();
                return null;
            };
            case GET_INT -> s::getInt;
            case GET_SHORT -> s::getShort;
            case GET_LONG -> s::getLong;
            case GET_FLOAT -> s::getFloat;
            case GET_DOUBLE -> s::getDouble;
            case GET_BOOLEAN -> s::getBoolean;
            case GET_BYTE -> s::getByte;
            case GET_STRING -> s::getString;
        };
    }
}
