package io.wireanalyze.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Spark module beside the jar the bench measures, run as {@code ./wireanalyze analyze --engine spark} runs it: its
 * jar and its dependencies' folder on the class path, the JVM options its pom names ({@code spark.jvm.options}: the
 * module openings Spark needs on Java 17), its class-data archive when the launcher has made one, and a heap of 4 GiB
 * or a quarter of the memory when that is less.
 *
 * @param jar        the module's jar ({@code spark/target/wireanalyze-spark-*.jar})
 * @param lib        its dependencies ({@code spark/target/lib/})
 * @param jvmOptions the pom's {@code spark.jvm.options}
 * @param archive    the launcher's class-data archive of Spark's classes, or null when it has made none since the build
 * @param heapMib    the launcher's heap for Spark
 */
record SparkRun(Path jar, Path lib, List<String> jvmOptions, Path archive, long heapMib) {

    private static final Pattern OPTIONS = Pattern.compile("<spark\\.jvm\\.options>(.*)</spark\\.jvm\\.options>");

    /** The module beside {@code cliJar} (the repository's {@code cli/target/wireanalyze.jar}), or null when it is not built. */
    static SparkRun beside(Path cliJar, long memoryKib) throws IOException {
        Path repo = cliJar.toAbsolutePath().getParent();
        for (int i = 0; i < 2 && repo != null; i++) repo = repo.getParent();
        if (repo == null) return null;
        Path target = repo.resolve("spark").resolve("target"), pom = repo.resolve("spark").resolve("pom.xml");
        if (!Files.isDirectory(target) || !Files.isDirectory(target.resolve("lib")) || !Files.isRegularFile(pom)) return null;
        Path jar;
        try (var jars = Files.list(target)) {
            jar = jars.filter(p -> p.getFileName().toString().matches("wireanalyze-spark-[0-9].*\\.jar")).findFirst().orElse(null);
        }
        if (jar == null) return null;
        Matcher m = OPTIONS.matcher(Files.readString(pom));
        List<String> options = m.find() ? Arrays.asList(m.group(1).trim().split("\\s+")) : List.of();
        long heap = memoryKib > 0 ? Math.min(4096, memoryKib / 4096) : 4096;
        return new SparkRun(jar, target.resolve("lib"), options, Children.freshArchive(target.resolve("wireanalyze-spark.jsa"), jar), heap);
    }

    /** The command before {@code analyze}'s arguments, with the bench's {@code javaOpts} (its heap replaced by Spark's). */
    List<String> command(Path javaBin, List<String> javaOpts) {
        List<String> cmd = new ArrayList<>(List.of(javaBin.toString()));
        cmd.addAll(jvmOptions);
        cmd.addAll(Children.archiveOptions(archive));
        for (String o : javaOpts) if (!o.startsWith("-Xmx")) cmd.add(o);
        cmd.add("-Xmx" + heapMib + "m");
        cmd.addAll(List.of("-cp", jar + java.io.File.pathSeparator + lib.resolve("*"), "io.wireanalyze.cli.WireAnalyze"));
        return cmd;
    }
}
