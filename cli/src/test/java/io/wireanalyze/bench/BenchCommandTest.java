package io.wireanalyze.bench;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.cli.WireAnalyze;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/** {@code bench} and {@code bench synthesize} in-process: what they write, and their errors for bad input. */
class BenchCommandTest {

    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    static String fixtures() {
        return TestCaptures.repoRoot().resolve("fixtures").toString();
    }

    @Test
    void synthesizeWritesTheCaptureAndItsKeyLog(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("small.pcap");
        Run r = run("bench", "synthesize", "--packets", "3000", "--mtu", "1500", "--fixtures", fixtures(), pcap.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains(" replays "), r.out());
        assertTrue(Files.exists(dir.resolve("small.keys")), "the TLS fixtures' key logs beside it");
        long frames = 0;
        try (FrameSource s = CaptureFiles.open(pcap)) {
            while (s.next() != null) frames++;
        }
        assertTrue(frames >= 3000, frames + " packets (expected: >= 3000)");
        assertFalse(Files.exists(dir.resolve("small.pcap.partial")));
    }

    @Test
    void theXmlCapturesReplayOnlySoapBurlapAndXmlRpcFixtures(@TempDir Path dir) throws Exception {
        Path fixtures = Path.of(fixtures());
        WorkCaptures captures = new WorkCaptures(dir, fixtures, new PrintWriter(new StringWriter()));
        var all = CaptureSynthesizer.templates(fixtures);
        var xml = all.stream().filter(t -> BenchCommand.XML_FOLDERS.contains(fixtures.relativize(t.source()).getName(0).toString())).toList();
        long pcaps = 0;
        for (String folder : BenchCommand.XML_FOLDERS) {
            try (var f = Files.list(fixtures.resolve(folder))) {
                pcaps += f.filter(p -> p.toString().endsWith(".pcap")).count();
            }
        }
        assertTrue(pcaps >= 10, pcaps + " captures in " + BenchCommand.XML_FOLDERS);
        assertEquals(pcaps, xml.size(), "every capture of the SOAP (with WS-Security), Burlap and XML-RPC fixtures, and no other");
        CaptureSynthesizer.Summary mtu = captures.get("xml", new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(2), 1500, 1),
                BenchCommand.XML_FOLDERS);
        CaptureSynthesizer.Summary big = captures.get("xml-big", new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(2), 0, 1),
                BenchCommand.XML_FOLDERS);
        assertEquals(2 * xml.size(), mtu.replays());
        assertEquals(2 * CaptureSynthesizer.packetsPerRound(xml, 1500), mtu.packets());
        assertEquals(2 * CaptureSynthesizer.packetsPerRound(xml, 0), big.packets());
        assertTrue(mtu.packets() > big.packets(), mtu.packets() + " packets at MTU 1500, " + big.packets() + " as captured");
        long frames = 0;
        try (FrameSource s = CaptureFiles.open(mtu.file())) {
            for (var f = s.next(); f != null; f = s.next()) {
                frames++;
                assertTrue(f.bytes().remaining() <= 1514, "frame " + f.number() + ": " + f.bytes().remaining() + " bytes");
            }
        }
        assertEquals(mtu.packets(), frames);
    }

    @Test
    void compiledAnalysesTheCaptureInTurnAndGivesTheMeasuredRoundsMeans() {
        String pcap = TestCaptures.repoRoot().resolve("fixtures/jrmp/lookup-then-invoke.pcap").toString();
        Run r = run("bench", "compiled", pcap, "--workers", "0,2", "--rounds", "4");
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(5, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("round 1 of 4 (warm-up): workers 0 "), lines.get(0));
        assertTrue(lines.get(1).startsWith("round 2 of 4 (warm-up): workers 0 "), lines.get(1));
        assertTrue(lines.get(2).matches("round 3 of 4: workers 0 [0-9.]+ s, workers 2 [0-9.]+ s"), lines.get(2));
        assertTrue(lines.get(4).endsWith("(mean of rounds 3 to 4)"), lines.get(4));
        var means = CompiledRounds.parse(lines);
        assertEquals(List.of(0, 2), List.copyOf(means.keySet()), r.out());
        // The means are those of rounds 3 and 4, as printed (to the millisecond).
        for (int w : List.of(0, 2)) {
            double sum = 0;
            for (String line : lines.subList(2, 4)) {
                var m = java.util.regex.Pattern.compile("workers " + w + " ([0-9.]+) s").matcher(line);
                assertTrue(m.find(), line);
                sum += Double.parseDouble(m.group(1));
            }
            assertEquals(sum / 2, means.get(w), 0.0011, r.out());
            assertTrue(means.get(w) > 0, r.out());
        }
    }

    @Test
    void compiledSaysWhyTheAnalysisFailed(@TempDir Path dir) throws Exception {
        Path bad = Files.write(dir.resolve("bad.pcap"), new byte[]{1, 2, 3, 4, 5, 6, 7, 8});
        Run r = run("bench", "compiled", bad.toString(), "--rounds", "2");
        assertEquals(1, r.exit(), r.out());
        assertTrue(r.err().contains("bad.pcap") && r.err().contains("exited"), r.err());
        Run tooFew = run("bench", "compiled", bad.toString(), "--rounds", "1");
        assertEquals(2, tooFew.exit());
        assertTrue(tooFew.err().contains("--rounds 1"), tooFew.err());
        assertTrue(CompiledRounds.parse(List.of("round 1 of 2 (warm-up): workers 0 1.000 s")).isEmpty());
    }

    @Test
    void theBenchRunsWithTheLaunchersInliningBudgets() throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("jit_opts=\"" + BenchCommand.JIT_OPTIONS + "\"\n"), "./wireanalyze sets jit_opts to " + BenchCommand.JIT_OPTIONS);
    }

    @Test
    void theBenchRunsSmallCapturesOnC1AsTheLauncherDoes(@TempDir Path dir) throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("small_capture_bytes=" + BenchCommand.SMALL_CAPTURE_BYTES + "\n"), "./wireanalyze's threshold");
        assertTrue(launcher.contains("small_capture_opts=\"" + BenchCommand.SMALL_CAPTURE_OPTION + "\"\n"), "./wireanalyze's option");
        assertTrue(launcher.contains("then jit_opts=\"$jit_opts $small_capture_opts\"\n"), "./wireanalyze's rule");
        Path small = Files.write(dir.resolve("small.pcap"), new byte[1000]);
        List<String> c1 = List.of("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.25");
        assertEquals(c1, BenchCommand.launcherRule(small, 0));
        // A folder counts its files together: two of 160 MiB are 320 MiB, past the threshold; one alone is under it.
        Path pieces = Files.createDirectories(dir.resolve("pieces"));
        try (var f = new java.io.RandomAccessFile(pieces.resolve("a.pcap").toFile(), "rw")) {
            f.setLength(160L << 20);
        }
        assertEquals(c1, BenchCommand.launcherRule(pieces, 0));
        try (var f = new java.io.RandomAccessFile(pieces.resolve("b.pcap").toFile(), "rw")) {
            f.setLength(160L << 20);
        }
        assertEquals(List.of(), BenchCommand.launcherRule(pieces, false, BenchCommand.SMALL_CAPTURE_BYTES));
        assertEquals(c1, BenchCommand.launcherRule(pieces.resolve("b.pcap"), 0), "one 160 MiB piece alone is small");
    }

    @Test
    void asRootTheBenchRunsLargeCapturesWithTheCompilerThreadsAheadAsTheLauncherDoes(@TempDir Path dir) throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("compiler_priority=\"" + BenchCommand.COMPILER_PRIORITY_OPTION + "\"\n"), "./wireanalyze's option");
        assertTrue(launcher.contains("elif is_root; then jit_opts=\"$jit_opts $compiler_priority\"; fi"), "./wireanalyze's rule");
        Path large = dir.resolve("large.pcap");
        try (var f = new java.io.RandomAccessFile(large.toFile(), "rw")) {
            f.setLength(300L << 20);
        }
        assertEquals(List.of("-XX:ThreadPriorityPolicy=1", "-XX:CompilerThreadPriority=-5"), BenchCommand.launcherRule(large, true, BenchCommand.SMALL_CAPTURE_BYTES));
        assertEquals(List.of(), BenchCommand.launcherRule(large, false, BenchCommand.SMALL_CAPTURE_BYTES));
        Path small = Files.write(dir.resolve("small.pcap"), new byte[1000]);
        assertEquals(List.of("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.25"), BenchCommand.launcherRule(small, true, BenchCommand.SMALL_CAPTURE_BYTES),
                "C1 for a small capture, root or not");
    }

    @Test
    void theBenchRunsAnalysesWithWorkersOnC1UnderTheirOwnThresholdAsTheLauncherDoes(@TempDir Path dir) throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("small_workers_bytes=" + BenchCommand.SMALL_WORKERS_BYTES + "\n"), "./wireanalyze's threshold with workers");
        Path pieces = Files.createDirectories(dir.resolve("pieces"));
        sparse(pieces.resolve("a.pcap"), 600L << 20);
        List<String> c1 = List.of("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.25");
        assertEquals(c1, BenchCommand.launcherRule(pieces, 2), "600 MiB on two workers: C1");
        assertNotEquals(c1, BenchCommand.launcherRule(pieces, 0), "600 MiB on one thread: C2");
        sparse(pieces.resolve("b.pcap"), 100L << 20);
        assertNotEquals(c1, BenchCommand.launcherRule(pieces, 2), "700 MiB on two workers: C2");
        assertEquals(0, Children.workers(Measurement.Tool.ANALYZE_JSON_ONE_THREAD));
        assertTrue(Children.workers(Measurement.Tool.ANALYZE_TABLE) >= 2, "the bench's runs with workers have two or more");
    }

    @Test
    void theBenchRunsTheSparkJobOnC1UnderItsOwnThresholdAsTheLauncherDoes(@TempDir Path dir) throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("small_spark_bytes=" + BenchCommand.SMALL_SPARK_BYTES + "\n"), "./wireanalyze's threshold for Spark");
        List<String> c1 = List.of("-XX:TieredStopAtLevel=1", "-XX:CompileThresholdScaling=0.25");
        Path pieces = Files.createDirectories(dir.resolve("pieces"));
        sparse(pieces.resolve("a.pcap"), 600L << 20);
        assertEquals(c1, BenchCommand.launcherRule(pieces, true, BenchCommand.SMALL_SPARK_BYTES), "600 MiB: C1 for Spark");
        assertEquals(List.of(), BenchCommand.launcherRule(pieces, false, BenchCommand.SMALL_CAPTURE_BYTES), "but not for analyze");
        sparse(pieces.resolve("b.pcap"), 600L << 20);
        assertEquals(List.of("-XX:ThreadPriorityPolicy=1", "-XX:CompilerThreadPriority=-5"),
                BenchCommand.launcherRule(pieces, true, BenchCommand.SMALL_SPARK_BYTES), "1.2 GiB: C2, its threads ahead as root");
    }

    @Test
    void theBenchPromotesAtOnceUnderTheLaunchersThreshold(@TempDir Path dir) throws IOException {
        String launcher = Files.readString(Path.of("..", "wireanalyze"));
        assertTrue(launcher.contains("tenure_bytes=" + BenchCommand.TENURE_BYTES + "\n"), "./wireanalyze's threshold for the collector");
        assertTrue(launcher.contains("tenure_opts=\"" + BenchCommand.TENURE_OPTION + "\"\n"), "./wireanalyze's option");
        Path pieces = Files.createDirectories(dir.resolve("pieces"));
        sparse(pieces.resolve("a.pcap"), 600L << 20);
        assertEquals(List.of(BenchCommand.TENURE_OPTION), BenchCommand.tenureRule(pieces), "600 MiB");
        sparse(pieces.resolve("b.pcap"), 500L << 20);
        assertEquals(List.of(), BenchCommand.tenureRule(pieces), "1.1 GiB: the JVM's own threshold");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(List.of(), BenchCommand.tenureRule(empty), "nothing to read");
    }

    /**
     * The launcher itself, run with a {@code java} that only prints its arguments (and a copy of the launcher beside an
     * empty jar, so nothing is built): which JIT options it gives each analysis.
     */
    @Test
    void theLauncherChoosesTheCompilersByTheCapturesSizeAndTheEngine(@TempDir Path dir) throws Exception {
        Path clone = Files.createDirectories(dir.resolve("clone"));
        Files.copy(Path.of("..", "wireanalyze"), clone.resolve("wireanalyze"));
        Files.writeString(Files.createDirectories(clone.resolve("spark")).resolve("pom.xml"),
                "<spark.jvm.options>--add-opens=java.base/java.nio=ALL-UNNAMED</spark.jvm.options>\n");
        Files.createDirectories(clone.resolve("spark/target/lib"));
        Files.writeString(clone.resolve("spark/target/wireanalyze-spark-0.1.0-SNAPSHOT.jar"), "");
        Files.writeString(Files.createDirectories(clone.resolve("cli/target")).resolve("wireanalyze.jar"), "");
        Path bin = Files.createDirectories(dir.resolve("bin"));
        for (String tool : List.of("java", "javac", "mvn")) {
            Path t = Files.writeString(bin.resolve(tool), "#!/bin/sh\necho \"$@\"\n");
            t.toFile().setExecutable(true);
        }
        Path small = Files.createDirectories(dir.resolve("small")), mid = Files.createDirectories(dir.resolve("mid")),
                large = Files.createDirectories(dir.resolve("large"));
        sparse(small.resolve("a.pcap"), 100L << 20);
        sparse(mid.resolve("a.pcap"), 600L << 20);
        sparse(large.resolve("a.pcap"), 600L << 20);
        sparse(large.resolve("b.pcap"), 600L << 20);
        boolean root = "0".equals(new String(new ProcessBuilder("id", "-u").start().getInputStream().readAllBytes()).trim());
        String c1 = "-XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.25", ahead = "-XX:CompilerThreadPriority=-5";

        String tenure = "-XX:MaxTenuringThreshold=0";
        String plainSmall = launch(clone, bin, "analyze", small.toString(), "--workers", "0");
        assertTrue(plainSmall.contains(c1) && plainSmall.contains(tenure), plainSmall);
        String oneThread = launch(clone, bin, "analyze", "--merge", mid.toString(), "--workers", "0");
        assertFalse(oneThread.contains("TieredStopAtLevel"), oneThread);
        assertEquals(root, oneThread.contains(ahead), oneThread);
        assertTrue(oneThread.contains(tenure), oneThread);
        String notAnalyze = launch(clone, bin, "bench", "read-floor", small.toString());
        assertFalse(notAnalyze.contains(tenure), notAnalyze);
        // Every analysis but the Spark job's starts with its whole heap, as the bench runs them.
        String heap = String.join(" ", BenchCommand.heapRule(Machine.here().memoryKib()));
        assertTrue(plainSmall.contains(heap) && oneThread.contains(heap), plainSmall + "\n" + oneThread);
        assertTrue(plainSmall.contains(heap.replace("-Xms", "-Xmx").split(" ")[0]), "-Xms as -Xmx: " + plainSmall);
        assertFalse(notAnalyze.contains("-Xms") || notAnalyze.contains(BenchCommand.HEAP_OPTION), notAnalyze);
        // With workers C1 goes on to 640 MiB.
        for (String workers : List.of("--workers 2", "--workers=3")) {
            List<String> args = new java.util.ArrayList<>(List.of("analyze", "--merge", mid.toString()));
            args.addAll(List.of(workers.split(" ")));
            String withWorkers = launch(clone, bin, args.toArray(String[]::new));
            assertTrue(withWorkers.contains(c1) && !withWorkers.contains(ahead), workers + ": " + withWorkers);
        }
        String largeWithWorkers = launch(clone, bin, "analyze", "--workers", "2", "--merge", large.toString());
        assertFalse(largeWithWorkers.contains("TieredStopAtLevel") || largeWithWorkers.contains(tenure), largeWithWorkers);
        assertEquals(root, largeWithWorkers.contains(ahead), largeWithWorkers);

        String sparkMid = launch(clone, bin, "analyze", "--engine", "spark", "--merge", mid.toString());
        assertTrue(sparkMid.contains(c1) && sparkMid.contains("io.wireanalyze.cli.WireAnalyze"), sparkMid);
        assertFalse(sparkMid.contains(tenure) || sparkMid.contains(BenchCommand.HEAP_OPTION), sparkMid);
        String sparkLarge = launch(clone, bin, "analyze", "--engine=spark", "--merge", large.toString());
        assertFalse(sparkLarge.contains("TieredStopAtLevel"), sparkLarge);
        assertEquals(root, sparkLarge.contains(ahead), sparkLarge);
        // On a cluster the executors' options are the cluster's: the driver gets no rule.
        String cluster = launch(clone, bin, "analyze", "--engine", "spark", "--spark-master", "spark://198.18.0.1:7077", mid.toString());
        assertFalse(cluster.contains("TieredStopAtLevel") || cluster.contains(ahead), cluster);
    }

    private static String launch(Path clone, Path bin, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash", clone.resolve("wireanalyze").toString()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().put("PATH", bin + java.io.File.pathSeparator + System.getenv("PATH"));
        pb.environment().remove("WIREANALYZE_JAVA_OPTS");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    private static void sparse(Path file, long length) throws IOException {
        try (var f = new java.io.RandomAccessFile(file.toFile(), "rw")) {
            f.setLength(length);
        }
    }

    @Test
    void theBenchRunsWithTheLaunchersHeap() {
        assertEquals("-XX:+UseParallelGC -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx768m", BenchCommand.launcherOptions(24_000_000));
        assertEquals("-XX:+UseParallelGC -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx500m", BenchCommand.launcherOptions(2_048_000));
        assertEquals("-XX:+UseParallelGC -XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9 -Xmx768m", BenchCommand.launcherOptions(0));
    }

    @Test
    void aMissingFixturesFolderIsSaid(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("wireanalyze.jar"));
        Run r = run("bench", "--jar", jar.toString(), "--fixtures", dir.resolve("nowhere").toString(), "--work", dir.resolve("w").toString());
        assertEquals(WireAnalyze.FAILURE, r.exit());
        assertTrue(r.err().contains("nowhere: no such directory (expected: the repository's fixtures/"), r.err());
        Run s = run("bench", "synthesize", "--fixtures", dir.resolve("nowhere").toString(), dir.resolve("x.pcap").toString());
        assertEquals(WireAnalyze.FAILURE, s.exit());
        assertTrue(s.err().contains("no such directory"), s.err());
    }

    @Test
    void anUnwritableWorkFolderIsSaid(@TempDir Path dir) throws Exception {
        Path jar = Files.createFile(dir.resolve("wireanalyze.jar"));
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        Run r = run("bench", "--jar", jar.toString(), "--fixtures", fixtures(), "--work", file.resolve("work").toString());
        assertEquals(WireAnalyze.FAILURE, r.exit());
        assertTrue(r.err().contains("--work " + file.resolve("work") + ": not writable"), r.err());
    }

    @Test
    void badSizesAndMtusAreUsageErrors(@TempDir Path dir) {
        assertEquals(WireAnalyze.USAGE, run("bench", "synthesize", "--size", "12q", dir.resolve("x.pcap").toString()).exit());
        Run mtu = run("bench", "synthesize", "--mtu", "100", "--fixtures", fixtures(), dir.resolve("x.pcap").toString());
        assertEquals(WireAnalyze.USAGE, mtu.exit());
        assertTrue(mtu.err().contains("--mtu 100 (expected: 576 to 65535"), mtu.err());
        assertEquals(WireAnalyze.USAGE, run("bench", "synthesize", "--size", "1m", "--packets", "5", dir.resolve("x.pcap").toString()).exit());
    }

    @Test
    void aMissingJarIsSaid(@TempDir Path dir) {
        Run r = run("bench", "--jar", dir.resolve("none.jar").toString(), "--work", dir.toString());
        assertEquals(WireAnalyze.FAILURE, r.exit());
        assertTrue(r.err().contains("none.jar: no such file (build it"), r.err());
    }
}
