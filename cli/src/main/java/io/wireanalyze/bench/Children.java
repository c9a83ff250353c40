package io.wireanalyze.bench;

import io.wireanalyze.bench.Measurement.Tool;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The processes the bench measures, and where their output goes: {@code <work>/out/<capture>/<tool>.out} and
 * {@code .err}, and analyze's JSON in {@code <work>/out/<capture>/<tool>/}.
 */
final class Children {

    /** The bench's worker count: one per core, at least 2 and at most 8 (the command's default, but on one core). */
    private static final String WORKERS = Integer.toString(Math.max(2, Math.min(8, Runtime.getRuntime().availableProcessors())));

    private final Path jar;
    private final List<String> javaOpts;
    /**
     * The launcher's heap rule for an analysis ({@link BenchCommand#heapRule}) where the runs take the launcher's rules
     * (its JIT, tenuring and heap choices by capture); null where {@code --java-opts} replaced them all.
     */
    private final List<String> heapRule;
    private final Path outDir;
    private final io.wireanalyze.console.Progress progress;
    /** The Spark module beside the jar, or null: then ANALYZE_SPARK cannot run. */
    private SparkRun spark;
    /** The launcher's class-data archive of the jar, mapped by every run of it as the launcher maps it; or null. */
    private final Path archive;
    /** Rounds of {@link Tool#COMPILED}: the first half warms up. */
    private int compiledRounds = 8;

    /** @param heapRule the launcher's heap rule for this machine, when the runs take the launcher's rules; else null */
    Children(Path jar, String javaOpts, List<String> heapRule, Path work, PrintWriter err) throws IOException {
        this.jar = jar;
        this.archive = freshArchive(jar.resolveSibling("wireanalyze.jsa"), jar);
        this.heapRule = heapRule;
        this.javaOpts = javaOpts == null || javaOpts.isBlank() ? List.of() : Arrays.asList(javaOpts.trim().split("\\s+"));
        this.outDir = work.resolve("out");
        this.progress = new io.wireanalyze.console.Progress(err);
    }

    /** Whether the runs take the launcher's rules, as they do unless {@code --java-opts} replaced its options. */
    private boolean launcherRules() {
        return heapRule != null;
    }

    /** The launcher's class-data archive of the jar, or null when it has made none since the jar was built. */
    Path archive() {
        return archive;
    }

    /** {@code archive} when the launcher has made it since {@code jar} was built, else null. */
    static Path freshArchive(Path archive, Path jar) throws IOException {
        return Files.isRegularFile(archive) && Files.getLastModifiedTime(archive).compareTo(Files.getLastModifiedTime(jar)) >= 0 ? archive : null;
    }

    /** The JVM options that map a class-data archive as the launcher does; none without one. */
    static List<String> archiveOptions(Path archive) {
        return archive == null ? List.of() : List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds*=off");
    }

    /**
     * The workers the launcher would count for {@code tool}'s run, on which its rule depends: the run's {@code
     * --workers}, else {@code analyze}'s default (one per core, at most 8; none on one core). The read floor and the
     * compiled rounds (warm, workers and none in one process) keep the one-thread rule.
     */
    static int workers(Tool tool) {
        // analyze's default counted as CaptureAnalysis.defaultWorkers counts it: the bench may not reach up into the
        // commands' package (CliArchitectureTest), and, like the launcher, mirrors the rule.
        int cores = Runtime.getRuntime().availableProcessors();
        return switch (tool) {
            case ANALYZE_JSON, ANALYZE_TABLE -> Integer.parseInt(WORKERS);
            case ANALYZE_MERGE, ANALYZE_MERGE_JSON -> cores <= 1 ? 0 : Math.min(8, cores);
            default -> 0;
        };
    }

    /** Runs {@link Tool#COMPILED} with {@code rounds} rounds. */
    void compiledRounds(int rounds) {
        this.compiledRounds = rounds;
    }

    /** Runs {@link Tool#ANALYZE_SPARK} with {@code spark}. */
    void spark(SparkRun spark) {
        this.spark = spark;
    }

    /** Where {@code tool} writes its JSON for {@code capture} ({@code suffix} tells runs with other JVM options apart). */
    Path jsonDir(Path capture, String suffix) {
        return outDir.resolve(stem(capture)).resolve("analyze-json" + suffix);
    }

    /** The JSON report analyze json wrote for {@code capture} (with the run's {@code suffix}). */
    Path json(Path capture, String suffix) {
        return jsonDir(capture, suffix).resolve(stem(capture) + ".json");
    }

    /**
     * Runs {@code tool} on {@code capture}.
     *
     * @param keys      the TLS key log of the capture (analyze and tshark decrypt with it), or null
     * @param extraOpts JVM options after the common ones (a heap limit)
     */
    ChildRun run(Tool tool, Path capture, Path keys, long timeoutSeconds, List<String> extraOpts) throws IOException, InterruptedException {
        return run(tool, capture, keys, timeoutSeconds, extraOpts, "");
    }

