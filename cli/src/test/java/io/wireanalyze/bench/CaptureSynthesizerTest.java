package io.wireanalyze.bench;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The synthetic capture is the fixtures, N times over: its analysis finds N times each fixture's messages,
 * invocations and connections, every connection on its own 4-tuple, in time order; cut to an MTU of 1500 it has
 * more packets and the same messages and invocations; and tshark reads it.
 * <p>
 * Invocations are compared as records by method, not as measured calls: the analysis links a call as a leg of
 * another with the same target, operation and arguments that encloses it in time on any other connection, related or
 * not, so concurrent replays of one fixture make each other's legs (on the 150 k-packet slice: 5,069 legs where the
 * fixtures, 94 times over, have 1,316).
 */
class CaptureSynthesizerTest {

    static final int ROUNDS = 3;
    static List<SessionTemplate> templates;
    static Figures fixtures;

    /** What the comparison looks at: counts by protocol and message type, by method, and the connections. */
    record Figures(Map<String, Long> messages, Map<String, Long> invocations, Map<String, Long> connections, long frames) {
        static Figures of(AnalysisResult r) {
            Map<String, Long> messages = new TreeMap<>(), invocations = new TreeMap<>(), connections = new TreeMap<>();
            r.messages().forEach(m -> messages.merge(m.message().protocol() + " " + m.message().type().label(), 1L, Long::sum));
            r.invocations().forEach(i -> invocations.merge(i.method(), 1L, Long::sum));
            r.connections().forEach(c -> connections.merge(c.protocol(), 1L, Long::sum));
            return new Figures(messages, invocations, connections, r.capture().frames());
        }

        Figures plus(Figures o) {
            Map<String, Long> m = new TreeMap<>(messages), i = new TreeMap<>(invocations), c = new TreeMap<>(connections);
            o.messages.forEach((k, v) -> m.merge(k, v, Long::sum));
            o.invocations.forEach((k, v) -> i.merge(k, v, Long::sum));
            o.connections.forEach((k, v) -> c.merge(k, v, Long::sum));
            return new Figures(m, i, c, frames + o.frames);
        }

        Figures times(int n) {
            Map<String, Long> m = new TreeMap<>(), i = new TreeMap<>(), c = new TreeMap<>();
            messages.forEach((k, v) -> m.put(k, v * n));
            invocations.forEach((k, v) -> i.put(k, v * n));
            connections.forEach((k, v) -> c.put(k, v * n));
            return new Figures(m, i, c, frames * n);
        }
    }

    @BeforeAll
    static void analyseTheFixtures() throws IOException {
        Path dir = TestCaptures.repoRoot().resolve("fixtures");
        templates = CaptureSynthesizer.templates(dir);
        fixtures = new Figures(Map.of(), Map.of(), Map.of(), 0);
        for (SessionTemplate t : templates) {
            assertEquals(0, t.skipped(), t.source() + ": every fixture frame is an Ethernet/IPv4 TCP frame");
            Figures own = Figures.of(analyze(t.source(), TestCaptures.keysBeside(t.source())));
            // The RSTs that end the connections the fixture left open are frames of the replay too.
            fixtures = fixtures.plus(new Figures(own.messages(), own.invocations(), own.connections(), own.frames() + t.closers()));
        }
    }

    @Test
    void everyProtocolIsInTheMix() {
        Set<String> dirs = new HashSet<>();
        templates.forEach(t -> dirs.add(t.source().getParent().getFileName().toString()));
        assertTrue(dirs.containsAll(List.of("jrmp", "giop", "http", "soap", "hessian", "burlap", "httpinvoker", "xmlrpc", "tls")), dirs.toString());
        assertTrue(fixtures.connections().keySet().containsAll(List.of("jrmp", "giop", "http", "jrmp-tls")), fixtures.connections().toString());
        Set<String> protocols = new HashSet<>();
        fixtures.messages().keySet().forEach(k -> protocols.add(k.substring(0, k.indexOf(' '))));
        assertTrue(protocols.containsAll(List.of("jrmp", "giop", "http", "http-rmi", "soap", "hessian", "burlap", "httpinvoker",
                "xmlrpc", "tls", "jrmp-tls")), protocols.toString());
    }

    @Test
    void theSyntheticCaptureAnalysesAsTheFixturesNTimesOver(@TempDir Path dir) throws IOException {
        CaptureSynthesizer.Summary s = write(dir.resolve("mixed.pcap"), 0);
        assertEquals(ROUNDS * templates.size(), s.replays());
        assertEquals(ROUNDS * CaptureSynthesizer.packetsPerRound(templates, 0), s.packets());
        assertEquals(PcapOut.FILE_HEADER + ROUNDS * CaptureSynthesizer.bytesPerRound(templates, 0), s.bytes());
        AnalysisResult r = analyze(s.file(), keys(s));
        Figures expected = fixtures.times(ROUNDS);
        assertEquals(expected, Figures.of(r));

        Set<String> tuples = new HashSet<>();
        r.connections().forEach(c -> tuples.add(c.client() + " " + c.server()));
        assertEquals(r.connections().size(), tuples.size(), "one 4-tuple per connection");
        assertTrue(tuples.stream().allMatch(t -> t.startsWith("198.18.") && t.contains(" 198.19.")), "clients in 198.18/16, servers in 198.19/16");
        // Servers spread: every replay's server hosts have addresses of their own.
        Set<String> servers = serverAddresses(r);
        assertTrue(servers.size() >= s.replays(), servers.size() + " server addresses for " + s.replays() + " replays");
        assertTimeOrdered(s.file(), 0);
    }

