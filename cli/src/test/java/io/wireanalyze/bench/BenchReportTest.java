package io.wireanalyze.bench;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** What the bench prints for issue #19's worker target: the speed-up, and the two CPU bounds beside it. */
class BenchReportTest {

    private static final Measurement.Capture MIXED = new Measurement.Capture("mixed", Path.of("mixed.pcap"), 1_501_164, 532_000_000);

    private static Measurement run(Measurement.Tool tool, double seconds, ChildRun.Cpu cpu) {
        return new Measurement(MIXED, tool, new ChildRun(List.of("analyze"), 0, seconds, 0, 0, "", cpu), 1);
    }

    @Test
    void theWorkersTargetSaysWhatTheRunOnOneThreadAloneAllowsOnTheseCores() {
        // The sixth stop's bench on the 1.5 M-packet capture: one thread 23.85 s and 36.9 s of CPU, workers 23.20 s and
        // 41.02 s (its JIT and GC); the one thread's JIT and GC here are made up.
        List<Measurement> ms = List.of(
                run(Measurement.Tool.ANALYZE_JSON, 23.20, new ChildRun.Cpu(41.02, 19.6, 10.95, 9.72)),
                run(Measurement.Tool.ANALYZE_JSON_ONE_THREAD, 23.85, new ChildRun.Cpu(36.90, 17.4, 9.80, 8.10)));
        BenchReport.Target t = BenchReport.workersTarget(ms, "mixed", 1.5, 2);
        assertFalse(t.met());
        assertEquals("1.03x (23.20 s against 23.85 s); it asks <= 15.90 s, and the run with workers used 41.02 s of CPU"
                + " (JIT 10.95, GC 9.72): at least 20.51 s on 2 cores; the run on one thread itself used 36.90 s of CPU"
                + " (JIT 9.80, GC 8.10), so the same work takes at least 18.45 s on 2 cores: at most 1.29x", t.measured());
    }

    @Test
    void withoutTheThreadsCpuTheTargetSaysOnlyTheSpeedUp() {
        List<Measurement> ms = List.of(run(Measurement.Tool.ANALYZE_JSON, 10, null),
                run(Measurement.Tool.ANALYZE_JSON_ONE_THREAD, 16, null));
        BenchReport.Target t = BenchReport.workersTarget(ms, "mixed", 1.5, 2);
        assertTrue(t.met());
        assertEquals("1.60x (10.00 s against 16.00 s)", t.measured());
    }
}
