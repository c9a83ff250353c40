package io.wireanalyze.protocol.soap;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.XmlLimits;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static io.wireanalyze.protocol.soap.SoapExchanges.*;
import static org.junit.jupiter.api.Assertions.*;

/**
 * Hostile XML in SOAP requests: each is a clear unparsed reason with its offset, nothing is expanded, fetched or
 * buffered past the limits, and the next request on the connection is decoded as usual.
 */
class SoapHostileTest {

    private static final String ENVELOPE_OPEN = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>";
    private static final String ENVELOPE_CLOSE = "</soap:Body></soap:Envelope>";

    /** The reason the body of the first request is unparsed, after checking the next request decodes. */
    private static String reasonThenNextDecodes(DecoderLimits limits, String hostileBody) {
        return reasonThenNextDecodes(limits, hostileBody, "Content-Type: text/xml; charset=UTF-8");
    }

    private static String reasonThenNextDecodes(DecoderLimits limits, String hostileBody, String contentType) {
        String hostile = post(hostileBody, contentType);
        List<Message> out = decode(limits, hostile + post(SEND_INTS, "Content-Type: text/xml"), "");
        assertEquals(3, out.size(), out::toString);
        assertEquals("http", out.get(0).protocol().label(), "the head of the hostile request, still HTTP");
        Message body = out.get(1);
        assertTrue(body.unparsed(), out::toString);
        assertEquals(hostile.length() - utf8(hostileBody).length, body.offset());
        assertEquals("{" + NS + "}sendInts", out.get(2).info().method(), "decoding goes on");
        String reason = body.info().details().asMap().get("reason").toString();
        assertEquals(reason, out.get(0).info().details().asMap().get("httpBody"));
        return reason;
    }

