package io.wireanalyze.bench;

import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code bench} for real, with the shaded jar (after {@code package}) on small captures: every tool measured on every
 * capture, the targets judged, the captures reused on a second run; {@code --sizes} compares the JSON of both heaps.
 * Timing is printed, never asserted.
 */
class BenchIT {

    static Path jar() {
        Path jar = TestCaptures.repoRoot().resolve("cli/target/wireanalyze.jar");
        assertTrue(Files.isRegularFile(jar), "the package phase made " + jar);
        return jar;
    }

    record Run(int exit, String out, String err) {
    }

    static Run bench(Path dir, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar",
                jar().toString(), "bench", "--work", dir.resolve("work").toString()));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bench finished");
        return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    @Test
    void measuresEveryToolOnEveryCaptureAndReusesTheCaptures(@TempDir Path dir) throws Exception {
        Run r = bench(dir, "--packets", "4000", "--slice", "2000", "--xml-packets", "3000", "--large", "6000", "--tshark-timeout", "120");
        assertEquals(0, r.exit(), r.err());
        System.out.println(r.out());
        assertTrue(r.out().contains("machine: ") && r.out().contains("java: "), r.out());
        assertEquals(5, r.out().lines().filter(l -> l.contains("  read floor  ")).count(), "read floor on each capture:\n" + r.out());
        // In the wall-time table and in the CPU table: json with workers on the five captures, the one-server and the
        // large one; table on the five.
        assertEquals(14, r.out().lines().filter(l -> l.contains("  analyze json  ")).count(), "json on each capture:\n" + r.out());
        assertEquals(10, r.out().lines().filter(l -> l.contains("  analyze table  ")).count(), "table on each capture:\n" + r.out());
        // Where each analysis' CPU went: the whole process's time, and its threads' groups within it.
        List<String> cpu = r.out().lines().dropWhile(l -> !(l.startsWith("capture") && l.contains("CPU s")))
                .takeWhile(l -> !l.startsWith("CPU s:")).skip(1).toList();
        // With the Spark module built (a second ./run-tests in one clone): the Spark job's table and JSON, and --merge's
        // JSON beside them.
        assertEquals(cpu.size(), 20 + cpu.stream().filter(l -> l.contains("  analyze --engine spark ") || l.contains("  analyze --merge json  ")).count(),
                "3 analyses of each of the five captures, 2 of the one-server and large ones, --merge (and Spark's when built) of the pieces:\n" + r.out());
        for (String row : cpu) {
            String[] f = row.strip().split("\\s{2,}");
            int n = f.length;
            double total = Double.parseDouble(f[n - 6]), analysis = Double.parseDouble(f[n - 5]), jit = Double.parseDouble(f[n - 4]),
                    gc = Double.parseDouble(f[n - 3]);
            assertTrue(total > 0 && analysis > 0, row);
            assertTrue(analysis + jit + gc <= total + 0.03, "the threads' times fit in the process's: " + row);
        }
        assertTrue(r.out().contains("json with workers >= 1.5x json on 1 thread (mixed 4k)"), r.out());
        assertTrue(r.out().contains("json with workers >= 1.5x json on 1 thread (one server 4k)"), r.out());
        assertTrue(r.out().contains("json with workers >= 1.6x json on 1 thread (mixed 6k)"), r.out());
        // The same json again and again in one JVM, on one thread and with workers in turn (the JIT's warm-up left out).
        assertTrue(r.out().lines().anyMatch(l -> l.matches("compiled, in one JVM \\(mixed 4k, json, rounds 5 to 8 of 8\\): on 1 thread [0-9.]+ s,"
                + " with [0-9]+ workers [0-9.]+ s: [0-9.]+x .*")), r.out());
        assertTrue(r.out().contains("MTU-1500 variant") && r.out().contains("slice 2k"), r.out());
        assertTrue(r.out().contains("XML MTU-1500") && r.out().contains("XML big frames"), r.out());
        assertTrue(r.out().contains("within 3x of the read floor") && r.out().contains(">= 3 M packets/s"), r.out());
        if (Tshark.installed()) assertEquals(5, r.out().lines().filter(l -> l.contains("  tshark  ")).count(), r.out());
        // The mixed capture in 20 files, read as one by --merge (in both tables); Spark's run is the Spark module's
        // SparkBenchIT, once that module is built.
        assertEquals(2, r.out().lines().filter(l -> l.contains("  analyze --merge table  ")).count(), r.out());
        assertTrue(r.out().contains("Spark (embedded, local[*]) within 2x of analyze --merge (mixed 4k in 20 files)"), r.out());
        try (var pieces = Files.list(dir.resolve("work/mixed-4000p-seed1-in-20"))) {
            assertEquals(20, pieces.count());
        }
        assertTrue(Files.isRegularFile(dir.resolve("work/out/mixed-4000p-seed1/analyze-json/mixed-4000p-seed1.json")));

        Run again = bench(dir, "--packets", "4000", "--slice", "2000", "--xml-packets", "3000", "--large", "6000", "--no-tshark",
                "--runs", "2");
        assertEquals(0, again.exit(), again.err());
        assertEquals(8, again.err().lines().filter(l -> l.contains("reusing ")).count(), again.err());
        assertTrue(again.out().contains("not run (--no-tshark)"), again.out());
        // With two runs the tools of a capture take turns, a round each: every tool's best comes from the same minutes.
        List<String> turns = again.err().lines().filter(l -> l.contains("wireanalyze: running ") && l.contains(" on mixed-4000p-seed1.pcap (round "))
                .map(l -> l.substring(l.indexOf("running ") + 8)).toList();
        List<String> expected = new ArrayList<>();
        for (int round = 1; round <= 2; round++) {
            for (String tool : List.of("read floor", "analyze json", "analyze table", "analyze json, 1 thread")) {
                expected.add(tool + " on mixed-4000p-seed1.pcap (round " + round + " of 2)");
            }
        }
        assertEquals(expected, turns, again.err());
        assertTrue(again.out().contains("best of 2 run(s)"), again.out());
    }

    @Test
    void sizesComparesTheJsonOfBothHeaps(@TempDir Path dir) throws Exception {
        Run r = bench(dir, "--sizes", "1m", "--xmx", "256m");
        assertEquals(0, r.exit(), r.err());
        System.out.println(r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("1m ") && l.contains("identical ")), r.out());
    }

    /**
     * A run that fails is noted with its whole command (its worker count too), its exit code and its error line. The
     * heap is 4 MiB, which no analysis of the 1 MB capture fits: at 12 MiB one run in three finished.
     */
    @Test
    void sizesNotesARunThatFailed(@TempDir Path dir) throws Exception {
        Run r = bench(dir, "--sizes", "1m", "--xmx", "4m");
        assertEquals(0, r.exit(), r.err());
        String note = r.out().lines().filter(l -> l.startsWith("  ") && l.contains("-Xmx4m")).findFirst().orElse(null);
        assertTrue(note != null && note.matches(".* -jar \\S+wireanalyze\\.jar analyze \\S+mixed-1m-seed1\\.pcap --format json --workers \\d+"
                + " --tls-keylog \\S+\\.keys: exit 1: wireanalyze: .*"), r.out());
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("1m ") && l.contains("failed")), r.out());
    }
}
