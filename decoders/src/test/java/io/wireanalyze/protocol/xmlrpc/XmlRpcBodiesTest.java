package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.protocol.CallMessageType;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import static org.junit.jupiter.api.Assertions.*;

/** XML-RPC calls, replies and faults inside HTTP/1.1, as Apache XML-RPC 3.1 writes them, gzip-encoded ones and hostile ones. */
class XmlRpcBodiesTest {

    static final String CALL = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodCall><methodName>Bench.sendChars</methodName>"
            + "<params><param><value>hello</value></param></params></methodCall>";
    static final String REPLY = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><methodResponse><params><param><value><i4>5</i4></value>"
            + "</param></params></methodResponse>";

    static byte[] post(byte[] body, String encoding) {
        String head = "POST /RPC2 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\n" + (encoding == null ? "" : "Content-Encoding: " + encoding + "\r\n")
                + "Content-Length: " + body.length + "\r\n\r\n";
        return concat(head.getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] ok(byte[] body) {
        return concat(("HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII), body);
    }

    static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    static byte[] gzip(byte[] plain) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(out)) {
            g.write(plain);
        }
        return out.toByteArray();
    }

    static List<Message> decode(DecoderLimits limits, byte[] c2s, byte[] s2c) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(c2s), out::add);
        d.data(false, 0, ByteBuffer.wrap(s2c), out::add);
        d.end(true, out::add);
        d.end(false, out::add);
        d.finish(out::add);
        return out;
    }

    @Test
    void aCallIsAnInvocationNamedByItsMethodNameWithItsParamsAsData() {
        byte[] request = post(utf8(CALL), null);
        List<Message> out = decode(DecoderLimits.DEFAULT, request, ok(utf8(REPLY)));
        assertEquals(2, out.size(), out::toString);
        Message call = out.get(0);
        assertEquals(XmlRpcBodies.XMLRPC, call.protocol());
        assertEquals(CallMessageType.CALL, call.type());
        assertEquals(Phase.INVOCATION, call.phase());
        assertEquals("Bench.sendChars", call.info().method());
        String params = "<params><param><value>hello</value></param></params>";
        assertEquals(new String(request, StandardCharsets.UTF_8).indexOf(params), call.dataOffset());
        assertEquals(params.length(), call.dataLength());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals(1, f.get("xmlrpcParams"));
        assertEquals(5L, f.get("xmlrpcValueBytes"), "hello; the method name is markup");
        assertNull(f.get("xmlrpcInflatedBytes"));
        assertEquals(CallMessageType.REPLY, out.get(1).type());
        assertEquals("Bench.sendChars", out.get(1).info().method());
        assertEquals(1L, out.get(1).info().details().count(ByteCount.VALUES));
    }

    @Test
    void aFaultGivesItsCodeAndStringAsTheException() {
        String fault = "<?xml version=\"1.0\"?><methodResponse><fault><value><struct><member><name>faultCode</name><value><i4>0</i4>"
                + "</value></member><member><name>faultString</name><value>No such handler: Bench.x</value></member></struct></value>"
                + "</fault></methodResponse>";
        List<Message> out = decode(DecoderLimits.DEFAULT, post(utf8(CALL), null), ok(utf8(fault)));
        assertEquals(CallMessageType.FAULT, out.get(1).type());
        assertEquals("0: No such handler: Bench.x", out.get(1).info().details().exception());
    }

    @Test
    void aGzipBodyIsInflatedAndMeasuredBothWays() throws IOException {
        byte[] body = gzip(utf8(CALL));
        List<Message> out = decode(DecoderLimits.DEFAULT, post(body, "gzip"), ok(gzip(utf8(REPLY))));
        Message call = out.get(0);
        assertEquals("Bench.sendChars", call.info().method());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals((long) body.length, f.get("xmlrpcBodyBytes"));
        assertEquals((long) CALL.length(), f.get("xmlrpcInflatedBytes"));
        assertEquals(5L, f.get("xmlrpcValueBytes"));
        assertEquals(body.length, call.dataLength(), "a compressed body is data as a whole");
        assertEquals(CallMessageType.REPLY, out.get(1).type());
    }

    /** The reason the hostile call's body is unparsed, after checking that the next call decodes. */
    private static String reasonThenNextDecodes(DecoderLimits limits, byte[] hostile, String encoding) {
        List<Message> out = decode(limits, concat(post(hostile, encoding), post(utf8(CALL), null)), new byte[0]);
        assertEquals(3, out.size(), out::toString);
        assertTrue(out.get(1).unparsed(), out::toString);
        assertEquals("Bench.sendChars", out.get(2).info().method(), "decoding goes on");
        return out.get(1).info().details().asMap().get("reason").toString();
    }

    @Test
    void aZipBombStopsAtTheMessageSizeLimit() throws IOException {
        // 64 MB of spaces after the call's start: about 64 KB of gzip, inflated only up to a 1 MB limit.
        ByteArrayOutputStream bomb = new ByteArrayOutputStream();
        try (GZIPOutputStream g = new GZIPOutputStream(bomb)) {
            g.write(utf8("<methodCall><methodName>x</methodName><params><param><value>"));
            byte[] spaces = new byte[1 << 20];
            java.util.Arrays.fill(spaces, (byte) ' ');
            for (int i = 0; i < 64; i++) g.write(spaces);
        }
        DecoderLimits limits = new DecoderLimits(1 << 20, 256, 1_000_000, 256, 16 << 20);
        assertTrue(bomb.size() < 1 << 20, "the bomb itself fits the limit: " + bomb.size());
        String reason = reasonThenNextDecodes(limits, bomb.toByteArray(), "gzip");
        assertTrue(reason.matches("gzip\\.inflated at stream offset \\d+: more than 1048576 bytes inflated from \\d+ \\(expected: <= 1048576, "
                + "the message size limit: a zip bomb\\?\\)"), reason);
    }

    @Test
    void billionLaughsIsADtdNeverExpanded() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE methodCall [<!ENTITY lol \"lol\">");
        for (int i = 1; i <= 9; i++) dtd.append("<!ENTITY lol").append(i).append(" \"").append(("&lol" + (i == 1 ? "" : i - 1) + ";").repeat(10)).append("\">");
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT,
                utf8(dtd + "]><methodCall><methodName>x</methodName><params><param><value>&lol9;</value></param></params></methodCall>"), null);
        assertTrue(reason.startsWith("xml.dtd at stream offset "), reason);
    }

    @Test
    void aTruncatedGzipBodyIsNamed() throws IOException {
        byte[] body = gzip(utf8(CALL));
        byte[] cut = java.util.Arrays.copyOf(body, body.length / 2);
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, cut, "gzip");
        assertTrue(reason.contains("gzip.deflate at stream offset "), reason);
        assertTrue(reason.contains("the deflate stream ends early after "), reason);
    }
}
