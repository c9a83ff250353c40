package io.wireanalyze.workloads.jrmp;

import java.lang.ref.WeakReference;
import java.time.Duration;

/**
 * Makes a JRMP client's distributed garbage collector send its DGC {@code clean} call for a stub the
 * client has dropped, and waits until the call has gone out.
 *
 * <p>Why this is needed: the JDK's DGC client only learns that a remote reference is gone when the local
 * garbage collector clears the stub's {@code LiveRef} (a phantom reference). Nothing else triggers a clean
 * call, and JVM exit does not: without a collection the server just sees the lease expire. The clean call
 * is then made by a daemon thread named {@code RenewClean-[host:port]} that exits once the endpoint has no
 * references and no pending clean calls left, so a client that exits too early kills it mid-call.
 *
 * <p>How: call {@code System.gc()} every 50 ms until the stub is collected and no {@code RenewClean-}
 * thread is alive, for at most {@link #LIMIT}. On loopback one full collection and one round trip
 * normally suffice (about 100 ms); 5 s leaves room for a loaded machine and bounds the client's exit.
 * The thread name is a JDK implementation detail (sun.rmi.transport.DGCClient, stable since JDK 1.2); if
 * it changed, the wait would end after the stub is collected and the outcome would still be reported.
 */
final class DgcRelease {
    static final Duration LIMIT = Duration.ofSeconds(5);
    private static final long PAUSE_MILLIS = 50;
    private static final String RENEW_CLEAN_THREAD_PREFIX = "RenewClean-";

    enum Outcome {
        /** The stub was collected and the DGC thread finished its clean call. */
        CLEANED,
        /** The stub was collected but the DGC thread was still busy at the limit. */
        COLLECTED_ONLY,
        /** The stub was still reachable at the limit (a bug in the client: someone holds it). */
        NOT_COLLECTED
    }

    private DgcRelease() {
    }

    static Outcome release(WeakReference<?> stub, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        do {
            System.gc();
            Thread.sleep(PAUSE_MILLIS);
            if (stub.get() == null && !renewCleanThreadAlive()) return Outcome.CLEANED;
        } while (System.nanoTime() < deadline);
        return stub.get() == null ? Outcome.COLLECTED_ONLY : Outcome.NOT_COLLECTED;
    }

    private static boolean renewCleanThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith(RENEW_CLEAN_THREAD_PREFIX));
    }
}
