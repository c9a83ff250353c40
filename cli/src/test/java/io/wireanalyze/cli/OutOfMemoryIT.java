package io.wireanalyze.cli;

import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A heap too small for the capture's connections under way at once: the shaded jar says so in one line, with how to
 * give it more, exits 1 and leaves no report behind (no partial output passed off as complete).
 */
class OutOfMemoryIT {

    @Test
    void aHeapTooSmallSaysHowToGiveItMore(@TempDir Path dir) throws Exception {
        Path jar = TestCaptures.repoRoot().resolve("cli/target/wireanalyze.jar");
        assertTrue(Files.isRegularFile(jar), "the package phase made " + jar);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java"), capture = dir.resolve("mixed.pcap");
        assertEquals(0, run(dir, List.of(java.toString(), "-jar", jar.toString(), "bench", "synthesize", "--size", "1m", capture.toString())));
        Path out = dir.resolve("report");
        // 6 MiB holds the JVM and the command line but not the 1 MB capture's thousands of connections (10 MiB does).
        int code = run(dir, List.of(java.toString(), "-XX:+UseSerialGC", "-Xmx6m", "-jar", jar.toString(), "analyze", capture.toString(),
                "--format", "json", "--out", out.toString()));
        String err = Files.readString(dir.resolve("err.txt"));
        assertEquals(1, code, err);
        List<String> lines = err.lines().filter(l -> !l.isBlank()).toList();
        assertTrue(lines.get(lines.size() - 1).matches("wireanalyze: out of memory: .* outgrew the JVM's heap of [0-9]+ MiB; run it with a larger one,"
                + " e.g. WIREANALYZE_JAVA_OPTS=\"-XX:\\+UseParallelGC -Xmx1024m\" ./wireanalyze \\.\\.\\."), err);
        assertFalse(err.contains("\tat "), "no stack trace:\n" + err);
        assertFalse(Files.exists(out.resolve("mixed.json")), "no report left behind");
    }

    private static int run(Path dir, List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "finished: " + cmd);
        return p.exitValue();
    }
}