    ChildRun run(Tool tool, Path capture, Path keys, long timeoutSeconds, List<String> extraOpts, String suffix)
            throws IOException, InterruptedException {
        Path dir = Files.createDirectories(outDir.resolve(stem(capture)));
        String name = tool.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + suffix;
        List<String> cmd = new ArrayList<>();
        if (tool == Tool.TSHARK) {
            cmd.addAll(List.of(Tshark.find().toString(), "-q", "-z", "io,stat,0", "-r", capture.toString()));
            if (keys != null) cmd.addAll(List.of("-o", "tls.keylog_file:" + keys));
        } else {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            if (tool.spark()) {
                if (spark == null) throw new IllegalStateException("the Spark module is not built");
                List<String> opts = new ArrayList<>(javaOpts);
                if (launcherRules()) opts.addAll(BenchCommand.sparkLauncherRule(capture));
                cmd.addAll(spark.command(java, opts));
            } else {
                cmd.add(java.toString());
                // Every run of the jar as the launcher runs it, with the class-data archive it makes after each build
                // (when it has made one since this jar was built): start-up weighs on the small captures.
                cmd.addAll(archiveOptions(archive));
                cmd.addAll(javaOpts);
                if (launcherRules()) {
                    cmd.addAll(BenchCommand.launcherRule(capture, workers(tool)));
                    cmd.addAll(BenchCommand.tenureRule(capture));
                    // a run given its own heap limit (bench --sizes' --xmx) starts as the JVM does, not at the launcher's heap
                    if (extraOpts.stream().noneMatch(o -> o.startsWith("-Xmx"))) cmd.addAll(heapRule);
                }
                cmd.addAll(extraOpts);
                cmd.addAll(List.of("-jar", jar.toString()));
            }
            switch (tool) {
                case READ_FLOOR -> cmd.addAll(List.of("bench", "read-floor", capture.toString()));
                // With workers, whatever the default on this machine (none on one core): the bench compares them to one thread.
                case ANALYZE_JSON -> cmd.addAll(List.of("analyze", capture.toString(), "--format", "json", "--workers", WORKERS,
                        "--out", jsonDir(capture, suffix).toString()));
                case ANALYZE_TABLE -> cmd.addAll(List.of("analyze", capture.toString(), "--format", "table", "--workers", WORKERS));
                case ANALYZE_JSON_ONE_THREAD -> cmd.addAll(List.of("analyze", capture.toString(), "--format", "json", "--workers", "0",
                        "--out", jsonDir(capture, suffix + "-1-thread").toString()));
                // A folder of the capture's pieces, read as one capture; its table is what both print.
                case ANALYZE_MERGE -> cmd.addAll(List.of("analyze", "--merge", capture.toString(), "--format", "table"));
                case ANALYZE_SPARK -> cmd.addAll(List.of("analyze", "--engine", "spark", capture.toString(), "--format", "table"));
                // The same in JSON, to standard output (its file beside the run's): every record, as a cluster's user keeps them.
                case ANALYZE_MERGE_JSON -> cmd.addAll(List.of("analyze", "--merge", capture.toString(), "--format", "json"));
                case ANALYZE_SPARK_JSON -> cmd.addAll(List.of("analyze", "--engine", "spark", capture.toString(), "--format", "json"));
                case COMPILED -> cmd.addAll(List.of("bench", "compiled", capture.toString(), "--format", "json", "--workers", "0," + WORKERS,
                        "--rounds", Integer.toString(compiledRounds)));
                default -> throw new IllegalStateException(tool.toString());
            }
            if ((tool.analyze() || tool == Tool.COMPILED) && keys != null) cmd.addAll(List.of("--tls-keylog", keys.toString()));
        }
        ChildRun r = ChildRun.run(cmd, dir.resolve(name + ".out"), dir.resolve(name + ".err"), timeoutSeconds);
        say(String.format(java.util.Locale.ROOT, "  %s: %s s, peak RSS %s (anon %s)%s", tool.label, BenchReport.seconds(r.seconds()),
                BenchReport.mib(r.peakKib()), BenchReport.mib(r.peakAnonKib()), r.ok() ? "" : r.timedOut() ? ", stopped at the time limit" : ", exit " + r.exit() + ": " + r.err()));
        return r;
    }

    void say(String line) {
        progress.say(line);
    }

    /** What {@code tool} printed on {@code capture}'s run (the table, for a table's run). */
    Path stdout(Path capture, Tool tool) {
        return outDir.resolve(stem(capture)).resolve(tool.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-') + ".out");
    }

    private static String stem(Path capture) {
        String n = capture.getFileName().toString();
        return n.contains(".") ? n.substring(0, n.lastIndexOf('.')) : n;
    }
}
