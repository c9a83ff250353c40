package io.wireanalyze.profile;

import io.wireanalyze.profile.CpuProfile.SocketWaits;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One JVM's waits within the window, as intervals (nanoseconds from the window's start), settled into its
 * {@link SocketWaits} so that each wall-clock nanosecond counts once per JVM: a write of a client's worker thread
 * falls inside the calling thread's park, a selector's wait inside a socket read of another thread. Overlaps go to
 * the first of socket reads, socket writes, the calling thread's parks, the selector's wait; so the four rows add up
 * to the union of the JVM's waits (at most the window).
 */
final class JvmWaits {
    private record Op(long[] interval, boolean read) {
    }

    private final Map<Long, List<Op>> sockets = new HashMap<>();
    private final Map<Long, List<long[]>> parks = new HashMap<>();
    private final List<long[]> selects = new ArrayList<>(), requests = new ArrayList<>();

    /** A blocking socket read ({@code read}) or write of {@code thread}, clipped to the window. */
    void socket(long thread, long start, long end, boolean read) {
        sockets.computeIfAbsent(thread, k -> new ArrayList<>()).add(new Op(new long[]{start, end}, read));
    }

    /** A park or monitor wait of a thread with the workload's code on its stack, clipped to the window. */
    void park(long thread, long start, long end) {
        parks.computeIfAbsent(thread, k -> new ArrayList<>()).add(new long[]{start, end});
    }

    /** A blocking select() of Jetty's server selector (any of its threads), clipped to the window. */
    void select(long start, long end) {
        selects.add(new long[]{start, end});
    }

    /** A request Jetty handled, until its response completed, clipped to the window. */
    void request(long start, long end) {
        requests.add(new long[]{start, end});
    }

    /**
     * The JVM's waits: the threads with at least {@code callPath} socket operations (or parks) in the window count,
     * the others' time is idle (left out, summed per thread as before); the selector counts while no request is being
     * handled; each nanosecond once, overlaps given to reads, writes, parks and the selector in that order.
     */
    SocketWaits settle(int callPath) {
        List<long[]> reads = new ArrayList<>(), writes = new ArrayList<>(), parked = new ArrayList<>();
        long nReads = 0, nWrites = 0, nParks = 0, idle = 0;
        for (List<Op> ops : sockets.values()) {
            if (ops.size() >= callPath) {
                for (Op o : ops) (o.read() ? reads : writes).add(o.interval());
                nReads += ops.stream().filter(Op::read).count();
                nWrites += ops.stream().filter(o -> !o.read()).count();
            } else {
                for (Op o : ops) idle += o.interval()[1] - o.interval()[0];
            }
        }
        for (List<long[]> p : parks.values()) {
            if (p.size() >= callPath) {
                parked.addAll(p);
                nParks += p.size();
            } else {
                for (long[] i : p) idle += i[1] - i[0];
            }
        }
        List<long[]> r = Intervals.union(reads);
        List<long[]> w = Intervals.minus(Intervals.union(writes), r);
        List<long[]> rw = Intervals.join(r, w);
        List<long[]> p = Intervals.minus(Intervals.union(parked), rw);
        List<long[]> rwp = Intervals.join(rw, p);
        List<long[]> s = Intervals.minus(Intervals.minus(Intervals.union(selects), Intervals.union(requests)), rwp);
        return new SocketWaits(Intervals.length(r), Intervals.length(w), nReads, nWrites, idle, Intervals.length(p), nParks,
                Intervals.length(s), selects.size());
    }
}
