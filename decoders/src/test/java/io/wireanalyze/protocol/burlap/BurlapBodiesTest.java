package io.wireanalyze.protocol.burlap;

import io.wireanalyze.protocol.CallMessageType;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.XmlLimits;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Burlap calls, replies and faults inside HTTP/1.1, as hessian 4.0.66's BurlapOutput writes them, and hostile ones. */
class BurlapBodiesTest {

    static final String CALL = "<burlap:call><method>sendInts</method><list><type>[int</type><length>2</length>"
            + "<int>7</int><int>80</int></list></burlap:call>";

    static String post(String body) {
        return "POST /burlap/bench HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/xml\r\nContent-Length: "
                + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    static String ok(String body) {
        return "HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
    }

    static List<Message> decode(DecoderLimits limits, String c2s, String s2c) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(c2s.getBytes(StandardCharsets.UTF_8)), out::add);
        d.data(false, 0, ByteBuffer.wrap(s2c.getBytes(StandardCharsets.UTF_8)), out::add);
        d.end(true, out::add);
        d.end(false, out::add);
        d.finish(out::add);
        return out;
    }

    @Test
    void aCallIsAnInvocationNamedByItsMethodWithItsArgumentsAsData() {
        String request = post(CALL);
        List<Message> out = decode(DecoderLimits.DEFAULT, request, ok("<burlap:reply><int>2</int></burlap:reply>"));
        assertEquals(2, out.size(), out::toString);
        Message call = out.get(0);
        assertEquals(BurlapBodies.BURLAP, call.protocol());
        assertEquals(CallMessageType.CALL, call.type());
        assertEquals(Phase.INVOCATION, call.phase());
        assertEquals("sendInts", call.info().method());
        String args = "<list><type>[int</type><length>2</length><int>7</int><int>80</int></list>";
        assertEquals(request.indexOf(args), call.dataOffset());
        assertEquals(args.length(), call.dataLength());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals(1, f.get("burlapArguments"));
        assertEquals(3L, f.get("burlapValueBytes"), "7 and 80; the method, [int and the length are markup");
        assertEquals(7L, f.get("xmlElements"));
        Message reply = out.get(1);
        assertEquals(CallMessageType.REPLY, reply.type());
        assertEquals("sendInts", reply.info().method());
        assertEquals(1L, reply.info().details().count(ByteCount.VALUES));
    }

    @Test
    void anObjectsFieldNamesAreMarkupAndItsValuesValues() {
        String reply = "<burlap:reply><map><type>R</type><string>name</string><string>abc</string>"
                + "<string>id</string><long>12</long></map></burlap:reply>";
        List<Message> out = decode(DecoderLimits.DEFAULT, post("<burlap:call><method>get</method></burlap:call>"), ok(reply));
        assertEquals(0, out.get(0).info().details().asMap().get("burlapArguments"));
        assertEquals(5L, out.get(1).info().details().count(ByteCount.VALUES), "abc and 12; name and id are field names");
    }

    @Test
    void aFaultGivesItsCodeAndMessageAsTheException() {
        String fault = "<burlap:reply><fault><string>code</string><string>NoSuchMethodException</string>"
                + "<string>message</string><string>no get</string></fault></burlap:reply>";
        List<Message> out = decode(DecoderLimits.DEFAULT, post("<burlap:call><method>get</method></burlap:call>"), ok(fault));
        assertEquals(CallMessageType.FAULT, out.get(1).type());
        assertEquals("NoSuchMethodException: no get", out.get(1).info().details().exception());
    }

    @Test
    void otherXmlIsNotClaimed() {
        List<Message> out = decode(DecoderLimits.DEFAULT, post("<order><item>x</item></order>"), ok("<receipt/>"));
        assertEquals("http", out.get(0).protocol().label(), out::toString);
    }

    /** The reason the hostile call's body is unparsed, after checking that the next call decodes. */
    private static String reasonThenNextDecodes(DecoderLimits limits, String hostile) {
        List<Message> out = decode(limits, post(hostile) + post(CALL), "");
        assertEquals(3, out.size(), out::toString);
        assertTrue(out.get(1).unparsed(), out::toString);
        assertEquals("sendInts", out.get(2).info().method(), "decoding goes on");
        return out.get(1).info().details().asMap().get("reason").toString();
    }

    @Test
    void billionLaughsIsADtdNeverExpanded() {
        StringBuilder dtd = new StringBuilder("<?xml version=\"1.0\"?><!DOCTYPE burlap:call [<!ENTITY lol \"lol\">");
        for (int i = 1; i <= 9; i++) dtd.append("<!ENTITY lol").append(i).append(" \"").append(("&lol" + (i == 1 ? "" : i - 1) + ";").repeat(10)).append("\">");
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, dtd + "]><burlap:call><method>x</method><string>&lol9;</string></burlap:call>");
        assertTrue(reason.startsWith("xml.dtd at stream offset "), reason);
        assertTrue(reason.endsWith(": a document type declaration (expected: none; it is not processed, so no entity is expanded or fetched)"), reason);
    }

    @Test
    void deepNestingStopsAtTheDepthLimit() {
        String deep = "<burlap:call><method>x</method>" + "<list>".repeat(10_000) + "</list>".repeat(10_000) + "</burlap:call>";
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT.withXml(new XmlLimits(64, 100_000, 64)), deep);
        assertTrue(reason.matches("xml\\.depth at stream offset \\d+: more than 64 nested elements \\(expected: <= 64, the XML depth limit\\)"), reason);
    }

    @Test
    void aDocumentCutShortIsSaidInTheJdkParsersWords() {
        // Burlap is read by the JDK's parser (names as written): a call cut short fails in its words, with an offset.
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, "<burlap:call><method>x</method><int>1</int>");
        assertTrue(reason.matches("xml at stream offset \\d+: not well-formed: XML document structures must start and end within the same entity\\."),
                reason);
    }

    @Test
    void anUndeclaredPrefixInsideTheCallIsReadAsWritten() {
        // x: is declared nowhere, as burlap: is not: names as written, the call is read and its arguments counted.
        List<Message> out = decode(DecoderLimits.DEFAULT, post("<burlap:call><method>m</method><x:int>12</x:int><int>3</int></burlap:call>"),
                ok("<burlap:reply><int>2</int></burlap:reply>"));
        assertEquals(2, out.size(), out::toString);
        assertEquals("m", out.get(0).info().method());
        Map<String, Object> f = out.get(0).info().details().asMap();
        assertEquals(2, f.get("burlapArguments"));
        assertEquals(3L, f.get("burlapValueBytes"));
        assertEquals(CallMessageType.REPLY, out.get(1).type());
    }

    @Test
    void aReplyToAnUnparsedCallIsNotGuessed() {
        String reason = reasonThenNextDecodes(DecoderLimits.DEFAULT, "<burlap:call><string>no method</string></burlap:call>");
        assertTrue(reason.endsWith(": a call without <method> (expected: one, before the arguments)"), reason);
    }
}
