package io.wireanalyze.protocol.soap;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.Role;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.wireanalyze.protocol.soap.SoapExchanges.*;
import static org.junit.jupiter.api.Assertions.*;

/** SOAP envelopes and description fetches inside HTTP/1.1, hand-made as CXF sends them. */
class SoapSessionTest {

    @Test
    void aSoap11CallIsAnInvocationNamedByItsBodyElementWithTheBodyAsData() {
        String request = post(SEND_INTS, "Content-Type: text/xml; charset=UTF-8", "SOAPAction: \"\"");
        String response = ok(SEND_INTS_RESPONSE, "text/xml;charset=UTF-8");
        List<Message> out = decode(request, response);
        assertEquals(2, out.size(), out::toString);
        Message call = out.get(0);
        assertEquals(SoapBodies.SOAP, call.protocol());
        assertEquals(SoapMessageType.REQUEST, call.type());
        assertEquals(Phase.INVOCATION, call.phase());
        assertEquals(Role.REQUEST, call.role());
        assertEquals("{" + NS + "}sendInts", call.info().method());
        assertEquals(0, call.offset());
        assertEquals(request.length(), call.length());
        // Data: the Body's content, between <soap:Body> and </soap:Body>.
        String content = "<ns2:sendInts xmlns:ns2=\"" + NS + "\"><arg0>7</arg0><arg0>8</arg0></ns2:sendInts>";
        assertEquals(request.indexOf(content), call.dataOffset());
        assertEquals(content.length(), call.dataLength());
        Map<String, Object> f = call.info().details().asMap();
        assertEquals("1.1", f.get("soapVersion"));
        assertEquals("", f.get("soapAction"));
        assertEquals((long) SEND_INTS.length(), f.get("soapEnvelopeBytes"));
        assertEquals(0L, f.get("soapHeaderBytes"));
        assertEquals(0L, f.get("wsSecurityBytes"));
        assertEquals(2L, f.get("soapValueBytes"), "the text 7 and 8");
        assertEquals(5L, f.get("xmlElements"));
        assertEquals(2L, call.info().details().count(ByteCount.VALUES));
        assertEquals((long) request.length() - SEND_INTS.length(), call.info().details().count(ByteCount.FRAMING));

        Message reply = out.get(1);
        assertEquals(SoapMessageType.RESPONSE, reply.type());
        assertEquals(Role.REPLY, reply.role());
        assertEquals(call.requestId(), reply.requestId());
        assertEquals("{" + NS + "}sendInts", reply.info().method(), "a reply takes its request's method");
        assertEquals("{" + NS + "}sendIntsResponse", reply.info().details().asMap().get("soapBodyElement"));
        assertEquals(1L, reply.info().details().count(ByteCount.VALUES));
        assertNull(reply.info().details().exception());
    }

    @Test
    void aSoap12FaultIsAReplyWithItsCodeAndReasonAsTheException() {
        String request = post(SEND_INTS.replace("http://schemas.xmlsoap.org/soap/envelope/", "http://www.w3.org/2003/05/soap-envelope"),
                "Content-Type: application/soap+xml; charset=UTF-8; action=\"urn:sendInts\"");
        List<Message> out = decode(request, status(500, FAULT_12, "application/soap+xml; charset=UTF-8"));
        assertEquals("1.2", out.get(0).info().details().asMap().get("soapVersion"));
        assertEquals("urn:sendInts", out.get(0).info().details().asMap().get("soapAction"));
        Message fault = out.get(1);
        assertEquals(SoapMessageType.FAULT, fault.type());
        assertEquals(Phase.INVOCATION, fault.phase());
        assertEquals("env:Receiver: no capacity", fault.info().details().exception());
        assertEquals(500, fault.info().details().asMap().get("http.response.code"));
    }

    @Test
    void aSoap11FaultGivesFaultcodeAndFaultstring() {
        String fault = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Server</faultcode>"
                + "<faultstring>boom &amp; bust</faultstring></s:Fault></s:Body></s:Envelope>";
        List<Message> out = decode(post(SEND_INTS, "Content-Type: text/xml"), status(500, fault, "text/xml"));
        assertEquals(SoapMessageType.FAULT, out.get(1).type());
        assertEquals("s:Server: boom & bust", out.get(1).info().details().exception());
    }

    @Test
    void theWsdlFetchIsNamingByItsTargetAndItsDocumentIsChecked() {
        String get = "GET /soap/bench?wsdl HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\n\r\n";
        List<Message> out = decode(get, ok(WSDL, "text/xml;charset=UTF-8"));
        assertEquals(2, out.size(), out::toString);
        Message fetch = out.get(0);
        assertEquals(SoapMessageType.WSDL_REQUEST, fetch.type());
        assertEquals(Phase.NAMING, fetch.phase());
        assertEquals("GET", fetch.info().method());
        assertEquals("/soap/bench?wsdl", fetch.info().name());
        assertEquals("h2c", fetch.info().details().asMap().get("http.upgrade"), "the upgrade offered, not taken: still HTTP/1.1");
        assertEquals(get.length(), fetch.length());
        Message wsdl = out.get(1);
        assertEquals(SoapMessageType.WSDL, wsdl.type());
        assertEquals(Phase.NAMING, wsdl.phase());
        assertEquals("{http://schemas.xmlsoap.org/wsdl/}definitions", wsdl.info().details().asMap().get("xmlRoot"));
        assertEquals(NS, wsdl.info().details().asMap().get("targetNamespace"));
        assertEquals(WSDL.length(), wsdl.dataLength(), "the document is the naming reply's data");
    }

