package io.wireanalyze.bench;

import io.wireanalyze.bench.Measurement.Capture;
import io.wireanalyze.bench.Measurement.Tool;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code wireanalyze bench}: builds large synthetic captures from the fixtures and times, as whole processes on the
 * same file, analyze (JSON and table), the read floor and tshark; prints packets/s, MB/s, peak RSS and the ratios
 * against the targets of issue #10. With {@code --sizes}, shows instead how peak RSS grows with the file.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        subcommands = {SynthesizeCommand.class, ReadFloorCommand.class},
        description = "Benchmark analyze on large synthetic captures made from the fixtures (docs/benchmark.md): "
                + "wall time, packets/s, MB/s and peak RSS of analyze, of the read floor (just reading the frames) and of "
                + "tshark, each a process of its own on the same file.")
public final class BenchCommand implements Callable<Integer> {

    @Option(names = "--work", paramLabel = "DIR", description = "Where the captures and outputs go; captures made before with the same parameters are reused (default: ${DEFAULT-VALUE}).")
    Path work = Path.of(System.getProperty("java.io.tmpdir"), "wireanalyze-bench");

    @Option(names = "--fixtures", paramLabel = "DIR", description = "The fixtures to replay (default: the repository's fixtures/ beside the jar, else ./fixtures).")
    Path fixtures;

    @Option(names = "--jar", paramLabel = "JAR", description = "The wireanalyze jar to run (default: the one running this).")
    Path jar;

