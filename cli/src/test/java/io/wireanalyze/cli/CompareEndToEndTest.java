package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
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
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue #14's compare, for real and short: two protocols, two plan points, two repetitions each on the emulated
 * 100 Mbit LAN (servers in a namespace behind a veth pair), and Ctrl-C in the middle of a comparison. Needs root
 * and libpcap (skipped without, failed under CI=true).
 */
class CompareEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void needsRootAndLibpcap() throws Exception {
        CaptureEndToEndTest.needsRootAndLibpcap();
    }

    @Test
    void twoProtocolsTwoPointsTwoRepetitionsOnLan100(@TempDir Path dir) throws Exception {
        Cli c = Cli.run("compare", "--protocols", "jrmp,iiop", "--invocations", "3,6", "--payload", "ints:6000", "--repeat", "2",
                "--network", "lan100", "--out", dir.toString());
        assertEquals(0, c.exitCode(), c.err());
        assertTrue(c.out().startsWith("Comparison of jrmp, iiop on lan100 (100 Mbit/s, MTU 1500; servers in a network namespace behind a veth pair)\n"), c.out());
        assertTrue(c.out().contains("8 of 8 runs finished"), c.out());
        assertTrue(c.err().contains("run 8 of 8: iiop, ints:6000, 6 calls, 1 client, repetition 2 of 2; about"), c.err());
        assertTrue(c.out().contains("Time against invocations"), c.out());

        JsonNode report = JSON.readTree(dir.resolve("compare.json").toFile());
        assertFalse(report.get("partial").asBoolean());
        assertEquals(1500, report.get("network").get("mtu").asInt());
        assertEquals(100_000_000L, report.get("network").get("rateBitsPerSecond").asLong());
        assertEquals(8, report.get("runs").size());
        assertEquals(2, report.get("points").size());
        for (JsonNode point : report.get("points")) {
            int calls = point.get("invocations").asInt();
            JsonNode jrmp = point.get("protocols").get("jrmp").get("figures"), iiop = point.get("protocols").get("iiop").get("figures");
            for (JsonNode f : List.of(jrmp, iiop)) {
                assertEquals(2, f.get("invocations").get("n").asInt());
                assertEquals(calls, f.get("invocations").get("mean").asDouble());
                assertEquals(0.0, f.get("invocations").get("cv").asDouble(), "the same calls every time");
                assertTrue(f.get("setupTimeMs").hasNonNull("cv"), "two repetitions give a coefficient of variation: " + f.get("setupTimeMs"));
                // 24 KB a call at 100 Mbit/s: 17 full segments take 2.0 ms on the wire; tbf lets a burst of 2 through at once.
                assertTrue(f.get("latencyMsMean").get("min").asDouble() >= 1.7, "latency " + f.get("latencyMsMean"));
                assertTrue(f.get("dataPacketsPerInvocation").get("mean").asDouble() >= 17, "1448-byte segments: " + f.get("dataPacketsPerInvocation"));
            }
            // JRMP's 6000 ints marshal to 24065 bytes a call, every time; the handshake and DGC make its set-up longer.
            assertEquals(24065.0, jrmp.get("requestBytesPerInvocation").get("mean").asDouble());
            assertEquals(0.0, jrmp.get("requestBytesPerInvocation").get("cv").asDouble());
            assertTrue(jrmp.get("setupPackets").get("mean").asDouble() > iiop.get("setupPackets").get("mean").asDouble(), point.toString());
        }

        // On lan100 no TCP segment is larger than the MTU allows (1514-byte frames), and full-sized ones are there.
        List<Path> pcaps;
        try (Stream<Path> files = Files.list(dir)) {
            pcaps = files.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        }
        assertEquals(8, pcaps.size(), pcaps.toString());
        for (Path pcap : pcaps) {
            assertEquals(1514, largestFrame(pcap), pcap.toString());
            assertTrue(Files.exists(pcap.resolveSibling(pcap.getFileName().toString().replace(".pcap", ".json"))));
        }
        assertTrue(pcaps.get(0).getFileName().toString().matches("iiop-ints6000-n3-c1-r1\\.pcap"), pcaps.get(0).toString());
        for (String f : List.of("compare.txt", "compare.csv", "compare-runs.csv", "compare-time.png", "compare-overhead.png"))
            assertTrue(Files.size(dir.resolve(f)) > 100, f);
        // One row per protocol, point and figure: 15 figures and 8 phases x 2.
        assertEquals(1 + 2 * 2 * (15 + 8 * 2), Files.readAllLines(dir.resolve("compare.csv")).size());
        assertEquals(1 + 8, Files.readAllLines(dir.resolve("compare-runs.csv")).size());
        assertNoNamespaceOf(ProcessHandle.current().pid());
    }

    @Test
    void ctrlCLeavesTheFinishedRunsAndAPartialReportThatSaysSo(@TempDir Path dir) throws Exception {
        List<String> cmd = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                WireAnalyze.class.getName(), "compare", "--protocols", "jrmp", "--invocations", "3", "--repeat", "6",
                "--network", "lan100", "--out", dir.toString());
        Process p = new ProcessBuilder(cmd).redirectOutput(dir.resolve("out.txt").toFile()).start();
        List<String> err = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream()))) {
            String line;
            while ((line = r.readLine()) != null) {
                err.add(line);
                if (line.contains("run 3 of 6")) break;
            }
            new ProcessBuilder("kill", "-TERM", Long.toString(p.pid())).inheritIO().start().waitFor();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "compare did not stop: " + err);
            while ((line = r.readLine()) != null) err.add(line);
        } finally {
            p.destroyForcibly();
        }
        String text = Files.readString(dir.resolve("compare.txt"));
        assertTrue(text.startsWith("PARTIAL REPORT: interrupted after 2 of 6 runs; the figures cover the finished runs only\n"), text);
        assertTrue(Files.readString(dir.resolve("out.txt")).startsWith("PARTIAL REPORT"), "printed too");
        JsonNode report = JSON.readTree(dir.resolve("compare.json").toFile());
        assertTrue(report.get("partial").asBoolean());
        assertEquals("interrupted", report.get("interruption").asText());
        assertEquals(2, report.get("runs").size());
        for (JsonNode run : report.get("runs")) assertTrue(Files.exists(Path.of(run.get("pcap").asText())), run.toString());
        assertEquals("true", Files.readAllLines(dir.resolve("compare.csv")).get(1).replaceAll(".*,", ""), "the CSV says partial too");
        assertTrue(err.stream().anyMatch(l -> l.contains("interrupted: the partial report covers 2 finished run(s)")), String.join("\n", err));
        assertNoNamespaceOf(p.pid());
    }

    static int largestFrame(Path pcap) throws Exception {
        int largest = 0;
        try (FrameSource src = CaptureFiles.open(pcap)) {
            for (Frame f = src.next(); f != null; f = src.next()) largest = Math.max(largest, f.originalLength());
        }
        return largest;
    }

    static void assertNoNamespaceOf(long pid) throws Exception {
        Process ip = new ProcessBuilder("ip", "netns", "list").start();
        String list = new String(ip.getInputStream().readAllBytes());
        ip.waitFor();
        assertFalse(list.contains("wa-" + pid + "-"), list);
        Process links = new ProcessBuilder("ip", "-o", "link", "show").start();
        String shown = new String(links.getInputStream().readAllBytes());
        links.waitFor();
        assertFalse(shown.contains("wa" + pid + "-"), shown);
    }
}
