package io.wireanalyze.protocol.tls;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Java RMI over TLS on real captures (fixtures/tls, see the README there): the jrmp-tls workload's, TLS 1.3 and 1.2,
 * made with the same plan as fixtures/jrmp/lookup-then-invoke.pcap (5 calls of sendInts(int[1000]) after 2 warm-ups),
 * decrypted with their key logs, give the same JRMP messages and invocations as the plain capture; OpenSSL's client
 * (TLS 1.3 ChaCha20-Poly1305, TLS 1.2 AES-128-GCM and ChaCha20-Poly1305) is decoded the same way; without the keys, or
 * with the wrong ones, every record is still accounted and says why it was not decrypted.
 */
class TlsCaptureTest {

    private static AnalysisResult plain;
    private static AnalysisResult tls13;
    private static AnalysisResult tls12;
    private static AnalysisResult openssl;

    static AnalysisResult analyze(String fixture, TlsKeyLog keys) throws Exception {
        return Analyses.analyze(TestCaptures.fixture(fixture), AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(keys)));
    }

    static AnalysisResult analyze(String fixture) throws Exception {
        return analyze(fixture, TestCaptures.keysBeside(TestCaptures.fixture(fixture)));
    }

    @BeforeAll
    static void analyse() throws Exception {
        plain = analyze("jrmp/lookup-then-invoke.pcap");
        tls13 = analyze("tls/jrmp-tls13-lookup-then-invoke.pcap");
        tls12 = analyze("tls/jrmp-tls12-lookup-then-invoke.pcap");
        openssl = analyze("tls/openssl-clients.pcap");
    }

    /**
     * The JRMP messages of each connection and direction in stream order, Pings left out (the runtime pings when it
     * likes), the exported object's random ObjID number named "object".
     */
    private static List<String> jrmp(AnalysisResult r) {
        return r.messages().stream()
                .filter(x -> x.message().protocol().label().startsWith("jrmp") && !x.message().type().label().startsWith("ping"))
                .sorted(Comparator.comparingInt(MessageRecord::connection).thenComparing(x -> x.message().direction())
                        .thenComparingLong(x -> x.message().offset()))
                .map(x -> {
                    Message m = x.message();
                    MessageInfo i = m.info();
                    return x.connection() + " " + m.direction() + " " + m.type().label() + " " + m.phase() + " " + i.method() + " " + i.hash()
                            + " " + i.name() + " " + (i.details().column("objNum") instanceof Long n && n <= 2 ? n : "object") + " " + i.details().column("leaseMs") + " " + m.role();
                }).toList();
    }

    @Test
    void tlsCapturesGiveThePlainCapturesJrmpMessagesAndInvocations() {
        List<String> expected = jrmp(plain);
        assertEquals(6 + 21, expected.size(), expected::toString);
        for (AnalysisResult tls : List.of(tls13, tls12)) {
            assertEquals(expected, jrmp(tls), tls.source());
            assertEquals(List.of("jrmp-tls", "jrmp-tls"), tls.connections().stream().map(c -> c.protocol()).toList());
            assertEquals(plain.invocations().size(), tls.invocations().size());
            for (int i = 0; i < plain.invocations().size(); i++) {
                var p = plain.invocations().get(i);
                var t = tls.invocations().get(i);
                assertEquals(p.method(), t.method());
                assertEquals(p.warmup(), t.warmup());
                assertEquals(p.marker(), t.marker());
                assertNull(p.framingBytes());
                // The same JRMP bytes, inside records whose headers, content types, padding and tags are the framing.
                assertEquals(p.requestBytes() + p.replyBytes(), t.requestBytes() + t.replyBytes() - t.framingBytes(), t.toString());
                assertTrue(t.framingBytes() >= 2 * 21, "one record's header and tag each way at least: " + t);
            }
            assertEquals(plain.summary().invocations(), tls.summary().invocations(), "8 here: without the interface, the marker is not known by name");
            assertEquals(8, tls.summary().invocations());
            assertEquals(0, tls.phase(Phase.UNPARSED).packets());
            assertEquals(tls.capture().tcpPackets(), tls.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
            assertTrue(tls.phase(Phase.HANDSHAKE).packets() > plain.phase(Phase.HANDSHAKE).packets() + 8, "the TLS handshakes: " + tls.phases());
        }
    }

    @Test
    void aCallsRecordsAreItsFramingAndItsPlaintextIsThePlainCall() {
        Message plainCall = lastCall(plain), call = lastCall(tls13);
        TlsDetails.Carried d = (TlsDetails.Carried) call.info().details();
        assertEquals(plainCall.length(), d.plaintextBytes());
        assertEquals(call.length() - plainCall.length(), d.overheadBytes());
        assertEquals(d.overheadBytes(), d.framingBytes());
        assertEquals(1, d.records(), "4 KB of ints in one record");
        // TLS 1.3: a 5-byte header, then the plaintext: the data sits 5 bytes further into the record than in the plain call.
        assertEquals(plainCall.dataLength(), call.dataLength());
        assertEquals(plainCall.dataOffset() - plainCall.offset() + 5, call.dataOffset() - call.offset());
        Message call12 = lastCall(tls12);
        assertEquals(plainCall.dataOffset() - plainCall.offset() + 5 + 8, call12.dataOffset() - call12.offset(),
                "TLS 1.2 GCM: the header and the 8-byte explicit nonce before the plaintext");
        assertEquals(5 + 8 + 16, call12.length() - plainCall.length(), "TLS 1.2 GCM: header, explicit nonce and tag");
    }

    private static Message lastCall(AnalysisResult r) {
        List<Message> calls = r.messages().stream().map(MessageRecord::message).filter(m -> m.type().label().equals("call")).toList();
        return calls.get(calls.size() - 1);
    }

    @Test
    void theHandshakeIsReportedRecordByRecordWithTheNegotiatedSuite() {
        List<Message> hellos = tls13.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record r && r.cipherSuite() != null).toList();
        assertEquals(2, hellos.size());
        for (Message h : hellos) {
            TlsDetails.Record r = (TlsDetails.Record) h.info().details();
            assertEquals(List.of("server_hello"), r.handshake());
            assertEquals("TLS 1.3", r.negotiated());
            assertEquals("0x1302 TLS_AES_256_GCM_SHA384", r.cipherSuite());
            assertEquals(Phase.HANDSHAKE, h.phase());
        }
        List<String> serverFlight = tls13.messages().stream().filter(m -> m.connection() == 1).map(MessageRecord::message)
                .filter(m -> m.direction() == Direction.S2C && m.info().details() instanceof TlsDetails.Record r && r.encrypted())
                .flatMap(m -> ((TlsDetails.Record) m.info().details()).handshake().stream()).toList();
        assertEquals(List.of("encrypted_extensions", "certificate", "certificate_verify", "finished", "new_session_ticket"), serverFlight);
        List<String> alerts = tls13.messages().stream().map(MessageRecord::message).filter(m -> m.type() == TlsContentType.ALERT)
                .map(m -> ((TlsDetails.Record) m.info().details()).alert() + " " + m.phase()).distinct().toList();
        assertEquals(List.of("warning close_notify tcp-teardown"), alerts);
        assertTrue(tls12.messages().stream().map(MessageRecord::message).anyMatch(m -> m.info().details() instanceof TlsDetails.Record r
                && "TLS 1.2".equals(r.negotiated()) && r.cipherSuite().contains("_GCM_")));
    }

    @Test
    void openSslsClientIsDecodedForEachSuite() {
        assertEquals(List.of("jrmp-tls", "jrmp-tls", "jrmp-tls"), openssl.connections().stream().map(c -> c.protocol()).toList());
        List<String> suites = openssl.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record r && r.cipherSuite() != null)
                .map(m -> ((TlsDetails.Record) m.info().details()).negotiated() + " " + ((TlsDetails.Record) m.info().details()).cipherSuite()).toList();
        assertEquals(List.of("TLS 1.3 0x1303 TLS_CHACHA20_POLY1305_SHA256", "TLS 1.2 0xc02f TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
                "TLS 1.2 0xcca8 TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256"), suites);
        for (int c = 1; c <= 3; c++) {
            int conn = c;
            List<String> inner = openssl.messages().stream().filter(m -> m.connection() == conn).map(MessageRecord::message)
                    .filter(m -> m.protocol().label().equals("jrmp-tls")).map(m -> m.type().label() + " " + m.phase() + " " + m.info().method()).toList();
            assertEquals(List.of("header handshake null", "endpoint handshake null", "call naming list", "protocol-ack handshake null",
                    "return naming list"), inner, "connection " + c);
        }
        // The client's header, endpoint and call share one record: its header goes to the first, its tag to the last.
        List<Message> shared = openssl.messages().stream().filter(m -> m.connection() == 1 && m.frame() == 20L).map(MessageRecord::message).toList();
        assertEquals(3, shared.size());
        assertEquals(List.of(5 + 7, 15, 41 + 17), shared.stream().map(Message::length).toList(), "TLS 1.3: content type and tag after the call");
        assertEquals(shared.get(0).end(), shared.get(1).offset());
        assertEquals(shared.get(1).end(), shared.get(2).offset());
        assertEquals(0, openssl.phase(Phase.UNPARSED).packets());
        assertEquals(6, openssl.messages().stream().filter(m -> m.message().type() == TlsContentType.ALERT
                && m.message().phase() == Phase.TCP_TEARDOWN).count(), "a close_notify each way, each connection");
    }

    @Test
    void withoutAKeyLogEveryApplicationRecordIsAccountedAndSaysWhy() throws Exception {
        AnalysisResult r = analyze("tls/jrmp-tls13-lookup-then-invoke.pcap", TlsKeyLog.EMPTY);
        assertEquals(List.of("tls", "tls"), r.connections().stream().map(c -> c.protocol()).toList());
        List<Message> data = r.messages().stream().map(MessageRecord::message).filter(m -> m.type() == TlsContentType.APPLICATION_DATA).toList();
        assertTrue(data.size() > 20, data::toString);
        for (Message m : data) {
            assertEquals(Phase.UNPARSED, m.phase());
            assertEquals(Decryption.NOT_DECRYPTED + Decryption.NO_KEY_LOG, ((TlsDetails.Record) m.info().details()).reason());
        }
        assertTrue(r.messages().stream().noneMatch(m -> m.message().protocol().label().equals("jrmp-tls")));
        assertEquals(0, r.invocations().size());
        // The plain records still are the handshake: each side's hello and change cipher spec.
        assertEquals(8, r.messages().stream().filter(m -> m.message().phase() == Phase.HANDSHAKE).count());
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
        // Every application byte is in one record message: none lost, none counted twice.
        long recordBytes = data.stream().mapToLong(Message::length).sum();
        long decryptedSpan = tls13.messages().stream().map(MessageRecord::message)
                .filter(m -> m.protocol().label().equals("jrmp-tls") || (m.info().details() instanceof TlsDetails.Record d && d.encrypted()))
                .mapToLong(Message::length).sum();
        assertEquals(decryptedSpan, recordBytes);
    }

    @Test
    void aKeyLogOfAnotherRunNamesTheMissingSecret() throws Exception {
        TlsKeyLog other = TestCaptures.keysBeside(TestCaptures.fixture("tls/jrmp-tls12-lookup-then-invoke.pcap"));
        AnalysisResult r = analyze("tls/jrmp-tls13-lookup-then-invoke.pcap", other);
        List<String> reasons = reasons(r);
        assertEquals(4, reasons.size(), reasons::toString);
        assertTrue(reasons.stream().allMatch(s -> s.matches("TLS application data, not decrypted: the key log has no "
                + "(CLIENT|SERVER)_HANDSHAKE_TRAFFIC_SECRET for client random [0-9a-f]{64}")), reasons::toString);
        assertEquals(0, r.invocations().size());
    }

    @Test
    void secretsThatDoNotOpenTheRecordsSayTheTagFailedAndNothingBreaks() throws Exception {
        Path keys = TestCaptures.fixture("tls/jrmp-tls13-lookup-then-invoke.keys");
        List<String> damaged = new ArrayList<>();
        for (String line : Files.readAllLines(keys)) {
            String[] f = line.split(" ");
            char c = f[2].charAt(0);
            damaged.add(f[0] + " " + f[1] + " " + (c == '0' ? '1' : '0') + f[2].substring(1));
        }
        AnalysisResult r = analyze("tls/jrmp-tls13-lookup-then-invoke.pcap", TlsKeyLog.parse(damaged));
        List<String> reasons = r.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record d && d.reason() != null)
                .map(m -> ((TlsDetails.Record) m.info().details()).reason()).toList();
        assertTrue(reasons.size() > 20, reasons::toString);
        assertTrue(reasons.stream().allMatch(s -> s.startsWith("TLS application data, not decrypted: decryption failed at stream offset ")
                || s.startsWith("TLS application data, not decrypted: an earlier record of this direction did not decrypt (record 0 of this key: "
                + "authentication tag mismatch")), reasons::toString);
        long failed = reasons.stream().filter(s -> s.matches("TLS application data, not decrypted: decryption failed at stream offset \\d+: "
                + "record 0 of this key: authentication tag mismatch \\(expected: the key log's secrets to open it; a key log of another"
                + " run, or a damaged record\\?\\)")).count();
        assertEquals(4, failed, "the first protected record of each side of each connection: " + reasons);
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
        assertTrue(r.phase(Phase.UNPARSED).packets() > 20);
    }

    /**
     * A segment the capture lost (one call's record, acknowledged by the peer): the call is unparsed as a gap, the
     * records after it in that direction cannot be opened (their sequence numbers are unknown) and say so; the other
     * direction goes on decrypting; nothing is thrown and every packet is still in one phase.
     */
    @Test
    void aLostRecordEndsDecryptionOfItsDirectionOnly() throws Exception {
        Path pcap = TestCaptures.fixture("tls/jrmp-tls13-lookup-then-invoke.pcap");
        long lost = tls13.invocations().get(4).requestFrame();
        List<io.wireanalyze.frame.Frame> frames = new ArrayList<>(TestCaptures.frames(pcap));
        frames.removeIf(f -> f.number() == lost);
        AnalysisResult r = io.wireanalyze.accounting.Analyzer.analyze(TestCaptures.source("lost.pcap", frames),
                AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap))));
        assertEquals(r.capture().tcpPackets(), r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
        assertEquals(4, r.invocations().stream().filter(i -> i.replyFrame() != null).count(), "the calls before the lost one: " + r.invocations());
        List<String> after = r.messages().stream().filter(m -> m.connection() == 2 && m.frame() != null && m.frame() > lost)
                .map(MessageRecord::message).filter(m -> m.direction() == Direction.C2S && m.info().details() instanceof TlsDetails.Record d
                        && d.reason() != null).map(m -> ((TlsDetails.Record) m.info().details()).reason()).distinct().toList();
        assertEquals(1, after.size(), after::toString);
        assertTrue(after.get(0).matches("TLS application data, not decrypted: bytes of this direction before stream offset \\d+ were not"
                + " captured or not framed: the sequence numbers of the records after them are unknown"), after.get(0));
        assertTrue(r.messages().stream().anyMatch(m -> m.message().unparsed() && m.connection() == 2
                && m.message().info().details().asMap().get("reason").toString().contains("were not captured")));
        long returnsAfter = r.messages().stream().filter(m -> m.connection() == 2 && m.frame() != null && m.frame() > lost)
                .map(MessageRecord::message).filter(m -> m.type().label().equals("return")).count();
        assertTrue(returnsAfter >= 1, "the server's records still open: " + returnsAfter);
    }

    /** The distinct reasons application data was not decrypted, with the client randoms' hex as they are. */
    private static List<String> reasons(AnalysisResult r) {
        return r.messages().stream().map(MessageRecord::message)
                .filter(m -> m.info().details() instanceof TlsDetails.Record d && d.reason() != null)
                .map(m -> ((TlsDetails.Record) m.info().details()).reason()).distinct().toList();
    }

    @Test
    void theProbeKnowsTlsByItsRecordsNotItsPort() {
        TlsProbe probe = new TlsProbe();
        java.nio.ByteBuffer hello = java.nio.ByteBuffer.wrap(HexFormat.of().parseHex("160301013e01"));
        assertEquals(io.wireanalyze.protocol.ProbeResult.mine(true, false), probe.probe(hello, java.nio.ByteBuffer.allocate(0), true, false));
        assertEquals(io.wireanalyze.protocol.ProbeResult.NEED_MORE,
                probe.probe(java.nio.ByteBuffer.wrap(HexFormat.of().parseHex("1603")), java.nio.ByteBuffer.allocate(0), true, false));
        assertEquals(io.wireanalyze.protocol.ProbeResult.NOT_MINE,
                probe.probe(java.nio.ByteBuffer.wrap("JRMI".getBytes()), java.nio.ByteBuffer.allocate(0), true, false));
        // Joined mid-connection: two application data records chained.
        java.nio.ByteBuffer records = java.nio.ByteBuffer.wrap(HexFormat.of().parseHex("1703030002abcd1703030001ee"));
        assertEquals(io.wireanalyze.protocol.ProbeResult.mine(true, true), probe.probe(records, java.nio.ByteBuffer.allocate(0), false, false));
        assertEquals(io.wireanalyze.protocol.ProbeResult.NOT_MINE, probe.probe(java.nio.ByteBuffer.wrap(HexFormat.of().parseHex("1703030002abcd99")),
                java.nio.ByteBuffer.allocate(0), false, true), "a second header that is none");
    }
}
