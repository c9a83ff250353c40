package io.wireanalyze.profile;

import io.wireanalyze.profile.CpuProfile.SocketWaits;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue #21: a JVM's waits count each wall-clock nanosecond once (the union of its threads' waits), where the sum of
 * the rows used to count a worker thread's socket write inside the calling thread's park twice; and Jetty's selector
 * counts only while no request is being handled. Intervals in nanoseconds from the window's start.
 */
class JvmWaitsTest {

    @Test
    void aWorkersWritesInsideTheCallersParkCountOnce() {
        JvmWaits client = new JvmWaits();
        for (long call = 0; call < 3; call++) {
            client.park(1, 100 * call, 100 * call + 100);     // the calling thread waits on its reply's future
            client.socket(2, 100 * call + 10, 100 * call + 20, false);   // the worker thread writes the request meanwhile
        }
        client.socket(2, 60, 65, true);            // and reads a reply
        SocketWaits w = client.settle(3);
        assertEquals(5, w.readNanos());
        assertEquals(30, w.writeNanos());
        assertEquals(265, w.parkNanos(), "the parks less the worker's writes and read inside them");
        assertEquals(300, w.readNanos() + w.writeNanos() + w.parkNanos() + w.selectNanos(), "the union: 300 ns, not the 335 the rows summed to before");
        assertEquals(3, w.parks());
        assertEquals(3, w.writes(), "every operation still counted");
        assertEquals(1, w.reads());
    }

    @Test
    void twoThreadsReadingAtOnceCountTheirOverlapOnce() {
        JvmWaits jvm = new JvmWaits();
        for (long t = 0; t < 3; t++) jvm.socket(7, 100 * t, 100 * t + 50, true);
        for (long t = 0; t < 3; t++) jvm.socket(8, 100 * t + 40, 100 * t + 60, true);
        jvm.socket(9, 0, 300, true);               // an idle connection's one read through the window: left out
        SocketWaits w = jvm.settle(3);
        assertEquals(3 * 60, w.readNanos(), "[0,60) [100,160) [200,260)");
        assertEquals(6, w.reads());
        assertEquals(300, w.idleNanos(), "the idle read is left out as before, in no row");
    }

    @Test
    void theSelectorCountsWhileNoRequestIsHandledAndNotDuringTheServersReads() {
        JvmWaits server = new JvmWaits();
        server.select(0, 50);                      // one selector thread
        server.select(40, 100);                    // another, after the first handed selecting over (overlap 40..50)
        server.request(45, 70);                    // a request handled on a third thread: not waiting for the peer
        server.socket(3, 60, 65, true);
        server.socket(3, 70, 72, true);
        server.socket(3, 80, 81, true);
        SocketWaits w = server.settle(3);
        assertEquals(8, w.readNanos());
        assertEquals(100 - 25 - 3, w.selectNanos(), "[0,100) less the request [45,70) less the reads [70,72) [80,81) outside it");
        assertEquals(2, w.selects());
        assertEquals(80, w.readNanos() + w.writeNanos() + w.parkNanos() + w.selectNanos());
    }

    @Test
    void aSeedsRowNamingTheSelectorHoldsItsWait() {
        // 100 samples (1 ms each) and a server whose selector waited 300 ms and read 100 ms: 500 ms.
        CpuProfile p = new CpuProfile(java.util.Map.of(io.wireanalyze.workloads.JvmSide.SERVER, java.util.Map.of(CpuProfile.Group.STACK, 100L)), java.util.Map.of(), 0,
                List.of(), java.util.Map.of("org.eclipse.jetty.server.Handler.handle", 100L),
                java.util.Map.of(io.wireanalyze.workloads.JvmSide.SERVER, new SocketWaits(100_000_000L, 0, 10, 0, 0, 0, 0, 300_000_000L, 12)), 400_000_000L);
        assertEquals(500, p.timeMs(), 1e-9);
        assertEquals(60.0, p.percentOf(List.of(CpuProfile.SELECTOR_WAIT)), 1e-9, "300 of 500 ms");
        assertEquals(20.0, p.percentOf(List.of(CpuProfile.SOCKET_READ_WAIT)), 1e-9);
        assertEquals(80.0, p.waitingPercent(), 1e-9);
        assertTrue(p.timeTable().lines().anyMatch(l -> l.matches("  " + java.util.regex.Pattern.quote(CpuProfile.SELECTOR_ROW) + " +0\\.0 +- +300\\.0 +60\\.0 +300\\.0 +60\\.0")),
                p.timeTable());
    }

    @Test
    void fewerThanTheCallPathsOperationsAreIdle() {
        JvmWaits jvm = new JvmWaits();
        jvm.park(1, 0, 10);
        jvm.park(1, 20, 30);
        SocketWaits w = jvm.settle(3);
        assertEquals(0, w.parkNanos());
        assertEquals(20, w.idleNanos());
        assertEquals(10, jvm.settle(1).parkNanos() / 2, "with one measured call one park is enough");
    }

    @Test
    void intervalsUnionAndMinus() {
        List<long[]> u = Intervals.union(List.of(new long[]{5, 10}, new long[]{0, 3}, new long[]{3, 4}, new long[]{8, 12}, new long[]{20, 20}));
        assertEquals("[0,4] [5,12]", text(u));
        assertEquals(11, Intervals.length(u));
        assertEquals("[0,1] [3,4] [11,12]", text(Intervals.minus(u, Intervals.union(List.of(new long[]{1, 3}, new long[]{5, 11})))));
        assertEquals("", text(Intervals.minus(u, List.of(new long[]{-5, 50}))));
        assertEquals("[0,4] [5,12]", text(Intervals.minus(u, List.of(new long[]{4, 5}, new long[]{12, 30}))));
    }

    private static String text(List<long[]> intervals) {
        return String.join(" ", intervals.stream().map(i -> "[" + i[0] + "," + i[1] + "]").toList());
    }
}
