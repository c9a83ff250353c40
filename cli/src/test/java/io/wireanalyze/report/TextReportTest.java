package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.jrmp.Jrmp;
import io.wireanalyze.protocol.jrmp.JrmpMessageType;
import io.wireanalyze.tcp.Direction;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextReportTest {

    private static AnalysisResult ndpi;
    private static AnalysisResult foxIt;

    @BeforeAll
    static void analyse() {
        ndpi = Captures.analyse(Captures.ndpiJrmi());
        foxIt = Captures.analyse(Captures.foxIt("rmi-basic-auth-ev0.pcap"));
    }

    private static List<String> lines(Consumer<TextReport> write) {
        StringWriter s = new StringWriter();
        write.accept(new TextReport(new PrintWriter(s)));
        return Arrays.asList(s.toString().split("\\R"));
    }

    /** The line whose whitespace-separated cells start with {@code first}, as cells. */
    private static List<String> row(List<String> lines, String first) {
        return lines.stream().map(l -> List.of(l.strip().split("\\s{2,}"))).filter(c -> c.get(0).equals(first))
                .findFirst().orElseThrow(() -> new AssertionError("no row " + first + " in\n" + String.join("\n", lines)));
    }

    private static void assertLine(List<String> lines, String expected) {
        assertTrue(lines.stream().anyMatch(l -> l.strip().equals(expected)),
                "no line \"" + expected + "\" in\n" + String.join("\n", lines));
    }

    @Test
    void headerLineNamesTheFileFramesPacketsDurationAndOtherFrames() {
        assertEquals("file " + Captures.ndpiJrmi() + ", frames 19, TCP packets 19, duration 162.026 ms, other frames: none",
                lines(t -> t.write(ndpi)).get(0));
        assertEquals("file " + Captures.foxIt("rmi-basic-auth-ev0.pcap")
                        + ", frames 87, TCP packets 47, duration 9095.953 ms, other frames: other IP 40",
                lines(t -> t.write(foxIt)).get(0));
    }

    @Test
    void phaseTableHasEveryPhaseInOrderAndATotalEqualToTheSummaryPackets() {
        List<String> lines = lines(t -> t.write(ndpi));
        List<String> labels = new ArrayList<>();
        for (String l : lines) {
            String first = l.strip().split("\\s+")[0];
            if (Arrays.stream(Phase.values()).anyMatch(p -> p.label().equals(first)) && labels.size() < 8) labels.add(first);
        }
        assertEquals(Arrays.stream(Phase.values()).map(Phase::label).toList(), labels);
        assertEquals(List.of("naming", "4", "21.1%", "647", "383", "78.954", "48.7%"), row(lines, "naming"));
        assertEquals(List.of("keepalive", "3", "15.8%", "200", "2", "63.807", "39.4%"), row(lines, "keepalive"));
        List<String> total = row(lines, "total");
        assertEquals(Long.toString(ndpi.summary().packets()), total.get(1));
        assertEquals(List.of("total", "19", "100.0%", "1708", "438", "162.026", "100.0%"), total);
    }

    @Test
    void figure16SaysNotApplicableWhenTheCaptureHasNoInvocation() {
        List<String> lines = lines(t -> t.write(ndpi));
        assertEquals(List.of("set-up time ms", "n/a"), row(lines, "set-up time ms"));
        assertEquals(List.of("set-up packets", "n/a"), row(lines, "set-up packets"));
        assertEquals(List.of("invocations", "0"), row(lines, "invocations"));
        assertEquals(List.of("data / all invocation packets", "n/a"), row(lines, "data / all invocation packets"));
        assertLine(lines, "0 measured (left out: 0 warm-up, 0 marker), 0 without a reply");
    }

    @Test
    void namingAndKeepAliveMessagesAreListedWithTheLookedUpNameAndTheStub() {
        List<String> lines = lines(t -> t.write(ndpi));
        assertLine(lines, "9   22.596     1  c2s  naming     call      lookup \"MessengerService\"");
        assertLine(lines, "11   49.819     1  s2c  naming     return    lookup \"MessengerService\" -> example.hello.MessengerService @ 127.0.1.1:43595");
        assertLine(lines, "13  155.432     1  c2s  keepalive  ping");
        assertLine(lines, "16  155.603     1  c2s  dgc        dgc-ack   acknowledges return 65eefacc:1901223d9fa:-7ffe");
        List<String> fox = lines(t -> t.write(foxIt));
        assertEquals(2, fox.stream().filter(l -> l.endsWith("lookup \"gp9pc7\" -> com.sun.jndi.rmi.registry.ReferenceWrapper")).count());
    }

    @Test
    void connectionsTableHasOneRowPerConnection() {
        List<String> lines = lines(t -> t.write(foxIt));
        assertEquals(List.of("1", "172.17.0.1:56782", "172.17.0.4:8888", "http", "10", "1168", "492", "300", "192",
                "0.000", "75.709", "yes", "0", "3"), row(lines, "1"));
        assertEquals(List.of("2", "172.17.0.4:58262", "34.91.73.37:1099", "jrmp", "4", "241", "1", "1", "0",
                "4.622", "2.080", "no", "0", "1"), row(lines, "2"));
    }

    @Test
    void invocationSummaryLeavesOutWarmUpAndMarkerCalls() {
        List<String> lines = lines(t -> t.write(HandMade.result()));
        assertLine(lines, "5 measured (left out: 1 warm-up, 1 marker), 1 without a reply");
        assertEquals(List.of("latency ms min", "1.000"), row(lines, "latency ms min"));
        assertEquals(List.of("latency ms median", "2.500"), row(lines, "latency ms median"));
        assertEquals(List.of("latency ms mean", "4.000"), row(lines, "latency ms mean"));
        assertEquals(List.of("latency ms p95", "10.000"), row(lines, "latency ms p95"));
        assertEquals(List.of("latency ms max", "10.000"), row(lines, "latency ms max"));
        assertEquals(List.of("reply bytes per invocation", "96.00"), row(lines, "reply bytes per invocation"));
        assertEquals(List.of("set-up time ms", "12.500"), row(lines, "set-up time ms"));
        assertEquals(List.of("set-up packets", "16"), row(lines, "set-up packets"));
        assertEquals(List.of("data / all invocation packets", "40.0%"), row(lines, "data / all invocation packets"));
        assertEquals(List.of("overhead packets per invocation", "3.60"), row(lines, "overhead packets per invocation"));
    }

    @Test
    void dgcCallsShowTheirLeaseAndUnparsedSpansTheirReason() {
        List<String> lines = lines(t -> t.write(HandMade.result()));
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("dgc       call      dirty [5:6:7, 42] lease 600000 ms")), String.join("\n", lines));
        assertTrue(lines.stream().anyMatch(l -> l.endsWith("jrmp.op at stream offset 900: 0x99 (expected: 0x50, 0x52, 0x53 or 0x54) (64 bytes at stream offset 900)")));
    }

    @Test
    void messagesBeyondTwentyAreCountedNotPrinted() {
        List<MessageRecord> pings = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            Message ping = new Message(Jrmp.NAME, JrmpMessageType.PING, Phase.KEEPALIVE, Direction.C2S, 100 + i, 1, 100 + i, 0,
                    Role.NONE, -1, MessageInfo.EMPTY);
            pings.add(new MessageRecord(50L + i, 50L + i, 20.0 + i, 1, ping, 1));
        }
        List<String> lines = lines(t -> t.write(HandMade.result(pings)));
        assertEquals("  ... 9 more (see --format csv)", lines.get(lines.size() - 1));
        assertEquals(20, lines.stream().filter(l -> l.matches("\\s+\\d*\\s+(\\d+\\.\\d{3}|n/a)\\s+1\\s+(c2s|s2c).*")).count());
    }

    @Test
    void compareShowsOneColumnPerCaptureHeadedByItsFileName() {
        List<String> lines = lines(t -> t.compare(List.of(ndpi, foxIt, HandMade.result())));
        assertEquals("Comparison of 3 captures", lines.get(0));
        assertTrue(lines.stream().anyMatch(l -> l.strip().equals("ndpi-jrmi.pcap  rmi-basic-auth-ev0.pcap  hand-made.pcap")));
        assertEquals(List.of("set-up time ms", "n/a", "0.114", "12.500"), row(lines, "set-up time ms"));
        assertEquals(List.of("invocations", "0", "1", "5"), row(lines, "invocations"));
        assertEquals(List.of("naming", "4", "8", "4"), row(lines, "naming"));
        assertEquals(List.of("total", "19", "47", "40"), row(lines, "total"));
        int elapsed = lines.indexOf("Elapsed ms per phase");
        assertEquals(List.of("naming", "78.954", "4.968", "3.000"), row(lines.subList(elapsed, lines.size()), "naming"));
        assertEquals(List.of("total", "162.026", "97.552", "30.000"), row(lines.subList(elapsed, lines.size()), "total"));
    }

    @Test
    void severalResultsArePrintedInTurnThenCompared() {
        List<String> lines = lines(t -> t.write(List.of(ndpi, foxIt)));
        assertEquals(2, lines.stream().filter(l -> l.startsWith("file ")).count());
        assertEquals("Comparison of 2 captures", lines.stream().filter(l -> l.startsWith("Comparison")).findFirst().orElseThrow());
    }
}
