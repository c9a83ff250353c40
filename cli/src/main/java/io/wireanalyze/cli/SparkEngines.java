package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.CaptureFormat;
import io.wireanalyze.capture.DecryptionSecrets;
import io.wireanalyze.capture.MergedSource;
import io.wireanalyze.capture.PcapngFileSource;
import io.wireanalyze.console.Progress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/** {@code analyze --engine spark}: finds the Spark job ({@link ClusterEngine}) and hands it the files. */
public final class SparkEngines {

    private SparkEngines() {
    }

    static AnalysisResult analyze(List<String> names, OptionsRecipe recipe, String master, Path out, Progress progress)
            throws IOException {
        ClusterEngine engine = ServiceLoader.load(ClusterEngine.class).findFirst().orElseThrow(() -> new IOException(
                "--engine spark: the Spark job is not on the class path. Run it through ./wireanalyze, which builds the spark "
                        + "module on first use of --engine spark, or submit spark/target/wireanalyze-spark-job.jar with "
                        + "spark-submit (README, \"Past one machine: Apache Spark\")"));
        List<String> files = new ArrayList<>(), named = new ArrayList<>();
        List<Path> local = new ArrayList<>();
        for (String n : names) {
            if (isUri(n)) {
                files.add(n);
                named.add(n);
                continue;
            }
            Path p = Path.of(n);
            if (!Files.exists(p)) throw new IOException(p + ": no such file");
            for (Path f : MergedSource.expand(List.of(p))) {
                files.add(f.toAbsolutePath().toString());
                named.add(f.toString());
                local.add(f);
            }
        }
        // The key logs inside the files (pcapng Decryption Secrets Blocks), read here once for every task.
        List<String> keyLines = new ArrayList<>();
        for (Path f : local) {
            if (!Files.isRegularFile(f) || CaptureFormat.detect(f) != CaptureFormat.PCAPNG) continue;
            for (DecryptionSecrets s : PcapngFileSource.leadingSecrets(f)) {
                if (s.tlsKeyLog()) keyLines.addAll(s.lines());
            }
        }
        if (!keyLines.isEmpty()) progress.say("TLS key log from the files' Decryption Secrets Blocks: " + keyLines.size() + " lines");
        return engine.analyze(files, named, recipe.withKeyLines(keyLines), master, out, progress);
    }

    /** A name with a scheme (hdfs://..., s3a://..., file:/...): read by the cluster's file systems. */
    public static boolean isUri(String name) {
        return name.matches("[A-Za-z][A-Za-z0-9+.-]+:/.*");
    }
}
