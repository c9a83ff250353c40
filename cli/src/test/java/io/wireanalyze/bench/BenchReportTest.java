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

    /**
     * This stop's bench on the mixed capture: the launcher ran the workers on C1 only (a capture under 640 MiB) and the
     * one thread with C2, whose compiling used 8.97 s of CPU that the workers' run did not. The one thread's CPU over the
     * cores, 14.44 s, would have said "at most 1.25x" beside a speed-up of 1.42x.
     */
    @Test
    void withDifferentCompilersTheRunOnOneThreadBoundsNothing() {
        List<Measurement> ms = List.of(
                new Measurement(MIXED, Measurement.Tool.ANALYZE_JSON, new ChildRun(List.of("java", "-XX:TieredStopAtLevel=1",
                        "-XX:CompileThresholdScaling=0.25", "-jar", "wireanalyze.jar", "analyze"), 0, 12.74, 0, 0, "",
                        new ChildRun.Cpu(23.04, 17.66, 1.13, 3.55)), 1),
                run(Measurement.Tool.ANALYZE_JSON_ONE_THREAD, 18.06, new ChildRun.Cpu(28.87, 15.95, 8.97, 3.06)));
        BenchReport.Target t = BenchReport.workersTarget(ms, "mixed", 1.5, 2);
        assertFalse(t.met());
        assertEquals("1.42x (12.74 s against 18.06 s); it asks <= 12.04 s, and the run with workers used 23.04 s of CPU"
                + " (JIT 1.13, GC 3.55): at least 11.52 s on 2 cores; the run on one thread itself used 28.87 s of CPU"
                + " (JIT 8.97, GC 3.06), compiled by C1 and C2 where the run with workers was compiled by C1 only (the"
                + " launcher's rules): not the same work, so it bounds nothing", t.measured());
    }

    @Test
    void theCompiledLineGivesBothMeansAndTheSpeedUp() {
        // This stop's compiled rounds on the 1.5 M-packet mixed capture (means of rounds 3 to 4 of 4).
        String line = BenchReport.compiled("mixed", new java.util.LinkedHashMap<>(java.util.Map.of(0, 10.306, 2, 7.166)), 4, null);
        assertEquals("compiled, in one JVM (mixed, json, rounds 3 to 4 of 4): on 1 thread 10.31 s, with 2 workers 7.17 s: 1.44x"
                + " (the json runs above without their start-up and the JIT's warm-up, which on few cores takes the core the workers would use)", line);
        assertTrue(BenchReport.compiled("mixed", java.util.Map.of(), 4, "exit 1: bad.pcap").endsWith("failed: exit 1: bad.pcap"));
        assertTrue(BenchReport.compiled("mixed", java.util.Map.of(0, 1.0), 4, null).endsWith("no result"));
    }

    @Test
    void withoutTheThreadsCpuTheTargetSaysOnlyTheSpeedUp() {
        List<Measurement> ms = List.of(run(Measurement.Tool.ANALYZE_JSON, 10, null),
                run(Measurement.Tool.ANALYZE_JSON_ONE_THREAD, 16, null));
        BenchReport.Target t = BenchReport.workersTarget(ms, "mixed", 1.5, 2);
        assertTrue(t.met());
        assertEquals("1.60x (10.00 s against 16.00 s)", t.measured());
    }

    @Test
    void issue20sTargetsAreEachCapturesFloorRatioThePacketRateTsharkAndTheXmlRate() {
        // This stop's bench (seventh stop): the mixed capture, its MTU-1500 variant, the slice and the XML-heavy capture.
        var mixed = new Measurement.Capture("mixed 1.5M", Path.of("m.pcap"), 1_501_899, 525_500_000);
        var mtu = new Measurement.Capture("MTU-1500 variant", Path.of("v.pcap"), 1_662_967, 538_700_000);
        var slice = new Measurement.Capture("slice 150k", Path.of("s.pcap"), 152_439, 53_300_000);
        var xml = new Measurement.Capture("XML MTU-1500", Path.of("x.pcap"), 1_500_296, 789_200_000);
        List<Measurement> ms = List.of(
                of(mixed, Measurement.Tool.READ_FLOOR, 2.15), of(mixed, Measurement.Tool.ANALYZE_JSON, 20.66),
                of(mixed, Measurement.Tool.TSHARK, 25.17),
                of(mtu, Measurement.Tool.READ_FLOOR, 1.65), of(mtu, Measurement.Tool.ANALYZE_TABLE, 15.65),
                of(mtu, Measurement.Tool.TSHARK, 30.53),
                of(slice, Measurement.Tool.READ_FLOOR, 1.05), of(slice, Measurement.Tool.ANALYZE_TABLE, 5.10),
                of(slice, Measurement.Tool.TSHARK, 3.20),
                of(xml, Measurement.Tool.READ_FLOOR, 1.77), of(xml, Measurement.Tool.ANALYZE_TABLE, 2.50));
        List<BenchReport.Target> t = BenchReport.targets20(ms, "mixed 1.5M", "MTU-1500 variant", "slice 150k", "XML MTU-1500");
        assertEquals(5, t.size());
        assertEquals("mixed 1.5M: json 9.61x; MTU-1500 variant: table 9.48x; slice 150k: table 4.86x; XML MTU-1500: table 1.41x",
                t.get(0).measured());
        assertFalse(t.get(0).met(), "two captures are beyond 6x");
        assertEquals("table 106,260 packets/s", t.get(1).measured());
        assertFalse(t.get(1).met());
        assertEquals("table 0.6x", t.get(2).measured());
        assertFalse(t.get(2).met());
        assertEquals("mixed 1.5M: json 1.2x; MTU-1500 variant: table 2.0x", t.get(3).measured());
        assertFalse(t.get(3).met());
        assertEquals("table 315.7 MB/s", t.get(4).measured(), "a made-up 2.5 s run of the XML capture");
        assertTrue(t.get(4).met());
    }

    private static Measurement of(Measurement.Capture c, Measurement.Tool tool, double seconds) {
        return new Measurement(c, tool, new ChildRun(List.of(tool.label), 0, seconds, 0, 0, "", null), 1);
    }
}
