package io.wireanalyze.protocol.http;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A header field damaged in the field (a NUL byte in it, a line of NULs with no colon) costs that field, not the
 * message: the start line, the other fields and the body are read, and the message notes the line. On a real capture
 * (fixtures/soap/damaged-header.pcap, see the README there; tshark reads all three requests, TsharkOracleTest) and on
 * streams written here for each kind of damage.
 */
class DamagedHeaderTest {

    private static AnalysisResult damaged;

    @BeforeAll
    static void analyse() throws Exception {
        damaged = Analyses.analyze(TestCaptures.fixture("soap/damaged-header.pcap"), AnalysisOptions.defaults());
    }

    @Test
    void everySoapCallIsReadAndTheBadLineNoted() {
        List<Message> requests = damaged.messages().stream().map(MessageRecord::message).filter(m -> m.role() == io.wireanalyze.protocol.Role.REQUEST).toList();
        assertEquals(3, requests.size(), requests::toString);
        for (Message m : requests) {
            assertEquals("soap", m.protocol().label());
            assertEquals("{urn:schemas-upnp-org:service:WANIPConnection:1}GetExternalIPAddress", m.info().method());
            assertEquals(Phase.INVOCATION, m.phase());
            Map<String, Object> f = m.info().details().asMap();
            assertEquals("urn:schemas-upnp-org:service:WANIPConnection:1#GetExternalIPAddress", f.get("soapAction"), "a field after the bad one");
            assertEquals(285L, f.get("httpBodyBytes"));
        }
        assertEquals(List.of("header User-Agent (49 bytes): NUL at byte 32 and 3 more (expected: no control bytes in a field); not read"),
                requests.get(0).info().details().asMap().get("httpBadHeaders"));
        assertNull(requests.get(1).info().details().asMap().get("httpBadHeaders"), "the clean request after it on the same connection");
        assertEquals(List.of("header line (4 bytes): NUL at byte 0 and 3 more (expected: no control bytes in a field); not read"),
                requests.get(2).info().details().asMap().get("httpBadHeaders"));
        // The damaged line is still the request's framing: its 4 NUL bytes more than the clean request's 244.
        assertEquals(248L, requests.get(0).info().details().asMap().get("httpHeaderBytes"));
        assertEquals(3, damaged.messages().stream().filter(m -> m.message().type().label().equals("response")
                && m.message().protocol().label().equals("soap")).count());
        assertEquals(3, damaged.invocations().size());
        assertEquals(0, damaged.phase(Phase.UNPARSED).packets());
        assertEquals(11, damaged.phase(Phase.INVOCATION).packets());
        assertEquals(damaged.capture().tcpPackets(), damaged.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum());
    }

    private static List<Message> decode(String c2s, int... splits) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(DecoderLimits.DEFAULT, true);
        List<Message> out = new ArrayList<>();
        byte[] bytes = c2s.getBytes(StandardCharsets.ISO_8859_1);
        int from = 0;
        for (int to : splits) {
            d.data(true, from, ByteBuffer.wrap(bytes, from, to - from).slice(), out::add);
            from = to;
        }
        d.data(true, from, ByteBuffer.wrap(bytes, from, bytes.length - from).slice(), out::add);
        d.end(true, out::add);
        d.finish(out::add);
        return out;
    }

    private static Object bad(Message m) {
        assertEquals(HttpMessageType.REQUEST, m.type(), m::toString);
        return m.info().details().asMap().get("httpBadHeaders");
    }

    private static final String NEXT = "GET /next HTTP/1.1\r\nHost: x\r\n\r\n";

    @Test
    void eachKindOfDamageCostsItsLineOnly() {
        List<Message> out = decode("POST /a HTTP/1.1\r\nHost: x\r\nNo colon here\r\nX Bad: name\r\n:empty\r\nX-Ctl: a\u0001b\r\n"
                + "Content-Length: 3\r\n\r\nabc" + NEXT);
        out = out.stream().filter(m -> m.type() != MessageType.UNPARSED).toList();   // the bodies no decoder claims
        assertEquals(List.of("POST /a", "GET /next"), out.stream().map(m -> m.info().method()).toList(), out::toString);
        assertEquals(List.of(
                "header line (13 bytes, 4e6f20636f6c6f6e2068657265): no colon (expected: name: value); not read",
                "header line (11 bytes): name byte 0x20 at byte 1 (expected: a token, RFC 9110 5.1); not read",
                "header line (6 bytes): an empty name (expected: name: value); not read",
                "header X-Ctl (10 bytes): control byte 0x01 at byte 8 (expected: no control bytes in a field); not read"), bad(out.get(0)));
        assertEquals(3L, out.get(0).info().details().asMap().get("httpBodyBytes"));
        assertNull(bad(out.get(1)));
    }

    /** The bad line arrives in a later segment than the start line, Netty having read the fields before it. */
    @Test
    void aBadLineInALaterSegmentIsFoundToo() {
        String request = "POST /b HTTP/1.1\r\nHost: x\r\nUser-Agent: a\u0000b\r\nContent-Length: 2\r\n\r\nok";
        int split = request.indexOf("User-Agent") + 5;
        List<Message> out = decode(request + NEXT, request.indexOf("User-Agent"), split).stream()
                .filter(m -> m.type() != MessageType.UNPARSED).toList();
        assertEquals(List.of("POST /b", "GET /next"), out.stream().map(m -> m.info().method()).toList(), out::toString);
        assertEquals(List.of("header User-Agent (15 bytes): NUL at byte 13 (expected: no control bytes in a field); not read"), bad(out.get(0)));
    }

    /** A one-byte line cannot hold a placeholder: the message is unparsed as before, and the next one read. */
    @Test
    void aOneByteLineStillFailsTheMessageAndDecodingGoesOn() {
        List<Message> out = decode("GET /c HTTP/1.1\r\n\u0000\r\nHost: x\r\n\r\n" + NEXT);
        assertEquals(MessageType.UNPARSED, out.get(0).type(), out::toString);
        assertEquals("GET /next", out.get(out.size() - 1).info().method(), out::toString);
    }
}
