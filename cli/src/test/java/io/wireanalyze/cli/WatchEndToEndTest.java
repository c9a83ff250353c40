package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.live.LiveCapture;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code watch} on a live system: a workload of ours run on its own (the capture command, with its own capture) and
 * watch beside it on the same interface. Its final report must be what analyze of the capture it kept gives, byte for
 * byte of JSON, and its calls what the workload's own capture saw. Needs root and libpcap: under CI=true a missing one
 * fails the test instead of skipping it.
 */
@Timeout(300)
class WatchEndToEndTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    public static void needsRootAndLibpcap() throws Exception {
        String why = null;
        String libpcap = LiveCapture.checkLibpcap();
        if (libpcap != null) why = libpcap;
        else if (!new ProcessBuilder("id", "-u").start().inputReader().readLine().equals("0"))
            why = "live capture needs root (run ./run-tests with sudo)";
        if (why != null && "true".equals(System.getenv("CI"))) fail("CI must run the live watch test: " + why);
        Assumptions.assumeTrue(why == null, why);
    }

    /** A watch running in-process, as a user's would in a terminal of its own. */
    private static final class Watching {
        final StringWriter out = new StringWriter(), err = new StringWriter();
        final WatchCommand command;
        final Thread thread;
        volatile int exitCode = -1;

        Watching(String... args) throws InterruptedException {
            var cl = WireAnalyze.commandLine();
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            command = (WatchCommand) cl.getSubcommands().get("watch").getCommand();
            thread = new Thread(() -> exitCode = cl.execute(args), "watch-under-test");
            thread.start();
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (!err.toString().contains("wireanalyze: watching ") && thread.isAlive() && System.nanoTime() < deadline) Thread.sleep(50);
            assertTrue(err.toString().contains("wireanalyze: watching "), err.toString());
        }

        /** Ctrl-C's way: asks it to stop, waits for its report. */
        List<JsonNode> stop() throws Exception {
            Thread.sleep(1500);   // a refresh or two after the last packet
            command.requestStop();
            thread.join(120_000);
            assertFalse(thread.isAlive(), "watch did not stop");
            assertEquals(0, exitCode, err.toString());
            assertFalse(err.toString().contains("WARNING"), err.toString());
            assertTrue(err.toString().contains(", 0 dropped, 0 dropped by the interface"), err.toString());
            List<JsonNode> values = new ArrayList<>();
            try (var it = JSON.readerFor(JsonNode.class).readValues(out.toString())) {
                while (it.hasNext()) values.add((JsonNode) it.next());
            }
            return values;
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** The final report (the last value) is analyze's of the kept capture; the ones before are running views. */
    private static JsonNode finalReportIsAnalyzeOf(List<JsonNode> values, String... analyzeArgs) throws Exception {
        assertTrue(values.size() >= 2, "running views then the report: " + values);
        JsonNode report = values.get(values.size() - 1);
        assertNull(report.get("watch"), report.toString());
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json"));
        args.addAll(List.of(analyzeArgs));
        Cli analyze = Cli.run(args.toArray(String[]::new));
        assertEquals(0, analyze.exitCode(), analyze.err());
        assertEquals(JSON.readTree(analyze.out()), report);
        return report;
    }

    private static List<JsonNode> views(List<JsonNode> values) {
        List<JsonNode> v = values.stream().filter(n -> n.has("watch")).map(n -> n.get("watch")).toList();
        long last = -1;
        for (JsonNode n : v) {
            assertTrue(n.get("tcpPackets").asLong() >= last, "packets so far never go down: " + v);
            last = n.get("tcpPackets").asLong();
            assertTrue(n.get("pcapStats").has("dropped"), n.toString());
            assertTrue(n.has("phases") && n.has("methods") && n.has("openConnections") && n.has("unparsedBytes"), n.toString());
        }
        return v;
    }

    /** Packets of each invocation, in order: the same calls seen by two captures give the same list. */
    private static List<Integer> invocationPackets(JsonNode report) {
        List<Integer> p = new ArrayList<>();
        for (JsonNode i : report.get("invocations")) p.add(i.get("packets").asInt());
        return p;
    }

    @Test
    void watchBesideAJrmpWorkloadOnLoopbackReportsWhatAnalyzeOfItsCaptureReports(@TempDir Path dir) throws Exception {
        int registry = freePort(), object = freePort();
        Path kept = dir.resolve("watch.pcap");
        // --method-names as analyze has it: a signature named exactly (the workload's own interface names it too).
        Path names = Files.writeString(dir.resolve("names.txt"), "sendInts([I)I\n");
        Watching watch = new Watching("watch", "--interface", "lo", "--filter", "tcp port " + registry + " or tcp port " + object,
                "--format", "json", "--out", kept.toString(), "--refresh-ms", "500", "--method-names", names.toString());
        Cli capture = Cli.run("capture", "--protocol", "jrmp", "--invocations", "10", "--payload", "ints:1000",
                "--registry-port", String.valueOf(registry), "--object-port", String.valueOf(object),
                "--out", dir.resolve("workload.pcap").toString(), "--format", "json");
        assertEquals(0, capture.exitCode(), capture.err());
        List<JsonNode> values = watch.stop();
        JsonNode report = finalReportIsAnalyzeOf(values, kept.toAbsolutePath().toString(), "--method-names", names.toString());

        List<JsonNode> views = views(values);
        assertFalse(views.isEmpty());
        for (JsonNode v : views) {   // the running view: one analysis fed as packets arrive, every packet in a phase or arriving
            long inPhases = 0;
            for (JsonNode p : v.get("phases")) inPhases += p.get("packets").asLong();
            assertEquals(v.get("tcpPackets").asLong(), inPhases + v.get("arrivingPackets").asLong(), v.toString());
            assertFalse(v.get("viewBehind").asBoolean(), v.toString());
        }
        JsonNode lastView = views.get(views.size() - 1);
        assertEquals("lo", lastView.get("interface").asText());
        assertEquals(report.get("capture").get("tcpPackets").asLong(), lastView.get("tcpPackets").asLong(),
                "the last view, after the workload ended, has every packet: " + lastView);
        JsonNode sendInts = null;
        for (JsonNode m : lastView.get("methods")) if (m.get("method").asText().startsWith("sendInts")) sendInts = m;
        assertNotNull(sendInts, lastView.toString());
        assertEquals(10, sendInts.get("count").asInt());
        assertTrue(sendInts.get("p50Ms").asDouble() > 0 && sendInts.get("p95Ms").asDouble() >= sendInts.get("p50Ms").asDouble(), sendInts.toString());
        assertEquals(0, lastView.get("pcapStats").get("dropped").asLong());

        // The calls are the workload's: the same 10 invocations, packet for packet, as its own capture saw them.
        JsonNode own = JSON.readTree(capture.out());
        assertEquals(10, report.get("summary").get("invocations").asInt());
        assertEquals(invocationPackets(own), invocationPackets(report));
        for (String phase : List.of("invocation", "dgc", "naming"))
            assertEquals(own.get("phases").get(phase).get("packets").asLong(), report.get("phases").get(phase).get("packets").asLong(), phase);
        // watch began before the servers and ended after them: it saw at least what the workload's capture saw.
        assertTrue(report.get("capture").get("tcpPackets").asLong() >= own.get("capture").get("tcpPackets").asLong());
        assertTrue(watch.err.toString().contains("capture kept: " + kept.toAbsolutePath()), watch.err.toString());
    }

    @Test
    void aRingKeepsTheNewestFilesWhichAnalyzeMergeReadsBackAsTheReport(@TempDir Path dir) throws Exception {
        Path ring = Files.createDirectories(dir.resolve("ring"));
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            Thread echo = new Thread(() -> {
                while (!server.isClosed()) {
                    try (Socket s = server.accept(); InputStream in = s.getInputStream(); OutputStream out = s.getOutputStream()) {
                        in.transferTo(out);
                    } catch (Exception closed) {
                        return;
                    }
                }
            });
            echo.setDaemon(true);
            echo.start();
            Watching watch = new Watching("watch", "--interface", "lo", "--filter", "tcp port " + server.getLocalPort(),
                    "--format", "json", "--out", ring.resolve("r.pcap").toString(), "--ring", "8K:3", "--refresh-ms", "300");
            byte[] data = new byte[3000];
            for (int c = 0; c < 30; c++) {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort())) {
                    s.getOutputStream().write(data);
                    s.shutdownOutput();
                    assertEquals(data.length, s.getInputStream().readAllBytes().length);
                }
            }
            List<JsonNode> values = watch.stop();
            List<Path> files;
            try (Stream<Path> s = Files.list(ring)) {
                files = s.sorted().toList();
            }
            // 30 connections of about 7 KB on the wire each: many files written, the newest 3 kept.
            assertEquals(3, files.size(), files.toString());
            long previousFirst = Long.MIN_VALUE;
            int previousNumber = -1;
            for (Path f : files) {
                String name = f.getFileName().toString();
                assertTrue(name.matches("r_\\d{5}_\\d{14}\\.pcap"), name);
                int number = Integer.parseInt(name.substring(2, 7));
                if (previousNumber >= 0) assertEquals(previousNumber + 1, number, files.toString());
                previousNumber = number;
                assertTrue(Files.size(f) <= 8192, name + ": " + Files.size(f) + " bytes");
                try (FrameSource src = CaptureFiles.open(f)) {
                    Frame first = src.next();
                    assertNotNull(first, name);
                    assertTrue(first.timestampNanos() >= previousFirst, "files in time order by name: " + files);
                    previousFirst = first.timestampNanos();
                }
            }
            assertTrue(previousNumber >= 10, "the ring went round: file " + previousNumber);
            assertTrue(watch.err.toString().contains("the ring deleted its " + (previousNumber - 3) + " oldest file(s)"), watch.err.toString());
            JsonNode report = finalReportIsAnalyzeOf(values, "--merge", ring.toString());
            assertTrue(report.get("capture").get("tcpPackets").asLong() > 0);
            views(values);
        }
    }

    @Test
    void watchOnAnEmulatedLanSeesTheCallsTheWorkloadsCaptureSaw(@TempDir Path dir) throws Exception {
        Path kept = dir.resolve("lan.pcap");
        // The workload makes its own namespace and veth pair for lan100 (and removes them); watch sees them through
        // "any", filtered to the emulated network's addresses.
        Watching watch = new Watching("watch", "--interface", "any", "--filter", "tcp and net 198.18.0.0/15",
                "--format", "json", "--out", kept.toString(), "--refresh-ms", "500");
        Cli capture = Cli.run("capture", "--protocol", "jrmp", "--network", "lan100", "--invocations", "10", "--payload", "ints:3000",
                "--out", dir.resolve("workload.pcap").toString(), "--format", "json");
        assertEquals(0, capture.exitCode(), capture.err());
        List<JsonNode> values = watch.stop();
        JsonNode report = finalReportIsAnalyzeOf(values, kept.toAbsolutePath().toString());
        JsonNode own = JSON.readTree(capture.out());
        assertEquals(10, report.get("summary").get("invocations").asInt());
        assertEquals(invocationPackets(own), invocationPackets(report));
        // The same packets for each phase of the calls: both captures saw the one veth pair.
        for (String phase : List.of("invocation", "dgc", "naming"))
            assertEquals(own.get("phases").get(phase).get("packets").asLong(), report.get("phases").get(phase).get("packets").asLong(), phase);
        // 12 000-byte requests on a 1500-byte MTU: full-sized segments, and every client address in 198.18.0.0/15.
        for (JsonNode c : report.get("connections")) assertTrue(c.get("client").asText().startsWith("198.1"), c.toString());
        views(values);
        String namespaces = new String(new ProcessBuilder("ip", "netns", "list").start().getInputStream().readAllBytes());
        assertFalse(namespaces.contains("wa-" + ProcessHandle.current().pid() + "-"), "namespaces left: " + namespaces);
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }

    /**
     * Two interfaces at once ({@code --interface lo --interface VETH}): a JRMP workload on lo, and on a veth pair of this
     * test's own namespace (198.18.23.0/30, shaped with tbf) ten lines of text echoed by a server in the namespace. One
     * capture holds both, in the order their packets arrived; the final report is analyze's of it, with the workload's
     * 10 calls and the echo connection; libpcap's counters are summed.
     */
    @Test
    void watchOnTwoInterfacesAtOnceKeepsBothInOneCapture(@TempDir Path dir) throws Exception {
        String ns = "wa-" + ProcessHandle.current().pid() + "-w", host = "wa" + ProcessHandle.current().pid() + "wh",
                peer = "wa" + ProcessHandle.current().pid() + "wn";
        Process echo = null;
        try {
            run("ip", "netns", "add", ns);
            run("ip", "link", "add", host, "type", "veth", "peer", "name", peer, "netns", ns);
            run("ip", "addr", "add", "198.18.23.1/30", "dev", host);
            run("ip", "link", "set", host, "up");
            run("ip", "netns", "exec", ns, "ip", "addr", "add", "198.18.23.2/30", "dev", peer);
            run("ip", "netns", "exec", ns, "ip", "link", "set", peer, "up");
            run("tc", "qdisc", "add", "dev", host, "root", "tbf", "rate", "100mbit", "burst", "32kbit", "latency", "50ms");
            echo = new ProcessBuilder("ip", "netns", "exec", ns, "python3", "-c",
                    "import socket\ns=socket.socket();s.bind(('198.18.23.2',7777));s.listen();c,_=s.accept()\n"
                            + "while (d:=c.recv(4096)): c.sendall(d)").redirectErrorStream(true).start();
            int registry = freePort(), object = freePort();
            Path kept = dir.resolve("two.pcap");
            Watching watch = new Watching("watch", "--interface", "lo", "--interface", host, "--filter",
                    "tcp port " + registry + " or tcp port " + object + " or tcp port 7777",
                    "--format", "json", "--out", kept.toString(), "--refresh-ms", "500");
            Cli capture = Cli.run("capture", "--protocol", "jrmp", "--invocations", "10", "--payload", "ints:1000",
                    "--registry-port", String.valueOf(registry), "--object-port", String.valueOf(object),
                    "--out", dir.resolve("workload.pcap").toString(), "--format", "json");
            assertEquals(0, capture.exitCode(), capture.err());
            Socket c = null;
            for (int tries = 0; c == null; tries++) {
                try {
                    c = new Socket("198.18.23.2", 7777);
                } catch (java.net.ConnectException notYet) {
                    if (tries > 50) throw notYet;
                    Thread.sleep(100);
                }
            }
            try (Socket s = c) {
                for (int i = 0; i < 10; i++) {
                    s.getOutputStream().write(("STATUS " + i + " ok\n").getBytes());
                    assertTrue(s.getInputStream().read(new byte[64]) > 0);
                }
            }
            List<JsonNode> values = watch.stop();
            JsonNode report = finalReportIsAnalyzeOf(values, kept.toAbsolutePath().toString());
            assertEquals(10, report.get("summary").get("invocations").asInt());
            assertEquals(invocationPackets(JSON.readTree(capture.out())), invocationPackets(report));
            List<String> clients = new ArrayList<>();
            for (JsonNode conn : report.get("connections")) clients.add(conn.get("client").asText() + " " + conn.get("protocol").asText());
            assertTrue(clients.stream().anyMatch(x -> x.startsWith("198.18.23.1:") && x.endsWith(" unknown")), clients.toString());
            assertTrue(clients.stream().filter(x -> x.startsWith("127.0.0.1:") && x.endsWith(" jrmp")).count() >= 2, clients.toString());
            JsonNode lastView = views(values).get(views(values).size() - 1);
            assertEquals("lo+" + host, lastView.get("interface").asText());
            assertEquals(report.get("capture").get("tcpPackets").asLong(), lastView.get("tcpPackets").asLong());
            // lo counts each packet twice, the veth once.
            assertTrue(lastView.get("pcapStats").get("received").asLong() > report.get("capture").get("tcpPackets").asLong(), lastView.toString());
        } finally {
            if (echo != null) echo.destroy();
            new ProcessBuilder("ip", "netns", "del", ns).start().waitFor();
            new ProcessBuilder("ip", "link", "del", host).redirectErrorStream(true).start().waitFor();   // gone with the namespace
        }
        String namespaces = new String(new ProcessBuilder("ip", "netns", "list").start().getInputStream().readAllBytes());
        assertFalse(namespaces.contains(ns), "namespace left: " + namespaces);
    }

    @Test
    void interfacesOfDifferentLinkTypesAreRefused() throws Exception {
        Cli watch = Cli.run("watch", "--interface", "lo", "--interface", "any", "--duration", "1s");
        assertEquals(2, watch.exitCode(), watch.err());
        assertTrue(watch.err().contains("--interface any has link type ") && watch.err().contains(", --interface lo 1: one capture file has one link type"),
                watch.err());
    }
}