    @Option(names = "--packets", paramLabel = "N", defaultValue = "1500000", description = "Packets of the mixed capture (default: ${DEFAULT-VALUE}).")
    long packets;

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "1500", description = "MTU of the small-frame variant of the mixed capture (default: ${DEFAULT-VALUE}).")
    int mtu;

    @Option(names = "--slice", paramLabel = "N", defaultValue = "150000", description = "Packets of the small capture (default: ${DEFAULT-VALUE}).")
    long slice;

    @Option(names = "--xml-packets", paramLabel = "N", defaultValue = "1500000", description = "Packets of the XML-heavy capture (SOAP, WS-Security, Burlap and XML-RPC replays at the --mtu) and of its big-frame twin (the same replays as captured); 0: neither (default: ${DEFAULT-VALUE}).")
    long xmlPackets;

    @Option(names = "--large", paramLabel = "N", defaultValue = "5000000", description = "Packets of the large mixed capture, analysed with workers and on one thread for issue #19's 1.6x; 0: none (default: ${DEFAULT-VALUE}).")
    long large;

    @Option(names = "--spark-files", paramLabel = "N", defaultValue = "20", description = "Files the mixed capture is cut into for issue #19's Spark target: analyze --merge and analyze --engine spark (embedded, local[*], as ./wireanalyze runs it) of the folder, as a table and as JSON, when the Spark module is built (./wireanalyze analyze --engine spark builds it), the Spark job with the class-data archive of its classes that ./wireanalyze makes (./wireanalyze bench makes it too); 0: neither (default: ${DEFAULT-VALUE}).")
    int sparkFiles;

    @Option(names = "--compiled-rounds", paramLabel = "N", defaultValue = "8", description = "Rounds of json on one thread and with workers in turn, in one JVM, on the mixed capture: how the analysis scales once the JIT has compiled it (issue #19); the first half warms up; 0: none (default: ${DEFAULT-VALUE}).")
    int compiledRounds;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the synthetic captures (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "1", description = "Runs of each measurement, the tools of a capture taking turns; the best is shown (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--java-opts", paramLabel = "OPTS",
            description = "JVM options for every Java process measured, split at spaces (default: what ./wireanalyze runs with, -XX:+UseParallelGC, its inlining budgets for C2, -Xmx of 768 MiB or a quarter of the memory when less; e.g. \"-XX:+UseParallelGC -Xmx2g\").")
    String javaOpts;

    @Option(names = "--tshark-timeout", paramLabel = "SECONDS", defaultValue = "300", description = "Stop tshark after this long and report \"> N s\" (default: ${DEFAULT-VALUE}).")
    long tsharkTimeout;

    @Option(names = "--no-tshark", description = "Do not run tshark.")
    boolean noTshark;

    @Option(names = "--sizes", paramLabel = "SIZE", split = ",", description = "Instead: for each size (e.g. 1m,100m,1g,10g) a capture, analysed with the default heap and with --xmx; peak RSS and whether the JSON is the same.")
    List<String> sizes;

    @Option(names = "--xmx", paramLabel = "SIZE", defaultValue = "256m", description = "The heap limit of --sizes (default: ${DEFAULT-VALUE}).")
    String xmx;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** The fixtures of the XML-heavy captures: SOAP (with WS-Security), Burlap and XML-RPC. */
    static final List<String> XML_FOLDERS = List.of("soap", "burlap", "xmlrpc");

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut(), err = spec.commandLine().getErr();
        if (runs < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--runs " + runs + " (expected: >= 1)");
        if (packets < 1 || slice < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--packets and --slice must be >= 1");
        if (large < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--large " + large + " (expected: >= 0)");
        if (compiledRounds < 0 || compiledRounds == 1) throw new CommandLine.ParameterException(spec.commandLine(), "--compiled-rounds " + compiledRounds + " (expected: 0, or 2 or more)");
        if (sparkFiles < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--spark-files " + sparkFiles + " (expected: >= 0)");
        if (xmlPackets < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--xml-packets " + xmlPackets + " (expected: >= 0)");
        // The launcher's options, and its rule for a small capture (C1 only), unless --java-opts replaces both.
        boolean launcherRules = javaOpts == null;
        Machine machine = Machine.here();   // asked once: it runs tshark for its version
        if (javaOpts == null) javaOpts = launcherOptions(machine.memoryKib());
        Path jarFile = jar != null ? jar : runningJar();
        if (!Files.isRegularFile(jarFile)) throw new IOException("--jar " + jarFile + ": no such file (build it: mvn -pl cli -am package -DskipTests)");
        Path fixtureDir = fixtures != null ? fixtures : defaultFixtures(jarFile);
        CaptureSynthesizer.fixtureCaptures(fixtureDir);   // fails early, with what it expected
        Path workDir = writableDir(work);
        WorkCaptures captures = new WorkCaptures(workDir, fixtureDir, err);

        out.println("wireanalyze bench");
        out.println(machine.describe());
        out.println("jar: " + jarFile + "; JVM options: " + (javaOpts == null || javaOpts.isBlank() ? "(none)" : javaOpts)
                + (launcherRules ? ", and " + SMALL_CAPTURE_OPTION + " on a capture under " + (SMALL_CAPTURE_BYTES >> 20) + " MiB"
                + " (" + (SMALL_WORKERS_BYTES >> 20) + " MiB with workers, " + (SMALL_SPARK_BYTES >> 20) + " MiB for the Spark job)"
                + (ROOT ? ", " + COMPILER_PRIORITY_OPTION + " on the others (as root)" : "") + ", and " + TENURE_OPTION
                + " on an analysis under " + (TENURE_BYTES >> 20) + " MiB, and " + String.join(" ", heapRule(machine.memoryKib()))
                + " on every analysis (neither on the Spark job's), as the launcher" : ""));
        Children children = new Children(jarFile, javaOpts, launcherRules ? heapRule(machine.memoryKib()) : null, workDir, err);
        out.println("class-data archive: " + (children.archive() != null ? children.archive() + " (the launcher's, mapped by every run of the jar)"
                : "none made since the jar was built (./wireanalyze makes it; runs start slower without)"));
        SparkRun spark = sparkFiles > 0 && (sizes == null || sizes.isEmpty()) ? SparkRun.beside(jarFile, machine.memoryKib()) : null;
        if (spark != null) out.println("Spark's class-data archive: " + (spark.archive() != null
                ? spark.archive() + " (the launcher's, mapped by the Spark job's run as by a user's second one)"
                : "none made since the Spark module was built (./wireanalyze bench and analyze --engine spark make it; the Spark run starts slower without)"));
        out.println();
        out.flush();
        if (sizes != null && !sizes.isEmpty()) return FlatMemory.run(sizes, xmx, seed, captures, children, out, err);

        String mixedLabel = "mixed " + BenchReport.count(packets), mtuLabel = "MTU-" + mtu + " variant",
                sliceLabel = "slice " + BenchReport.count(slice);
        CaptureSynthesizer.Summary mixed = captures.get("mixed-" + packets + "p-seed" + seed,
                new CaptureSynthesizer.Options(new SynthesisTarget.Packets(packets), 0, seed));
        CaptureSynthesizer.Summary small = captures.get("mixed-" + packets + "p-mtu" + mtu + "-seed" + seed,
                new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(mixed.rounds()), mtu, seed));
        CaptureSynthesizer.Summary cut = captures.get("mixed-" + slice + "p-seed" + seed,
                new CaptureSynthesizer.Options(new SynthesisTarget.Packets(slice), 0, seed));
        String xmlLabel = "XML MTU-" + mtu, bigLabel = "XML big frames";
        CaptureSynthesizer.Summary xml = null, big = null;
        if (xmlPackets > 0) {
            xml = captures.get("xml-" + xmlPackets + "p-mtu" + mtu + "-seed" + seed,
                    new CaptureSynthesizer.Options(new SynthesisTarget.Packets(xmlPackets), mtu, seed), XML_FOLDERS);
            big = captures.get("xml-" + xmlPackets + "p-mtu" + mtu + "-as-captured-seed" + seed,
                    new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(xml.rounds()), 0, seed), XML_FOLDERS);
        }
        // Issue #19's other captures, measured with workers and on one thread only: one server address talking to
        // thousands of clients, and a large mixed capture.
        String oneServerLabel = "one server " + BenchReport.count(packets), largeLabel = "mixed " + BenchReport.count(large);
        CaptureSynthesizer.Summary oneServer = captures.get("one-server-" + packets + "p-seed" + seed,
                new CaptureSynthesizer.Options(new SynthesisTarget.Packets(packets), 0, seed, true));
        CaptureSynthesizer.Summary largeMixed = large == 0 ? null : captures.get("mixed-" + large + "p-seed" + seed,
                new CaptureSynthesizer.Options(new SynthesisTarget.Packets(large), 0, seed));
        boolean tshark = !noTshark && Tshark.installed();
        if (!noTshark && !tshark) err.println("wireanalyze: tshark is not installed (apt-get install tshark): its runs are skipped");

        List<Measurement> ms = new ArrayList<>();
        ms.addAll(measure(children, new Capture(mixedLabel, mixed.file(), mixed.packets(), mixed.bytes()), mixed.keyLog(), tshark));
        ms.addAll(measure(children, new Capture(mtuLabel, small.file(), small.packets(), small.bytes()), small.keyLog(), tshark));
        ms.addAll(measure(children, new Capture(sliceLabel, cut.file(), cut.packets(), cut.bytes()), cut.keyLog(), tshark));
        if (xml != null) {
            ms.addAll(measure(children, new Capture(xmlLabel, xml.file(), xml.packets(), xml.bytes()), xml.keyLog(), tshark));
            ms.addAll(measure(children, new Capture(bigLabel, big.file(), big.packets(), big.bytes()), big.keyLog(), tshark));
        }
        List<Tool> workersOnly = List.of(Tool.ANALYZE_JSON, Tool.ANALYZE_JSON_ONE_THREAD);
        ms.addAll(measure(children, new Capture(oneServerLabel, oneServer.file(), oneServer.packets(), oneServer.bytes()), oneServer.keyLog(),
                workersOnly));
        if (largeMixed != null) {
            ms.addAll(measure(children, new Capture(largeLabel, largeMixed.file(), largeMixed.packets(), largeMixed.bytes()),
                    largeMixed.keyLog(), workersOnly));
        }
        // Issue #19's Spark target: the mixed capture cut into files (a ring buffer's), read as one capture by --merge
        // and by the Spark job embedded in local mode, as a table and as JSON; each pair of outputs must be the same.
        String piecesLabel = "mixed " + BenchReport.count(packets) + " in " + sparkFiles + " files";
        Boolean sameTables = null, sameJson = null;
        if (sparkFiles > 0) {
            Path folder = captures.pieces(mixed, sparkFiles);
            Capture pieces = new Capture(piecesLabel, folder, mixed.packets(), mixed.bytes());
            List<Tool> tools = new ArrayList<>(List.of(Tool.ANALYZE_MERGE));
            if (spark != null) {
                children.spark(spark);
                tools.addAll(List.of(Tool.ANALYZE_SPARK, Tool.ANALYZE_MERGE_JSON, Tool.ANALYZE_SPARK_JSON));
            } else {
                err.println("wireanalyze: the Spark module is not built beside " + jarFile + ": its run is skipped (./wireanalyze analyze --engine spark builds it)");
            }
            ms.addAll(measure(children, pieces, mixed.keyLog(), tools));
            if (spark != null) {
                sameTables = Files.mismatch(children.stdout(folder, Tool.ANALYZE_MERGE), children.stdout(folder, Tool.ANALYZE_SPARK)) < 0;
                sameJson = Files.mismatch(children.stdout(folder, Tool.ANALYZE_MERGE_JSON), children.stdout(folder, Tool.ANALYZE_SPARK_JSON)) < 0;
            }
        }
        // Issue #19's workers once the JIT is done: the same analysis in one JVM, again and again.
        ChildRun compiled = null;
        if (compiledRounds > 0) {
            children.compiledRounds(compiledRounds);
            children.say("running json on one thread and with workers in one JVM, " + compiledRounds + " rounds, on " + mixed.file().getFileName());
            warm(mixed.file());
            compiled = children.run(Tool.COMPILED, mixed.file(), mixed.keyLog(), 0, List.of());
        }
        BenchReport.table(out, ms);
        out.println();
        BenchReport.targets(out, BenchReport.targets(ms, mixedLabel, mtuLabel, sliceLabel));
        out.println();
        BenchReport.targets(out, "target (issue #20)", BenchReport.targets20(ms, mixedLabel, mtuLabel, sliceLabel, xmlLabel));
        out.println("issue #20's memory target (peak RSS at most 1 GiB from 1 MB to 10 GB): ./wireanalyze bench --sizes 1m,100m,1g,10g");
        out.println();
        int cores = Runtime.getRuntime().availableProcessors();
        BenchReport.cpu(out, ms, cores);
        out.println();
        List<BenchReport.Target> workers = new ArrayList<>(List.of(BenchReport.workersTarget(ms, mixedLabel, BenchReport.WORKERS_SPEEDUP, cores),
                BenchReport.workersTarget(ms, oneServerLabel, BenchReport.WORKERS_SPEEDUP, cores)));
        if (largeMixed != null) workers.add(BenchReport.workersTarget(ms, largeLabel, BenchReport.WORKERS_SPEEDUP_LARGE, cores));
        if (sparkFiles > 0) workers.add(BenchReport.sparkTarget(ms, piecesLabel, sameTables, sameJson, spark == null ? "the Spark module is not built (./wireanalyze analyze --engine spark builds it)" : null));
        BenchReport.targets(out, "target (issue #19)", workers);
        if (compiled != null) out.println(BenchReport.compiled(mixedLabel, compiled.ok() ? CompiledRounds.parse(Files.readAllLines(children.stdout(mixed.file(), Tool.COMPILED))) : java.util.Map.of(),
                compiledRounds, compiled.ok() ? null : compiled.err()));
        if (!tshark) out.println("tshark: " + (noTshark ? "not run (--no-tshark)" : "not installed; its targets are unknown"));
        out.println("captures and outputs: " + workDir);
        out.flush();
        return 0;
    }

    /** Every tool on one capture, after reading it once so that all find it in the page cache. */
    private List<Measurement> measure(Children children, Capture c, Path keys, boolean tshark) throws IOException, InterruptedException {
        List<Tool> tools = new ArrayList<>(List.of(Tool.READ_FLOOR, Tool.ANALYZE_JSON, Tool.ANALYZE_TABLE, Tool.ANALYZE_JSON_ONE_THREAD));
        if (tshark) tools.add(Tool.TSHARK);
        return measure(children, c, keys, tools);
    }

    /**
     * The given tools on one capture, after reading it once so that all find it in the page cache. With several runs
     * the tools take turns (each tool once a round), so that every tool's best run comes from the same stretch of the
     * machine's time: this machine's speed drifts by a fifth and more over minutes, and runs of one tool back to back
     * would put one tool's runs in a fast stretch and the next tool's in a slow one.
     */
    private List<Measurement> measure(Children children, Capture c, Path keys, List<Tool> tools) throws IOException, InterruptedException {
        warm(c.file());
        ChildRun[] best = new ChildRun[tools.size()];
        for (int i = 1; i <= runs; i++) {
            for (int t = 0; t < tools.size(); t++) {
                Tool tool = tools.get(t);
                if (best[t] != null && best[t].timedOut()) continue;   // another try would be stopped as well
                children.say("running " + tool.label + " on " + c.file().getFileName() + (runs > 1 ? " (round " + i + " of " + runs + ")" : ""));
                ChildRun r = children.run(tool, c.file(), keys, tool == Tool.TSHARK ? tsharkTimeout : 0, List.of());
                if (best[t] == null || r.ok() && (!best[t].ok() || r.seconds() < best[t].seconds())) best[t] = r;
            }
        }
        List<Measurement> out = new ArrayList<>();
        for (int t = 0; t < tools.size(); t++) out.add(new Measurement(c, tools.get(t), best[t], runs));
        // The workers' JSON is the one thread's, byte for byte.
        Path parallel = children.json(c.file(), ""), single = children.json(c.file(), "-1-thread");
        if (Files.isRegularFile(parallel) && Files.isRegularFile(single)) {
            boolean same = FlatMemory.sha256(parallel).equals(FlatMemory.sha256(single));
            children.say("  " + c.label() + ": the JSON with workers and on 1 thread: " + (same ? "identical" : "DIFFERENT"));
            if (!same) throw new IOException(c.label() + ": the JSON with workers (" + parallel + ") differs from the one thread's (" + single + ")");
        }
        return out;
    }

    /** The launcher's {@code jit_opts}: smaller inlining budgets for C2 (see ./wireanalyze). */
    static final String JIT_OPTIONS = "-XX:FreqInlineSize=100 -XX:InlineSmallCode=1000 -XX:MaxInlineLevel=9";

    /**
     * The launcher's {@code small_capture_bytes}: `analyze` of less than this runs C1 only, with
     * {@link #SMALL_CAPTURE_OPTION} (see ./wireanalyze).
     */
    static final long SMALL_CAPTURE_BYTES = 256L << 20;
    static final String SMALL_CAPTURE_OPTION = "-XX:TieredStopAtLevel=1 -XX:CompileThresholdScaling=0.25";
    /** The launcher's {@code compiler_priority}: as root, `analyze` of a larger capture runs the JIT's threads ahead (see ./wireanalyze). */
    static final String COMPILER_PRIORITY_OPTION = "-XX:ThreadPriorityPolicy=1 -XX:CompilerThreadPriority=-5";
    /** Whether the bench runs as root, asked once: the launcher's rule for each run depends on it. */
    private static final boolean ROOT = root();

    /**
     * The launcher's {@code small_workers_bytes}: with workers (two or more threads) `analyze` runs C1 only on less than
     * this, as C2's compiling takes its time from workers that fill the cores (see ./wireanalyze).
     */
    static final long SMALL_WORKERS_BYTES = 640L << 20;
    /**
     * The launcher's {@code small_spark_bytes}: the Spark job embedded in local mode runs C1 only on less than this (see
     * ./wireanalyze).
     */
    static final long SMALL_SPARK_BYTES = 1L << 30;

    /**
     * The launcher's {@code tenure_bytes}: `analyze` (not the Spark job) of less than this promotes what outlives one
     * young collection at once, with {@link #TENURE_OPTION} (see ./wireanalyze).
     */
    static final long TENURE_BYTES = 1L << 30;
    static final String TENURE_OPTION = "-XX:MaxTenuringThreshold=0";

    /** What the launcher adds for an analysis of {@code capture} on {@code workers} workers (0: one thread). */
    static List<String> launcherRule(Path capture, int workers) throws IOException {
        return launcherRule(capture, ROOT, workers >= 2 ? SMALL_WORKERS_BYTES : SMALL_CAPTURE_BYTES);
    }

    /**
     * The launcher's rule for the collector on {@code capture} (beside {@link #launcherRule(Path, int)}'s for the
     * compilers; not for the Spark job): promoted at once under {@link #TENURE_BYTES}.
     */
    static List<String> tenureRule(Path capture) throws IOException {
        long bytes = bytes(capture);
        return bytes > 0 && bytes < TENURE_BYTES ? List.of(TENURE_OPTION) : List.of();
    }

    /** What the launcher adds for {@code analyze --engine spark} of {@code capture} in local mode. */
    static List<String> sparkLauncherRule(Path capture) throws IOException {
        return launcherRule(capture, ROOT, SMALL_SPARK_BYTES);
    }

    /**
     * The launcher's rule for {@code capture} (a file, or a folder of files read as one capture): C1 only when it is
     * smaller than {@code smallBytes} in all, else, as root, the compiler threads ahead.
     */
    static List<String> launcherRule(Path capture, boolean root, long smallBytes) throws IOException {
        long bytes = bytes(capture);
        if (bytes > 0 && bytes < smallBytes) return List.of(SMALL_CAPTURE_OPTION.split(" "));
        return root ? List.of(COMPILER_PRIORITY_OPTION.split(" ")) : List.of();
    }

    /** A capture's size as the launcher counts it: a file's, or a folder's files' together. */
    private static long bytes(Path capture) throws IOException {
        if (!Files.isDirectory(capture)) return Files.size(capture);
        long bytes = 0;
        try (var files = Files.list(capture)) {
            for (Path f : (Iterable<Path>) files::iterator) if (Files.isRegularFile(f)) bytes += Files.size(f);
        }
        return bytes;
    }

    /** Whether this process runs as root, as the launcher's {@code is_root} asks: the owner of /proc/self (Linux). */
    private static boolean root() {
        try {
            return Integer.valueOf(0).equals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"));
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The JVM options ./wireanalyze runs with on a machine of {@code memoryKib} (unknown: 0): the throughput collector,
     * the launcher's inlining budgets for C2, and a heap of 768 MiB or a quarter of the memory.
     */
    static String launcherOptions(long memoryKib) {
        return "-XX:+UseParallelGC " + JIT_OPTIONS + " -Xmx" + heapMib(memoryKib) + "m";
    }

    /** The launcher's {@code heap_mib}: 768 MiB, or a quarter of the memory ({@code memoryKib}; unknown: 0) when less. */
    static long heapMib(long memoryKib) {
        return memoryKib > 0 ? Math.min(768, memoryKib / 4096) : 768;
    }

    /** The launcher's {@code heap_opts}, which `analyze` (not the Spark job) gets with its whole heap from the start. */
    static final String HEAP_OPTION = "-XX:PromotedPadding=0";

    /**
     * The launcher's rule for an analysis' heap (not the Spark job's), on a machine of {@code memoryKib}: all of it from
     * the start ({@code -Xms} as {@code -Xmx}), and {@link #HEAP_OPTION}.
     */
    static List<String> heapRule(long memoryKib) {
        return List.of("-Xms" + heapMib(memoryKib) + "m", HEAP_OPTION);
    }

    /** Reads the whole file (a folder: each of its files), so that the page cache holds it for every run alike. */
    static void warm(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            try (var files = Files.list(file)) {
                for (Path f : files.sorted().toList()) warm(f);
            }
            return;
        }
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            while (in.read(buf) >= 0) {
                // reading is the point
            }
        }
    }

    private Path runningJar() {
        try {
            Path p = Path.of(BenchCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (Files.isRegularFile(p)) return p;
            throw new CommandLine.ParameterException(spec.commandLine(), "not running from the wireanalyze jar (" + p + "): pass --jar cli/target/wireanalyze.jar");
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The repository's fixtures/ when the jar is its cli/target/wireanalyze.jar, else ./fixtures. */
    static Path defaultFixtures(Path jarFile) {
        Path repo = jarFile.toAbsolutePath().getParent();
        for (int i = 0; i < 2 && repo != null; i++) repo = repo.getParent();
        if (repo != null && Files.isDirectory(repo.resolve("fixtures"))) return repo.resolve("fixtures");
        return Path.of("fixtures").toAbsolutePath();
    }

    /** {@code dir}, made if need be; an error saying so when it cannot be written. */
    static Path writableDir(Path dir) throws IOException {
        try {
            Files.createDirectories(dir);
            Files.deleteIfExists(Files.createTempFile(dir, "probe", ".tmp"));
        } catch (IOException | SecurityException e) {
            throw new IOException("--work " + dir + ": not writable (" + e.getMessage() + ")", e);
        }
        return dir;
    }
}
