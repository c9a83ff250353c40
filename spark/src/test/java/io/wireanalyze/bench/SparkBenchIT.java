package io.wireanalyze.bench;

import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bench}'s issue #19 Spark target for real, once this module is packaged: the mixed capture cut into files,
 * {@code analyze --merge} and {@code analyze --engine spark} (this module's jar and dependencies, as the launcher runs
 * it) timed on the folder, the two tables the same. Timing is printed, never asserted.
 */
class SparkBenchIT {

    @Test
    void benchTimesSparkAgainstMergeOnTheCutCapture(@TempDir Path dir) throws Exception {
        Path jar = TestCaptures.repoRoot().resolve("cli/target/wireanalyze.jar");
        assertTrue(Files.isRegularFile(jar), "the cli module's package phase made " + jar);
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-jar", jar.toString(),
                "bench", "--work", dir.resolve("work").toString(), "--packets", "6000", "--slice", "2000", "--xml-packets", "0",
                "--large", "0", "--no-tshark", "--spark-files", "3"));
        Path out = dir.resolve("out.txt"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(5, TimeUnit.MINUTES), "bench finished");
        String said = Files.readString(out);
        System.out.println(said);
        assertEquals(0, p.exitValue(), Files.readString(err));
        // Three files holding every record of the capture once, in order.
        Path folder = dir.resolve("work/mixed-6000p-seed1-in-3");
        List<Path> pieces;
        try (var files = Files.list(folder)) {
            pieces = files.sorted().toList();
        }
        assertEquals(List.of("part-00.pcap", "part-01.pcap", "part-02.pcap"), pieces.stream().map(f -> f.getFileName().toString()).toList());
        Path whole = dir.resolve("work/mixed-6000p-seed1.pcap");
        long total = frames(whole), each = (total + 2) / 3, bytes = 0;
        assertEquals(List.of(each, each, total - 2 * each), List.of(frames(pieces.get(0)), frames(pieces.get(1)), frames(pieces.get(2))),
                "the whole file's " + total + " records, a third in each file");
        for (Path piece : pieces) bytes += Files.size(piece) - 24;
        assertEquals(Files.size(whole) - 24, bytes, "and their bytes, each file with the whole's 24-byte header");
        // Whether the Spark run maps the launcher's archive of Spark's classes, said before any figure.
        assertTrue(said.lines().anyMatch(l -> l.matches("Spark's class-data archive: (\\S+wireanalyze-spark\\.jsa \\(the launcher's, .*\\)"
                + "|none made since the Spark module was built \\(.*\\))")), said);
        assertTrue(said.lines().anyMatch(l -> l.contains("  analyze --merge table  ")), said);
        assertTrue(said.lines().anyMatch(l -> l.contains("  analyze --engine spark table  ")), said);
        assertTrue(said.lines().anyMatch(l -> l.contains("  analyze --merge json  ")), said);
        assertTrue(said.lines().anyMatch(l -> l.contains("  analyze --engine spark json  ")), said);
        String target = said.lines().filter(l -> l.startsWith("Spark (embedded, local[*]) within 2x of analyze --merge (mixed 6k in 3 files)"))
                .findFirst().orElseThrow(() -> new AssertionError(said));
        assertTrue(target.contains("the tables identical"), target);
        assertTrue(target.matches(".*spark [0-9.]+ s against --merge [0-9.]+ s: [0-9.]+x; peak RSS [0-9,]+ MiB against [0-9,]+ MiB.*"), target);
        // And in JSON, every record: the same bytes from both engines.
        assertTrue(target.matches(".*; json: spark [0-9.]+ s against --merge [0-9.]+ s: [0-9.]+x \\(peak RSS [0-9,]+ MiB against [0-9,]+ MiB\\), the JSON identical.*"), target);
    }

    private static long frames(Path capture) throws java.io.IOException {
        long n = 0;
        try (io.wireanalyze.frame.FrameSource s = io.wireanalyze.capture.CaptureFiles.open(capture)) {
            while (s.next() != null) n++;
        }
        return n;
    }
}