    @Test
    void billionLaughsIsADtdNeverExpanded() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">");
        dtd.append("<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">");
        for (int i = 2; i <= 9; i++) dtd.append("<!ENTITY lol").append(i).append(" \"").append(("&lol" + (i - 1) + ";").repeat(10)).append("\">");
        String body = dtd + "]>" + ENVELOPE_OPEN + "<x>&lol9;</x>" + ENVELOPE_CLOSE;
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, body);
        assertTrue(reason.startsWith("xml.dtd at stream offset "), reason);
        assertTrue(reason.endsWith(": a document type declaration (expected: none; it is not processed, so no entity is expanded or fetched)"), reason);
    }

    @Test
    void anExternalEntityIsADtdNeverFetched() {
        String body = "<!DOCTYPE soap:Envelope [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>" + ENVELOPE_OPEN + "<x>&xxe;</x>" + ENVELOPE_CLOSE;
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, body);
        assertTrue(reason.startsWith("xml.dtd at stream offset "), reason);
        assertFalse(reason.contains("root:"), "nothing of /etc/passwd: " + reason);
    }

    @Test
    void anUndeclaredEntityWithoutADtdIsNotWellFormed() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, ENVELOPE_OPEN + "<x>&xxe;</x>" + ENVELOPE_CLOSE);
        assertTrue(reason.startsWith("xml at stream offset "), reason);
        assertTrue(reason.contains("not well-formed: The entity \"xxe\" was referenced, but not declared."), reason);
    }

    @Test
    void tenThousandNestedElementsStopAtTheDepthLimit() {
        String body = ENVELOPE_OPEN + "<a>".repeat(10_000) + "</a>".repeat(10_000) + ENVELOPE_CLOSE;
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, body);
        // Envelope, Body and 126 <a>: the 127th <a> is element 129, one level too deep.
        int at = post(body, "Content-Type: text/xml; charset=UTF-8").length() - utf8(body).length + ENVELOPE_OPEN.length() + 126 * 3;
        assertEquals("xml.depth at stream offset " + at + ": more than 128 nested elements (expected: <= 128, the XML depth limit)", reason);
    }

    @Test
    void tooManyElementsAndAttributesStopAtTheirLimits() {
        DecoderLimits small = DecoderLimits.DEFAULT.withXml(new XmlLimits(128, 100, 4));
        String many = reasonThenNextDecodes(small, ENVELOPE_OPEN + "<i>1</i>".repeat(200) + ENVELOPE_CLOSE);
        assertTrue(many.startsWith("xml.elements at stream offset "), many);
        assertTrue(many.endsWith(": more than 100 elements (expected: <= 100, the XML element limit)"), many);
        String attributes = reasonThenNextDecodes(small, ENVELOPE_OPEN + "<i a=\"1\" b=\"2\" c=\"3\" d=\"4\" e=\"5\"/>" + ENVELOPE_CLOSE);
        assertTrue(attributes.endsWith(": 5 attributes on i (expected: <= 4, the XML attribute limit)"), attributes);
    }

    @Test
    void aBodyDeclaringOneHundredMegabytesIsRefusedBeforeAnyIsBuffered() {
        String head = "POST /soap/bench HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nContent-Length: 104857600\r\n\r\n" + ENVELOPE_OPEN;
        List<Message> out = decode(DecoderLimits.DEFAULT, head, "");
        String reason = out.get(0).info().details().asMap().get("reason").toString();
        assertEquals("http.content_length at stream offset 0: 104857600 (expected: <= 67108864, the message size limit, --max-message-bytes)", reason);
    }

    @Test
    void aHundredMegabyteChunkedBodyStopsAtTheMessageLimitWithBoundedMemory() {
        DecoderLimits oneMegabyte = new DecoderLimits(1 << 20, 256, 1_000_000, 256, 16 << 20);
        ConnectionDecoder d = TestCaptures.connectionDecoder(oneMegabyte, true);
        List<Message> out = new ArrayList<>();
        byte[] head = "POST /soap/bench HTTP/1.1\r\nHost: x\r\nContent-Type: text/xml\r\nTransfer-Encoding: chunked\r\n\r\n"
                .getBytes(StandardCharsets.US_ASCII);
        long offset = 0;
        d.data(true, offset, ByteBuffer.wrap(head), out::add);
        offset += head.length;
        byte[] chunk = ("10000\r\n" + "<i>1</i>".repeat(0x10000 / 8) + "\r\n").getBytes(StandardCharsets.US_ASCII);
        Runtime rt = Runtime.getRuntime();
        rt.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        long peak = before;
        for (int i = 0; i < 1600; i++) {   // 1600 chunks of 64 KiB: 100 MiB
            d.data(true, offset, ByteBuffer.wrap(chunk), out::add);
            offset += chunk.length;
            if (i % 100 == 0) peak = Math.max(peak, rt.totalMemory() - rt.freeMemory());
        }
        d.end(true, out::add);
        d.finish(out::add);
        String reason = out.get(0).info().details().asMap().get("reason").toString();
        assertEquals("http.content at stream offset 0: a body of more than 1048576 bytes (expected: <= 1048576, the message size limit, "
                + "--max-message-bytes)", reason);
        long unparsed = out.stream().filter(Message::unparsed).mapToLong(Message::length).sum();
        assertEquals(offset, unparsed, "every byte accounted, as unparsed");
        assertTrue(peak - before < 64L << 20, "memory grew by " + ((peak - before) >> 20) + " MiB for a 100 MiB body");
    }

    @Test
    void invalidUtf8IsNotWellFormed() {
        byte[] bad = (post(ENVELOPE_OPEN + "<x>..</x>" + ENVELOPE_CLOSE, "Content-Type: text/xml; charset=UTF-8")).getBytes(StandardCharsets.UTF_8);
        int dots = new String(bad, StandardCharsets.ISO_8859_1).indexOf("..");
        bad[dots] = (byte) 0xC3;
        bad[dots + 1] = (byte) 0x28;   // a two-byte lead followed by '(': not UTF-8
        ConnectionDecoder d = TestCaptures.connectionDecoder(true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(bad), out::add);
        d.finish(out::add);
        String reason = out.get(1).info().details().asMap().get("reason").toString();
        assertTrue(reason.startsWith("xml at stream offset "), reason);
        assertTrue(reason.contains("not well-formed"), reason);
    }

    @Test
    void anEncodingItCannotMapIsNamed() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT,
                "<?xml version=\"1.0\" encoding=\"IBM037\"?>" + ENVELOPE_OPEN + ENVELOPE_CLOSE, "Content-Type: text/xml");
        assertTrue(reason.endsWith(": IBM037 (expected: UTF-8, UTF-16, ISO-8859-1 or US-ASCII)"), reason);
        assertTrue(reason.startsWith("xml.encoding at stream offset "), reason);
    }
}
