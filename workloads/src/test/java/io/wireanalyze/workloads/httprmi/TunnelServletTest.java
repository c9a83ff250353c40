package io.wireanalyze.workloads.httprmi;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The tunnelling servlet on a real Jetty, forwarding to a real RMI registry; every refusal a status and one line. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TunnelServletTest {
    private static final HexFormat HEX = HexFormat.of();
    private TunnelServers s;

    @BeforeAll
    void start() throws Exception {
        s = new TunnelServers();
    }

    @AfterAll
    void stop() throws Exception {
        s.close();
    }

    @Test
    void forwardsAPingToTheRmiServerAndRelaysItsPingAckAsOctetsWithTheirLength() throws Exception {
        HttpResponse<byte[]> r = s.post("forward=" + s.registryPort, HEX.parseHex("4a524d4900024c" + "52"));
        assertEquals(200, r.statusCode());
        assertEquals("application/octet-stream", r.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("1", r.headers().firstValue("Content-Length").orElseThrow());
        // The JDK's RMI server answers a SingleOp connection with the reply alone: no ProtocolAck (4e) first.
        assertArrayEquals(HEX.parseHex("53"), r.body());
    }

    @Test
    void aDgcAckIsForwardedAndAnsweredWithAnEmptyBody() throws Exception {
        HttpResponse<byte[]> r = s.post("forward=" + s.registryPort, HEX.parseHex("4a524d4900024c" + TunnelFramingTest.DGC_ACK));
        assertEquals(200, r.statusCode());
        assertEquals("0", r.headers().firstValue("Content-Length").orElseThrow());
        assertEquals(0, r.body().length);
    }

    @Test
    void aPortNotOfThisRmiServerIsForbidden() throws Exception {
        assertRefused(403, "forward=22: not a port of this RMI server (expected: one of " + allowed() + ")",
                s.post("forward=22", HEX.parseHex("4a524d4900024c52")));
    }

    @Test
    void noForwardOrABadOneIsABadRequestAndTheBodyIsNotTouchedByTheQuery() throws Exception {
        assertRefused(400, "query: none (expected: ?forward=PORT)", s.post(null, HEX.parseHex("4a524d4900024c52")));
        assertRefused(400, "query 'port=1099': no forward=PORT (expected: ?forward=PORT)", s.post("port=1099", HEX.parseHex("4a524d4900024c52")));
        assertRefused(400, "forward='99999x' (expected: a port 1..65535)", s.post("forward=99999x", HEX.parseHex("4a524d4900024c52")));
        assertRefused(400, "query 'forward=1&forward=2': forward given twice (expected: once)",
                s.post("forward=1&forward=2", HEX.parseHex("4a524d4900024c52")));
        // A form-encoded-looking body is not read as parameters: still forwarded by its query alone.
        assertEquals(200, s.post("forward=" + s.registryPort + "&x=1", HEX.parseHex("4a524d4900024c52")).statusCode());
    }

    @Test
    void aBodyThatIsNoSingleOpMessageIsABadRequest() throws Exception {
        assertRefused(400, "body: 8 bytes starting 4a524d4900024b52 (expected: 4a524d4900024c, a JRMP SingleOpProtocol header, and a message)",
                s.post("forward=" + s.registryPort, HEX.parseHex("4a524d4900024b52")));
        assertRefused(400, "body: 7 bytes starting 4a524d4900024c (expected: 4a524d4900024c, a JRMP SingleOpProtocol header, and a message)",
                s.post("forward=" + s.registryPort, HEX.parseHex("4a524d4900024c")));
        assertRefused(400, "body: 16 bytes starting 474554202f204854... (expected: 4a524d4900024c, a JRMP SingleOpProtocol header, and a message)",
                s.post("forward=" + s.registryPort, "GET / HTTP/1.1\r\n".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void aBodyOverTheLimitIsTooLargeWhetherItsLengthIsDeclaredOrNot() throws Exception {
        byte[] big = new byte[TunnelServers.MAX_BODY + 1];
        System.arraycopy(HEX.parseHex("4a524d4900024c50"), 0, big, 0, 8);
        assertRefused(413, "body: Content-Length 1025 (expected: <= 1024 bytes)", s.post("forward=" + s.registryPort, big));
        HttpResponse<byte[]> chunked = s.http.send(HttpRequest.newBuilder(s.cgi("forward=" + s.registryPort))
                .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new ByteArrayInputStream(big))).build(), HttpResponse.BodyHandlers.ofByteArray());
        assertRefused(413, "body: more than 1024 bytes (expected: <= 1024 bytes)", chunked);
    }

    @Test
    void anRmiServerThatIsDownIsABadGateway() throws Exception {
        assertRefused(502, "127.0.0.1:" + s.downPort + ": Connection refused (expected: the RMI server listening)",
                s.post("forward=" + s.downPort, HEX.parseHex("4a524d4900024c52")));
    }

    @Test
    void anRmiServerThatNeverAnswersIsAGatewayTimeoutAfterTheBackendTimeout() throws Exception {
        long start = System.nanoTime();
        HttpResponse<byte[]> r = s.post("forward=" + s.silent.getLocalPort(), HEX.parseHex("4a524d4900024c52"));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertRefused(504, "127.0.0.1:" + s.silent.getLocalPort() + ": no reply and close within 500 ms (expected: the RMI server's reply)", r);
        assertTrue(ms >= 500 && ms < 5_000, ms + " ms");
    }

    @Test
    void aClientThatStopsInTheMiddleOfItsBodyGetsARequestTimeoutNotAHang() throws Exception {
        try (Socket c = new Socket("127.0.0.1", s.web.port())) {
            c.setSoTimeout(10_000);
            OutputStream out = c.getOutputStream();
            out.write(("POST " + TunnelRoute.CGI_PATH + "?forward=" + s.registryPort + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    + "Content-Type: application/octet-stream\r\nContent-Length: 100\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.write(HEX.parseHex("4a524d4900024c50"));
            out.flush();
            long start = System.nanoTime();
            String response = head(c.getInputStream());
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(response.startsWith("HTTP/1.1 408 "), response);
            assertTrue(response.contains("body: nothing received for 500 ms (expected: the whole body, Content-Length 100)"), response);
            assertTrue(ms < 5_000, ms + " ms");
        }
    }

    @Test
    void onlyPostIsServed() throws Exception {
        HttpResponse<String> r = s.http.send(HttpRequest.newBuilder(s.cgi("forward=" + s.registryPort)).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(405, r.statusCode());
    }

    private String allowed() {
        return String.join(", ", java.util.stream.Stream.of(s.registryPort, s.downPort, s.silent.getLocalPort()).sorted().map(String::valueOf).toList());
    }

    static void assertRefused(int status, String line, HttpResponse<byte[]> r) {
        assertEquals(status, r.statusCode(), () -> new String(r.body(), StandardCharsets.UTF_8));
        assertEquals("text/plain;charset=utf-8", r.headers().firstValue("Content-Type").orElseThrow().replace(" ", ""));
        assertEquals(line + "\n", new String(r.body(), StandardCharsets.UTF_8));
    }

    /** What the server sent until it closed or fell silent for the socket's time-out. */
    private static String head(InputStream in) throws java.io.IOException {
        StringBuilder b = new StringBuilder();
        byte[] buf = new byte[4096];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                b.append(new String(buf, 0, n, StandardCharsets.ISO_8859_1));
                if (b.indexOf("\n", b.indexOf("\r\n\r\n") + 4) > 0) break;
            }
        } catch (java.net.SocketTimeoutException e) {
            // what came is what we have
        }
        return b.toString();
    }
}