    @Test
    void aWsdlFetchAnsweredByAnHtmlPageIsUnparsedWithTheReason() {
        String get = "GET /soap/bench?wsdl HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
        List<Message> out = decode(get, status(404, "<html><body>no</body></html>", "text/html"));
        assertEquals(SoapMessageType.WSDL_REQUEST, out.get(0).type());
        Message unparsed = out.get(2);
        assertTrue(unparsed.unparsed(), out::toString);
        String reason = unparsed.info().details().asMap().get("reason").toString();
        assertTrue(reason.startsWith("soap.description at stream offset "), reason);
        assertTrue(reason.endsWith(": root element html (expected: {http://schemas.xmlsoap.org/wsdl/}definitions, "
                + "{http://www.w3.org/ns/wsdl}description or {http://www.w3.org/2001/XMLSchema}schema)"), reason);
    }

    @Test
    void xmlThatIsNotAnEnvelopeIsNotClaimed() {
        String rpc = "<?xml version=\"1.0\"?><order><item>x</item></order>";
        List<Message> out = decode(post(rpc, "Content-Type: text/xml"), ok("<receipt/>", "text/xml"));
        assertEquals("http", out.get(0).protocol().label(), out::toString);
        assertTrue(out.get(1).unparsed());
    }

    @Test
    void headersAndWsSecurityAreMeasuredAgainstTheBody() {
        String security = "<wsse:Security xmlns:wsse=\"" + EnvelopeReader.WSSE + "\" soap:mustUnderstand=\"1\"><wsu:Timestamp "
                + "xmlns:wsu=\"u\"><wsu:Created>2026-01-01T00:00:00Z</wsu:Created></wsu:Timestamp></wsse:Security>";
        String header = "<soap:Header>" + security + "<x:Other xmlns:x=\"x\">é</x:Other></soap:Header>";
        String env = SEND_INTS.replace("<soap:Body>", header + "<soap:Body>");
        Message call = decode(post(env, "Content-Type: text/xml; charset=UTF-8"), "").get(0);
        Map<String, Object> f = call.info().details().asMap();
        assertEquals((long) utf8(header).length, f.get("soapHeaderBytes"));
        assertEquals((long) security.length(), f.get("wsSecurityBytes"));
        assertEquals((long) security.length(), call.info().details().count(SoapDetails.SECURITY));
        String content = "<ns2:sendInts xmlns:ns2=\"" + NS + "\"><arg0>7</arg0><arg0>8</arg0></ns2:sendInts>";
        assertEquals(content.length(), call.dataLength(), "the multi-byte é before the Body shifts nothing");
        assertEquals(utf8(env).length - content.length() - "</soap:Body></soap:Envelope>".length(),
                call.dataOffset() - (utf8(post(env, "Content-Type: text/xml; charset=UTF-8")).length - utf8(env).length));
    }

    @Test
    void anEncryptedBodyIsNamedByItsActionAndHasNoValueBytes() {
        String env = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body><xenc:EncryptedData "
                + "xmlns:xenc=\"" + EnvelopeReader.XENC + "\"><xenc:CipherData><xenc:CipherValue>AAAA</xenc:CipherValue>"
                + "</xenc:CipherData></xenc:EncryptedData></soap:Body></soap:Envelope>";
        Message call = decode(post(env, "Content-Type: text/xml", "SOAPAction: \"urn:sendInts\""), "").get(0);
        assertEquals("urn:sendInts", call.info().method());
        assertEquals(Boolean.TRUE, call.info().details().asMap().get("soapBodyEncrypted"));
        assertNull(call.info().details().count(ByteCount.VALUES));
    }

    /** A SOAP method's plain operation, whichever form the method takes: Clark notation, or a SOAPAction. */
    @Test
    void theOperationIsTheMethodsLastName() {
        assertEquals("sendInts", SoapBodies.operation("{http://bench.wireanalyze.io/}sendInts"));
        assertEquals("GetExternalIPAddress", SoapBodies.operation("{urn:schemas-upnp-org:service:WANIPConnection:1}GetExternalIPAddress"));
        assertEquals("wireanalyzeMark", SoapBodies.operation("urn:wireanalyzeMark"));
        assertEquals("GetQuote", SoapBodies.operation("http://example.org/StockService/GetQuote"));
        assertEquals("op", SoapBodies.operation("op"));
        assertNull(SoapBodies.operation(null));
    }
}
