package io.wireanalyze.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.phase.Phase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonReportTest {

    private static AnalysisResult ndpi;
    private static AnalysisResult foxIt;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @BeforeAll
    static void analyse() {
        ndpi = Captures.analyse(Captures.ndpiJrmi());
        foxIt = Captures.analyse(Captures.foxIt("rmi-basic-auth-ev0.pcap"));
    }

    private static JsonNode json(List<AnalysisResult> results) throws IOException {
        StringWriter s = new StringWriter();
        new JsonReport().write(s, results);
        return MAPPER.readTree(s.toString());
    }

    private static JsonNode json(AnalysisResult r) throws IOException {
        return json(List.of(r));
    }

    private static List<String> keys(JsonNode n) {
        List<String> keys = new ArrayList<>();
        n.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static JsonNode messageAtFrame(JsonNode doc, long frame) {
        for (JsonNode m : doc.get("messages")) if (m.get("frame").asLong() == frame) return m;
        throw new AssertionError("no message at frame " + frame);
    }

    static List<java.nio.file.Path> everyCapture() throws IOException {
        return io.wireanalyze.testing.TestCaptures.everyCapture();
    }

    /**
     * Long lists are formatted in batches on every core and written in order: the same bytes as one generator writes,
     * whatever the batch size (1, 3, 512) and the list's length against it, on every capture the tests know.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("everyCapture")
    void listsFormattedInBatchesAreTheBytesOneGeneratorWrites(java.nio.file.Path pcap) throws IOException {
        AnalysisResult r = io.wireanalyze.fixtures.Fixtures.analyze(pcap);
        StringWriter whole = new StringWriter();
        new JsonReport(Integer.MAX_VALUE).write(whole, List.of(r));
        StringWriter twice = new StringWriter();   // several results (analyze a.pcap b.pcap): an array of them
        new JsonReport(Integer.MAX_VALUE).write(twice, List.of(r, r));
        for (int batch : new int[]{1, 3, Batched.BATCH}) {
            StringWriter batched = new StringWriter();
            new JsonReport(batch).write(batched, List.of(r));
            assertEquals(whole.toString(), batched.toString(), pcap + ", batches of " + batch);
            StringWriter batchedTwice = new StringWriter();
            new JsonReport(batch).write(batchedTwice, List.of(r, r));
            assertEquals(twice.toString(), batchedTwice.toString(), pcap + ", two results, batches of " + batch);
        }
    }

    @Test
    void topLevelKeysComeInTheDocumentedOrder() throws IOException {
        assertEquals(List.of("summary", "phases", "connections", "messages", "invocations", "capture", "source"), keys(json(ndpi)));
    }

    @Test
    void summaryKeepsNullsWhenTheCaptureHasNoInvocation() throws IOException {
        JsonNode s = json(ndpi).get("summary");
        assertEquals(List.of("packets", "setupTimeMs", "setupPackets", "invocations", "dataPackets", "overheadPackets",
                "dataPacketRatio", "overheadPacketsPerInvocation"), keys(s));
        assertEquals(19, s.get("packets").asLong());
        assertTrue(s.get("setupTimeMs").isNull());
        assertTrue(s.get("dataPacketRatio").isNull());
        assertTrue(s.get("overheadPacketsPerInvocation").isNull());
        assertEquals(0, s.get("invocations").asInt());
    }

    @Test
    void phasesAreKeyedByLabelInPhaseOrderWithTheRealFigures() throws IOException {
        JsonNode phases = json(ndpi).get("phases");
        assertEquals(Arrays.stream(Phase.values()).map(Phase::label).toList(), keys(phases));
        JsonNode naming = phases.get("naming");
        assertEquals(List.of("packets", "wireBytes", "payloadBytes", "elapsedMs", "spanMs", "retransmissions"), keys(naming));
        assertEquals(4, naming.get("packets").asLong());
        assertEquals(647, naming.get("wireBytes").asLong());
        assertEquals(383, naming.get("payloadBytes").asLong());
        assertTrue(naming.get("elapsedMs").isNumber());
        assertEquals("78.954", naming.get("elapsedMs").asText());
        long sum = 0;
        for (JsonNode p : phases) sum += p.get("packets").asLong();
        assertEquals(19, sum);
    }

    @Test
    void aRegistryLookupCarriesItsUnsignedHexHashNameAndReturnedStub() throws IOException {
        JsonNode doc = json(ndpi);
        JsonNode call = messageAtFrame(doc, 9);
        assertEquals(List.of("frame", "lastFrame", "connection", "direction", "protocol", "type", "phase", "objId", "op",
                "hash", "method", "operation", "name", "objNum", "timeMs", "offset", "length", "dataLength", "packets"), keys(call));
        assertEquals("lookup", call.get("operation").asText());
        assertEquals("c2s", call.get("direction").asText());
        assertEquals("jrmp", call.get("protocol").asText());
        assertEquals("naming", call.get("phase").asText());
        assertEquals("0x44154dc9d4e63bdf", call.get("hash").asText());
        assertEquals("MessengerService", call.get("name").asText());
        assertEquals(2, call.get("op").asInt());
        assertEquals("[0:0:0, 0]", call.get("objId").asText());
        JsonNode ret = messageAtFrame(doc, 11);
        assertEquals("s2c", ret.get("direction").asText());
        assertEquals("127.0.1.1:43595", ret.get("endpoint").asText());
        assertEquals("example.hello.MessengerService", ret.get("interfaces").get(1).asText());
        JsonNode ping = messageAtFrame(doc, 13);
        assertFalse(ping.has("objId"), "unknown fields are omitted");
        assertEquals("keepalive", ping.get("phase").asText());
    }

    @Test
    void theHeaderCarriesItsVersionAndJrmpProtocol() throws IOException {
        JsonNode header = messageAtFrame(json(ndpi), 4);
        assertEquals("jrmp", header.get("protocol").asText());
        assertEquals("StreamProtocol", header.get("jrmpProtocol").asText());
        assertEquals(2, header.get("version").asInt());
    }

    @Test
    void aHashWithTheTopBitSetIsPrintedUnsigned() throws IOException {
        JsonNode call = messageAtFrame(json(HandMade.result()), 23);
        assertEquals("0x8a3ec1d3e7f8a5b2", call.get("hash").asText());
        assertEquals(-1, call.get("op").asInt());
    }

    @Test
    void invocationsKeepNullLatencyAndOmitAMissingException() throws IOException {
        JsonNode inv = json(HandMade.result()).get("invocations");
        assertEquals(7, inv.size());
        assertEquals(List.of("method", "operation", "requestFrame", "replyFrame", "latencyMs", "packets", "dataPackets", "overheadPackets",
                "requestBytes", "replyBytes", "connection", "warmup", "marker", "fragments"), keys(inv.get(2)));
        assertTrue(inv.get(0).get("warmup").asBoolean());
        assertTrue(inv.get(1).get("marker").asBoolean());
        assertEquals("java.rmi.RemoteException", inv.get(4).get("exception").asText());
        assertEquals(10.0, inv.get(4).get("latencyMs").asDouble());
        assertTrue(inv.get(6).get("replyFrame").isNull());
        assertTrue(inv.get(6).get("latencyMs").isNull());
        assertEquals(0, inv.get(6).get("replyBytes").asLong());
        JsonNode s = json(HandMade.result()).get("summary");
        assertEquals(0.4, s.get("dataPacketRatio").asDouble());
        assertEquals(12.5, s.get("setupTimeMs").asDouble());
    }

    @Test
    void connectionsCarryEveryFieldOfTheirStats() throws IOException {
        JsonNode conns = json(foxIt).get("connections");
        assertEquals(4, conns.size());
        assertEquals(List.of("id", "client", "server", "protocol", "packets", "wireBytes", "payloadBytes", "c2sPayloadBytes",
                "s2cPayloadBytes", "startMs", "durationMs", "sawSyn", "gapBytes", "messages", "conflictingBytes"), keys(conns.get(0)));
        assertEquals("http", conns.get(0).get("protocol").asText(), "the Log4Shell request that made the victim call the registry");
        assertEquals("172.17.0.4:8888", conns.get(0).get("server").asText());
        assertFalse(conns.get(1).get("sawSyn").asBoolean());
        assertEquals(18, conns.get(2).get("packets").asLong());
        assertEquals(1870, conns.get(2).get("s2cPayloadBytes").asLong());
        assertEquals(45.969, conns.get(2).get("durationMs").asDouble());
    }

    @Test
    void captureDescribesFramesThatWereNotTcp() throws IOException {
        JsonNode c = json(foxIt).get("capture");
        assertEquals(87, c.get("frames").asLong());
        assertEquals(47, c.get("tcpPackets").asLong());
        assertEquals(40, c.get("otherFrames").get("other IP").asLong());
        assertEquals(9095.953, c.get("durationMs").asDouble());
        assertTrue(c.get("stopReason").isNull());
    }

    @Test
    void severalResultsMakeAnArrayOfDocuments() throws IOException {
        JsonNode doc = json(List.of(ndpi, foxIt));
        assertTrue(doc.isArray());
        assertEquals(2, doc.size());
        assertEquals(Captures.ndpiJrmi().toString(), doc.get(0).get("source").asText());
        assertEquals(47, doc.get(1).get("summary").get("packets").asLong());
    }
}
