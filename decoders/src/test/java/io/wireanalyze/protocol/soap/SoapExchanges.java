package io.wireanalyze.protocol.soap;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.testing.TestCaptures;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Hand-made SOAP over HTTP, as CXF 4.2 sends it, and a connection decoder to feed it to. */
final class SoapExchanges {

    static final String NS = "http://bench.wireanalyze.io/";

    /** The body of a SOAP 1.1 sendInts([7, 8]) request. */
    static final String SEND_INTS = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<ns2:sendInts xmlns:ns2=\"" + NS + "\"><arg0>7</arg0><arg0>8</arg0></ns2:sendInts></soap:Body></soap:Envelope>";

    /** Its response: 2. */
    static final String SEND_INTS_RESPONSE = "<soap:Envelope xmlns:soap=\"http://schemas.xmlsoap.org/soap/envelope/\"><soap:Body>"
            + "<ns2:sendIntsResponse xmlns:ns2=\"" + NS + "\"><return>2</return></ns2:sendIntsResponse></soap:Body></soap:Envelope>";

    /** A SOAP 1.2 Fault. */
    static final String FAULT_12 = "<env:Envelope xmlns:env=\"http://www.w3.org/2003/05/soap-envelope\"><env:Body><env:Fault>"
            + "<env:Code><env:Value>env:Receiver</env:Value><env:Subcode><env:Value>x:Busy</env:Value></env:Subcode></env:Code>"
            + "<env:Reason><env:Text xml:lang=\"en\">no capacity</env:Text></env:Reason></env:Fault></env:Body></env:Envelope>";

    static final String WSDL = "<?xml version='1.0' encoding='UTF-8'?><wsdl:definitions xmlns:wsdl=\"http://schemas.xmlsoap.org/wsdl/\" "
            + "name=\"BenchSoapService\" targetNamespace=\"" + NS + "\"><wsdl:types/></wsdl:definitions>";

    private SoapExchanges() {
    }

    static String post(String body, String... fields) {
        StringBuilder b = new StringBuilder("POST /soap/bench HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        for (String f : fields) b.append(f).append("\r\n");
        return b.append("Content-Length: ").append(utf8(body).length).append("\r\n\r\n").append(body).toString();
    }

    static String ok(String body, String contentType) {
        return "HTTP/1.1 200 OK\r\nContent-Type: " + contentType + "\r\nContent-Length: " + utf8(body).length + "\r\n\r\n" + body;
    }

    static String status(int code, String body, String contentType) {
        return "HTTP/1.1 " + code + " Whatever\r\nContent-Type: " + contentType + "\r\nContent-Length: " + utf8(body).length + "\r\n\r\n" + body;
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The messages of one connection: the client's bytes, then the server's. */
    static List<Message> decode(DecoderLimits limits, String c2s, String s2c) {
        ConnectionDecoder d = TestCaptures.connectionDecoder(limits, true);
        List<Message> out = new ArrayList<>();
        d.data(true, 0, ByteBuffer.wrap(utf8(c2s)), out::add);
        d.data(false, 0, ByteBuffer.wrap(utf8(s2c)), out::add);
        d.end(true, out::add);
        d.end(false, out::add);
        d.finish(out::add);
        return out;
    }

    static List<Message> decode(String c2s, String s2c) {
        return decode(DecoderLimits.DEFAULT, c2s, s2c);
    }
}
