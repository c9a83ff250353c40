package io.wireanalyze.cli;

import io.wireanalyze.fixtures.Fixtures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Ctrl-C in the middle of a capture: the capture is stopped and closed, the servers and clients are gone,
 * and the pcap is valid to its last byte. Runs the real command in its own JVM and sends it SIGINT (SIGTERM
 * where this environment starts processes with SIGINT ignored, as a shell does for background jobs; the
 * JVM runs the same shutdown hooks for both).
 */
class CaptureInterruptTest {

    @BeforeAll
    static void needsRootAndLibpcap() throws Exception {
        CaptureEndToEndTest.needsRootAndLibpcap();
    }

    @Test
    void anInterruptedCaptureLeavesAValidPcap(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("interrupted.pcap");
        int registry = freePort(), object = freePort();
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), WireAnalyze.class.getName(), "capture", "--protocol", "jrmp",
                "--invocations", "10000000", "--payload", "ints:100", "--out", pcap.toString(),
                "--registry-port", String.valueOf(registry), "--object-port", String.valueOf(object));
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).start();
        List<String> err = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream()))) {
            String line;
            while ((line = r.readLine()) != null) {
                err.add(line);
                if (line.contains("running 1 client(s)")) break;
            }
            Thread.sleep(2000);   // calls are flowing
            String signal = sigintIgnored(p.pid()) ? "-TERM" : "-INT";
            new ProcessBuilder("kill", signal, String.valueOf(p.pid())).inheritIO().start().waitFor();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the capture did not stop after " + signal + ": " + err);
            while ((line = r.readLine()) != null) err.add(line);
        } finally {
            p.destroyForcibly();
        }
        assertTrue(err.stream().anyMatch(l -> l.contains("interrupted: capture stopped") && l.contains("the pcap is valid")), String.join("\n", err));
        // The pcap reads to its end: no truncated record, and it holds the calls made before the interrupt.
        var r = Fixtures.analyze(pcap);
        assertNull(r.capture().stopReason(), r.capture().stopReason());
        assertTrue(r.summary().invocations() > 100, "invocations captured: " + r.summary().invocations());
        assertTrue(Files.size(pcap) > 24);
        // No server or client JVM is left behind.
        Thread.sleep(500);
        assertEquals(List.of(), ProcessHandle.allProcesses()
                .map(h -> h.pid() + " " + h.info().commandLine().orElse(""))
                .filter(c -> c.contains("io.wireanalyze.workloads.jrmp.Jrmp") && (c.contains(" " + registry) || c.contains(":" + registry)))
                .toList());
    }

    private static boolean sigintIgnored(long pid) throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(pid), "status"))) {
            if (line.startsWith("SigIgn:")) return (Long.parseLong(line.substring(7).strip(), 16) & 0x2) != 0;
        }
        return false;
    }

    private static int freePort() throws Exception {
        try (var s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
