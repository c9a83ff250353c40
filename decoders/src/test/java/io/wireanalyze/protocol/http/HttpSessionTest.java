package io.wireanalyze.protocol.http;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Facts;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageType;
import io.wireanalyze.protocol.soap.SoapBodies;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.tcp.BufferPool;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Damaged and hostile HTTP: each overflow or error a clear unparsed reason with its offset, and decoding goes on. */
class HttpSessionTest {

    private static final String GOOD = "GET /next HTTP/1.1\r\nHost: x\r\n\r\n";

    private static List<Message> decode(DecoderLimits limits, String c2s) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(c2s.getBytes(StandardCharsets.ISO_8859_1)), out::add);
        d.end(true, out::add);
        d.finish(out::add);
        assertEquals(Http.NAME, d.protocol());
        return out;
    }

    private static String reason(Message m) {
        assertEquals(MessageType.UNPARSED, m.type(), m::toString);
        return m.info().details().asMap().get("reason").toString();
    }

    /**
     * A body's array goes back to the connection's pool once its message is made, and the next body of its size class
     * takes it with the first one's bytes still behind its own: only its own length is read.
     */
    @Test
    void aPooledBodyArrayIsReadOnlyToItsBodysLength() {
        AnalysisScope scope = new AnalysisScope(DecoderLimits.DEFAULT, Map.of());
        List<Decoding> decodings = ProtocolTable.ALL.stream().map(p -> p.start(scope)).toList();
        BufferPool pool = new BufferPool(1 << 20);
        ConnectionDecoder d = new ConnectionDecoder(decodings, scope, true, Facts.local(), pool);
        String envelope = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><m:ping xmlns:m=\"urn:x\">1</m:ping>"
                + "</s:Body></s:Envelope>";
        String filler = "<" + "x".repeat(900) + ">";   // an unclaimed body in the same size class (1 KiB) as the envelope
        String c2s = "POST /a HTTP/1.1\r\nContent-Length: " + filler.length() + "\r\n\r\n" + filler
                + "POST /b HTTP/1.1\r\nContent-Type: text/xml\r\nContent-Length: " + envelope.length() + "\r\n\r\n" + envelope;
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(c2s.getBytes(StandardCharsets.ISO_8859_1)), out::add);
        d.end(true, out::add);
        d.finish(out::add);
        Message soap = out.stream().filter(m -> SoapBodies.SOAP.equals(m.protocol())).findFirst().orElseThrow(() -> new AssertionError("no soap message: " + out));
        assertEquals("{urn:x}ping", soap.info().method(), out::toString);
        assertEquals((long) envelope.length(), soap.info().details().asMap().get("soapEnvelopeBytes"), out::toString);
        assertEquals("<m:ping xmlns:m=\"urn:x\">1</m:ping>".length(), soap.dataLength(), out::toString);
        assertTrue(pool.pooledBytes() >= BufferPool.MIN, "the bodies' arrays went back to the pool: " + pool.pooledBytes());
    }

    @Test
    void tooManyHeaderFieldsAreUnparsedNamingTheLimit() {
        StringBuilder flood = new StringBuilder("GET / HTTP/1.1\r\n");
        for (int i = 0; i < 300; i++) flood.append("X-").append(i).append(": y\r\n");
        List<Message> out = decode(DecoderLimits.DEFAULT, flood + "\r\n" + GOOD);
        assertEquals("http.request.header at stream offset 0: 300 header fields (expected: <= 256, the header count limit)", reason(out.get(0)));
        assertEquals("GET /next", out.get(1).info().method(), () -> "decoding resumes at the next request: " + out);
    }

    @Test
    void aHeaderBlockOverTheSizeLimitIsUnparsedNamingTheLimit() {
        DecoderLimits small = new DecoderLimits(64 << 20, 256, 1_000_000, 256, 16 << 20, 1024, 256);
        String big = "GET / HTTP/1.1\r\nX-Big: " + "a".repeat(2000) + "\r\n\r\n";
        List<Message> out = decode(small, big + GOOD);
        String why = reason(out.get(0));
        assertTrue(why.startsWith("http.request at stream offset 0: "), why);
        assertTrue(why.endsWith("(expected: <= 1024 bytes, the header size limit)"), why);
        assertEquals("GET /next", out.get(1).info().method());
    }

    @Test
    void aContentLengthOverTheMessageLimitIsUnparsed() {
        List<Message> out = decode(DecoderLimits.DEFAULT, "POST /x HTTP/1.1\r\nContent-Length: 99999999999\r\n\r\nabc");
        assertEquals("http.content_length at stream offset 0: 99999999999 (expected: <= 67108864, the message size limit, "
                + "--max-message-bytes)", reason(out.get(0)));
    }

    @Test
    void aBadChunkSizeIsUnparsedAndTheNextRequestDecoded() {
        List<Message> out = decode(DecoderLimits.DEFAULT, "POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n" + GOOD);
        assertTrue(reason(out.get(0)).startsWith("http.request at stream offset "), out::toString);
        assertEquals("GET /next", out.get(out.size() - 1).info().method(), out::toString);
    }

    @Test
    void aRequestCutByTheEndOfTheStreamIsTruncated() {
        List<Message> out = decode(DecoderLimits.DEFAULT, "POST /x HTTP/1.1\r\nContent-Length: 100\r\n\r\nonly this");
        assertEquals(1, out.size(), out::toString);
        assertTrue(reason(out.get(0)).startsWith("truncated: the stream ended after "), out::toString);
    }

    @Test
    void otherTextProtocolsAreNotHttp() {
        ConnectionDecoder d = TestCaptures.connectionDecoder(true);
        d.data(false, 0, ByteBuffer.wrap("220 smtp.example.com ESMTP\r\n".getBytes(StandardCharsets.US_ASCII)), m -> { });
        d.data(true, 0, ByteBuffer.wrap("EHLO me\r\n".getBytes(StandardCharsets.US_ASCII)), m -> { });
        d.finish(m -> { });
        assertEquals(io.wireanalyze.protocol.ProtocolName.UNKNOWN, d.protocol());
    }
}
