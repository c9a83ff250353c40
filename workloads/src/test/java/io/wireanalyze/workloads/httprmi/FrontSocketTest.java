package io.wireanalyze.workloads.httprmi;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The HTTP-to-port front on a real loopback connection, a raw client on the other end: what goes in and out. */
class FrontSocketTest {

    @Test
    void aPostIsUnwrappedForTheRuntimeAndItsReplySentAsJdk8DidOnClose() throws Exception {
        byte[] body = HexFormat.of().parseHex("4a524d4900024c52");
        String head = "POST / HTTP/1.1\r\nContent-type: application/octet-stream\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n";
        try (Pair pair = Pair.open()) {
            pair.client.getOutputStream().write(concat(head.getBytes(StandardCharsets.US_ASCII), body, "trailing".getBytes(StandardCharsets.US_ASCII)));
            InputStream in = pair.front.getInputStream();
            assertArrayEquals(body, in.readAllBytes(), "the body, and not one byte past its Content-Length");
            assertEquals(Boolean.TRUE, pair.front.isPost());
            OutputStream out = pair.front.getOutputStream();
            out.write(0x53);
            out.flush();
            pair.front.close();
            String reply = new String(pair.client.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertEquals("HTTP/1.0 200 OK\r\nContent-type: application/octet-stream\r\nContent-length: 1\r\n\r\nS", reply);
        }
    }

    @Test
    void anEmptyReplyIsOneZeroByteAndPlainJrmpPassesUntouched() throws Exception {
        try (Pair pair = Pair.open()) {
            pair.client.getOutputStream().write("POST / HTTP/1.0\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            assertEquals(-1, pair.front.getInputStream().read());
            pair.front.close();
            assertEquals("HTTP/1.0 200 OK\r\nContent-type: application/octet-stream\r\nContent-length: 1\r\n\r\n\0",
                    new String(pair.client.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1));
        }
        try (Pair pair = Pair.open()) {
            byte[] jrmp = HexFormat.of().parseHex("4a524d4900024b");
            pair.client.getOutputStream().write(jrmp);
            assertArrayEquals(jrmp, pair.front.getInputStream().readNBytes(7));
            assertEquals(Boolean.FALSE, pair.front.isPost());
            pair.front.getOutputStream().write(0x4e);
            pair.front.getOutputStream().flush();
            assertEquals(0x4e, pair.client.getInputStream().read());
            pair.front.close();
            assertEquals(-1, pair.client.getInputStream().read(), "nothing added on close");
        }
    }

    @Test
    void aPostWithoutContentLengthIsRefusedWith411AndTheRuntimeGetsAnError() throws Exception {
        try (Pair pair = Pair.open()) {
            pair.client.getOutputStream().write("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            IOException e = assertThrows(IOException.class, pair.front::getInputStream);
            assertEquals("HTTP-to-port: Transfer-Encoding: chunked (expected: a Content-Length body, as JDK 8's client sent)", e.getMessage());
            pair.front.close();
            String reply = new String(pair.client.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
            assertTrue(reply.startsWith("HTTP/1.0 411 Length Required\r\n"), reply);
            assertTrue(reply.endsWith("\r\n\r\nTransfer-Encoding: chunked (expected: a Content-Length body, as JDK 8's client sent)\n"), reply);
        }
    }

    @Test
    void headsAreReadStrictly() throws Exception {
        assertEquals(new PostHead("POST / HTTP/1.1", 12, 38), PostHead.read(stream("POST / HTTP/1.1\r\ncontent-length:12\r\n\r\nbody")));
        assertEquals("request line 'POST /' (expected: POST <target> HTTP/1.0 or HTTP/1.1)",
                assertThrows(PostHead.Refused.class, () -> PostHead.read(stream("POST /\r\n\r\n"))).getMessage());
        assertEquals("no Content-Length (expected: the body's length, as JDK 8's client sent)",
                assertThrows(PostHead.Refused.class, () -> PostHead.read(stream("POST / HTTP/1.0\r\n\r\n"))).getMessage());
        assertEquals("Content-Length '-1' (expected: a number of bytes)",
                assertThrows(PostHead.Refused.class, () -> PostHead.read(stream("POST / HTTP/1.0\r\nContent-Length: -1\r\n\r\n"))).getMessage());
        assertEquals(431, assertThrows(PostHead.Refused.class, () -> PostHead.read(stream("POST / HTTP/1.0\r\nX: " + "a".repeat(PostHead.MAX_HEAD_BYTES) + "\r\n\r\n"))).status());
        assertThrows(EOFException.class, () -> PostHead.read(stream("POST / HTTP/1.0\r\nContent-Le")));
        assertTrue(PostHead.isPost("POST".getBytes(StandardCharsets.US_ASCII)));
        assertFalse(PostHead.isPost("JRMI".getBytes(StandardCharsets.US_ASCII)));
    }

    private static InputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    /** A front socket accepted on loopback and the raw client connected to it. */
    private record Pair(ServerSocket server, Socket client, FrontSocket front) implements AutoCloseable {
        static Pair open() throws IOException {
            PortFrontServerSocket server = new PortFrontServerSocket(0);
            Socket client = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            client.setSoTimeout(5000);
            FrontSocket front = (FrontSocket) server.accept();
            front.setSoTimeout(5000);
            return new Pair(server, client, front);
        }

        @Override
        public void close() throws IOException {
            client.close();
            front.close();
            server.close();
        }
    }
}
