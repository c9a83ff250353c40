package io.wireanalyze.bench;

import io.wireanalyze.cli.WireAnalyze;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job where it leaves this JVM: submitted with Spark's own {@code spark-submit} (its class,
 * {@code org.apache.spark.deploy.SparkSubmit}, run on Spark's jars alone with the job's jar), and run on a standalone
 * cluster started here (Spark's {@code Master} and {@code Worker}, whose executors are JVMs of their own, loading our
 * classes from the job's jar). Both give {@code analyze --merge}'s JSON of three GIOP fixtures (CORBA naming on one
 * connection, the calls it resolved on others), byte for byte.
 */
class SparkClusterIT {

    @TempDir
    Path work;

    private static final Path TARGET = TestCaptures.repoRoot().resolve("spark/target");

    @Test
    void sparkSubmitGivesTheMergedAnalysis() throws Exception {
        List<String> files = giop();
        Path out = work.resolve("out");
        List<String> cmd = new ArrayList<>(java(sparkJars()));
        cmd.addAll(List.of("org.apache.spark.deploy.SparkSubmit", "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                "--class", "io.wireanalyze.spark.SparkSubmitMain", TARGET.resolve("wireanalyze-spark-job.jar").toString(),
                "--format", "json", "--out", out.toString()));
        cmd.addAll(files);
        run(cmd, work.resolve("submit.log"));
        assertEquals(merged(files), Files.readString(json(out)).strip());
    }

    @Test
    void aStandaloneClusterGivesTheMergedAnalysis() throws Exception {
        Path home = work.resolve("spark-home");
        Files.createDirectories(home.resolve("jars"));
        // A Spark installation as the Worker expects one: its jars, and the RELEASE file of a distribution.
        for (String jar : sparkJars().split(File.pathSeparator)) Files.createSymbolicLink(home.resolve("jars").resolve(Path.of(jar).getFileName()), Path.of(jar));
        Files.writeString(home.resolve("RELEASE"), "Spark 4.2.0, jars from Maven Central (wireanalyze's test)\n");
        int port = freePort();
        String url = "spark://127.0.0.1:" + port;
        List<Process> cluster = new ArrayList<>();
        try {
            cluster.add(start(home, List.of("org.apache.spark.deploy.master.Master", "--host", "127.0.0.1", "--port",
                    Integer.toString(port), "--webui-port", Integer.toString(freePort())), work.resolve("master.log")));
            waitFor(work.resolve("master.log"), "I have been elected leader");
            cluster.add(start(home, List.of("org.apache.spark.deploy.worker.Worker", url, "--host", "127.0.0.1", "--cores", "2",
                    "--memory", "2g", "--webui-port", Integer.toString(freePort()), "--work-dir", work.resolve("worker").toString()),
                    work.resolve("worker.log")));
            waitFor(work.resolve("worker.log"), "Successfully registered with master");
            List<String> files = giop();
            Path out = work.resolve("out");
            List<String> args = new ArrayList<>(List.of("analyze", "--engine", "spark", "--spark-master", url, "--format", "json",
                    "--out", out.toString()));
            args.addAll(files);
            StringWriter err = new StringWriter();
            var cl = WireAnalyze.commandLine();
            cl.setErr(new PrintWriter(err, true));
            assertEquals(0, cl.execute(args.toArray(String[]::new)), err.toString());
            assertTrue(err.toString().contains("on " + url), err.toString());
            assertEquals(merged(files), Files.readString(json(out)).strip());
            try (Stream<Path> apps = Files.list(work.resolve("worker"))) {
                assertEquals(1, apps.count(), "one application ran on the worker");
            }
        } finally {
            for (Process p : cluster) p.destroy();
            for (Process p : cluster) p.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static List<String> giop() throws IOException {
        try (Stream<Path> s = Files.list(TestCaptures.repoRoot().resolve("fixtures/giop"))) {
            return s.filter(p -> p.toString().endsWith(".pcap")).sorted().limit(3).map(Path::toString).toList();
        }
    }

    /** analyze --merge's JSON of the files, in this JVM. */
    private static String merged(List<String> files) {
        List<String> args = new ArrayList<>(List.of("analyze", "--merge", "--format", "json"));
        args.addAll(files);
        StringWriter out = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        assertEquals(0, cl.execute(args.toArray(String[]::new)));
        return out.toString().strip();
    }

    private static Path json(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
        }
    }

    /** Spark's jars (the build's copy of its dependencies, without ours): what a Spark installation brings. */
    private static String sparkJars() throws IOException {
        try (Stream<Path> s = Files.list(TARGET.resolve("lib"))) {
            return String.join(File.pathSeparator, s.filter(p -> !p.getFileName().toString().startsWith("wireanalyze-"))
                    .map(Path::toString).sorted().toList());
        }
    }

    private static List<String> java(String classpath) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(List.of(System.getProperty("wireanalyze.spark.jvm", "").split(" ")));
        cmd.removeIf(String::isEmpty);
        cmd.addAll(List.of("-Xmx1g", "-cp", classpath));
        return cmd;
    }

    private static Process start(Path home, List<String> main, Path log) throws IOException {
        List<String> cmd = new ArrayList<>(java(home.resolve("jars") + File.separator + "*"));
        cmd.addAll(main);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SPARK_HOME", home.toString());
        pb.environment().put("SPARK_SCALA_VERSION", "2.13");
        return pb.start();
    }

    private static void run(List<String> cmd, Path log) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "spark-submit ran for 5 minutes");
        assertEquals(0, p.exitValue(), Files.readString(log));
    }

    private static void waitFor(Path log, String line) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < end) {
            if (Files.exists(log) && Files.readString(log).contains(line)) return;
            Thread.sleep(200);
        }
        throw new AssertionError("no \"" + line + "\" in 90 s: " + (Files.exists(log) ? Files.readString(log) : "no log"));
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