    /** Issue #19's other capture: one server address talking to every client, analysed as the fixtures N times over. */
    @Test
    void withOneServerAddressEveryServerIsOnOneHost(@TempDir Path dir) throws IOException {
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(templates,
                new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(ROUNDS), 0, 42, true), dir.resolve("one.pcap"), (p, t) -> { });
        AnalysisResult r = analyze(s.file(), keys(s));
        assertEquals(fixtures.times(ROUNDS), Figures.of(r));
        int hosts = templates.stream().mapToInt(t -> t.addresses().size()).max().orElseThrow();
        Set<String> servers = serverAddresses(r);
        assertTrue(servers.size() <= hosts, servers + " (expected: at most " + hosts + ", a template's hosts)");
        assertTrue(servers.contains("198.19.0.1"), servers.toString());
        long clients = r.connections().stream().map(c -> address(c.client())).distinct().count();
        assertTrue(clients >= s.replays(), clients + " client addresses for " + s.replays() + " replays");
    }

    private static Set<String> serverAddresses(AnalysisResult r) {
        Set<String> servers = new HashSet<>();
        r.connections().forEach(c -> servers.add(address(c.server())));
        return servers;
    }

    /** The address of an endpoint as the report writes it ("198.19.0.1:1099"). */
    private static String address(String endpoint) {
        return endpoint.substring(0, endpoint.lastIndexOf(':'));
    }

    @Test
    void cutToAnMtuOf1500ItHasMorePacketsAndTheSameMessagesAndInvocations(@TempDir Path dir) throws IOException {
        CaptureSynthesizer.Summary s = write(dir.resolve("mtu1500.pcap"), 1500);
        AnalysisResult r = analyze(s.file(), keys(s));
        Figures expected = fixtures.times(ROUNDS);
        Figures got = Figures.of(r);
        assertEquals(expected.messages(), got.messages());
        assertEquals(expected.invocations(), got.invocations());
        assertEquals(expected.connections(), got.connections());
        assertEquals(s.packets(), got.frames());
        assertTrue(got.frames() > expected.frames() * 11 / 10, got.frames() + " packets (expected: well over " + expected.frames() + ")");
        assertTimeOrdered(s.file(), 1500);
    }

    /** Hundreds of connections: the text report lists the largest and the unusual ones, and says where the rest are. */
    @Test
    void theTextReportOfManyConnectionsShowsTheLargestAndTheUnusual(@TempDir Path dir) throws IOException {
        CaptureSynthesizer.Summary s = write(dir.resolve("mixed.pcap"), 0);
        AnalysisResult r = analyze(s.file(), keys(s));
        int n = r.connections().size();
        assertTrue(n > 100, n + " connections");
        java.io.StringWriter text = new java.io.StringWriter();
        new io.wireanalyze.report.TextReport(new java.io.PrintWriter(text)).write(List.of(r));
        String report = text.toString();
        String section = report.substring(report.indexOf("\nConnections\n"), report.indexOf("\nNaming, DGC"));
        List<String> lines = section.lines().toList();
        assertTrue(lines.get(2).startsWith("  " + n + " connections ("), lines.get(2));
        List<String> rows = lines.stream().filter(l -> l.matches("  +\\d+ +198\\.18\\..*")).toList();
        assertTrue(rows.size() >= 10 && rows.size() <= 20, rows.size() + " rows:\n" + section);
        // The largest connection by packets is there, marked.
        var largest = r.connections().stream().max(java.util.Comparator.comparingLong(c -> c.packets())).orElseThrow();
        assertTrue(rows.stream().anyMatch(l -> l.trim().startsWith(largest.id() + " ") && l.contains("largest")), section);
        assertTrue(section.contains("... " + (n - rows.size()) + " more: every connection is in --format csv (mixed.connections.csv)"), section);
    }

    @Test
    void theSameSeedWritesTheSameBytes(@TempDir Path dir) throws IOException {
        Path a = write(dir.resolve("a.pcap"), 0).file(), b = write(dir.resolve("b.pcap"), 0).file();
        assertEquals(-1, Files.mismatch(a, b));
    }

    @Test
    void aSizeTargetIsMetWithWholeRounds(@TempDir Path dir) throws IOException {
        long perRound = CaptureSynthesizer.bytesPerRound(templates, 0);
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(templates,
                new CaptureSynthesizer.Options(new SynthesisTarget.Bytes(PcapOut.FILE_HEADER + perRound + 1), 0, 7), dir.resolve("x.pcap"), (p, t) -> { });
        assertEquals(2, s.rounds());
        assertEquals(SynthesisTarget.Sizes.parse("1g"), 1L << 30);
        assertThrows(IllegalArgumentException.class, () -> SynthesisTarget.Sizes.parse("12q"));
    }

    @Test
    void tsharkReadsItWithoutErrorsAndFindsNoBadChecksumOrSequenceNumber(@TempDir Path dir) throws Exception {
        if (!Tshark.installed()) {
            if ("true".equals(System.getenv("CI"))) fail("tshark is not installed (run-tests installs it)");
            org.junit.jupiter.api.Assumptions.abort("tshark is not installed: skipped (run-tests installs it)");
        }
        // Shifted sequence numbers keep tshark's TCP analysis as it was: the fixtures' few retransmissions, N times
        // over (cut to an MTU, each piece of a retransmitted segment is one), and no lost or out-of-order segment.
        Map<Integer, Long> problems = new TreeMap<>();
        for (SessionTemplate t : templates) {
            for (String n : tshark(t.source(), PROBLEMS)) {
                SessionTemplate.TemplateFrame f = t.frames().get(Integer.parseInt(n) - 1);
                for (int mtu : new int[]{0, 1500}) problems.merge(mtu, (long) ROUNDS * Replay.pieces(f, mtu), Long::sum);
            }
        }
        for (int mtu : new int[]{0, 1500}) {
            CaptureSynthesizer.Summary s = write(dir.resolve("t" + mtu + ".pcap"), mtu);
            assertEquals(s.packets(), tshark(s.file(), "frame").size());
            assertEquals(List.of(), tshark(s.file(), "ip.checksum.status == \"Bad\""));
            assertEquals(problems.getOrDefault(mtu, 0L), tshark(s.file(), PROBLEMS).size(), "mtu " + mtu + ": frames with " + PROBLEMS);
        }
    }

    static final String PROBLEMS = "tcp.analysis.lost_segment || tcp.analysis.retransmission || tcp.analysis.out_of_order"
            + " || tcp.analysis.ack_lost_segment";

    private static CaptureSynthesizer.Summary write(Path file, int mtu) throws IOException {
        return CaptureSynthesizer.write(templates, new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(ROUNDS), mtu, 42),
                file, (p, t) -> { });
    }

    private static TlsKeyLog keys(CaptureSynthesizer.Summary s) throws IOException {
        assertNotNull(s.keyLog(), "the TLS fixtures' key logs, together");
        return TlsKeyLog.parse(Files.readAllLines(s.keyLog(), StandardCharsets.ISO_8859_1));
    }

    private static AnalysisResult analyze(Path file, TlsKeyLog keys) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(keys));
        try (FrameSource source = CaptureFiles.open(file)) {
            return Analyzer.analyze(source, options);
        }
    }

    /** Timestamps never go back, and with an MTU no IP packet is bigger. */
    private static void assertTimeOrdered(Path file, int mtu) throws IOException {
        try (FrameSource source = CaptureFiles.open(file)) {
            long last = Long.MIN_VALUE;
            for (Frame f = source.next(); f != null; f = source.next()) {
                assertTrue(f.timestampNanos() >= last, "frame " + f.number() + " goes back in time");
                last = f.timestampNanos();
                assertEquals(PacketParser.Kind.TCP, PacketParser.parse(f).kind(), "frame " + f.number());
                if (mtu > 0) assertTrue(f.capturedLength() - SessionTemplate.ETHERNET_HEADER <= mtu, "frame " + f.number() + " over the MTU");
            }
            assertNull(source.stopReason());
        }
    }

    /** Frame numbers matching {@code filter}; tshark must exit 0 with nothing on standard error. */
    private static List<String> tshark(Path file, String filter) throws Exception {
        Path err = Files.createTempFile("tshark", ".err");
        try {
            Process p = new ProcessBuilder("tshark", "-n", "-o", "ip.check_checksum:TRUE", "-r", file.toString(), "-Y", filter,
                    "-T", "fields", "-e", "frame.number").redirectError(err.toFile()).start();
            List<String> lines = new ArrayList<>();
            try (var r = p.inputReader(StandardCharsets.UTF_8)) {
                for (String l = r.readLine(); l != null; l = r.readLine()) if (!l.isBlank()) lines.add(l.trim());
            }
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "tshark finished");
            assertEquals(0, p.exitValue(), "tshark -r " + file + " -Y " + filter + ": " + Files.readString(err));
            // As root tshark warns that it runs as root; nothing else may be said.
            assertEquals(List.of(), Files.readAllLines(err).stream().filter(l -> !l.isBlank() && !l.startsWith("Running as user")).toList(),
                    "tshark's standard error");
            return lines;
        } finally {
            Files.deleteIfExists(err);
        }
    }
}
