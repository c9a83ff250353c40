package io.wireanalyze.protocol;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The same stream decoded whole and split at every byte gives identical messages (Netty's
 * testDecodeWholeRequestInMultipleSteps). The streams are real: every payload of a capture's first
 * connection, in capture order.
 */
class SplitInvarianceTest {

    private record Chunk(boolean fromInitiator, long offset, byte[] bytes) {
    }

    /** Payloads of the capture's n-th TCP connection (0-based; a capture without loss), retransmitted segments left out. */
    private static List<Chunk> chunks(Path file, int connection) throws Exception {
        List<Chunk> out = new ArrayList<>();
        List<io.wireanalyze.frame.Endpoint> initiators = new ArrayList<>();
        io.wireanalyze.frame.Endpoint initiator = null;
        long[] next = new long[2], isn = new long[2];
        for (Frame f : TestCaptures.frames(file)) {
            var r = PacketParser.parse(f);
            if (r.segment() == null) continue;
            TcpSegment s = r.segment();
            if (s.syn() && !s.hasAck() && !initiators.contains(s.src())) initiators.add(s.src());
            if (initiators.size() <= connection) continue;
            initiator = initiators.get(connection);
            boolean init = s.src().equals(initiator);
            if (!init && !s.dst().equals(initiator)) continue;
            int side = init ? 0 : 1;
            if (s.syn()) isn[side] = s.seq() + 1;
            if (s.payloadLength() == 0) continue;
            if (((s.seq() - isn[side]) & 0xffffffffL) < next[side]) continue;   // a retransmission (lo retransmits too)
            byte[] b = new byte[s.payload().remaining()];
            s.payload().duplicate().get(b);
            out.add(new Chunk(init, next[side], b));
            next[side] += b.length;
        }
        return out;
    }

    private static List<String> decode(List<Chunk> chunks, int splitChunk, int at) {
        return decode(chunks, splitChunk, at, () -> TestCaptures.connectionDecoder(true));
    }

    private static List<String> decode(List<Chunk> chunks, int splitChunk, int at, java.util.function.Supplier<ConnectionDecoder> decoders) {
        List<String> out = new ArrayList<>();
        ConnectionDecoder d = decoders.get();
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            if (i == splitChunk) {
                d.data(c.fromInitiator(), c.offset(), ByteBuffer.wrap(c.bytes(), 0, at).slice(), m -> out.add(m.toString()));
                d.data(c.fromInitiator(), c.offset() + at, ByteBuffer.wrap(c.bytes(), at, c.bytes().length - at).slice(), m -> out.add(m.toString()));
            } else {
                d.data(c.fromInitiator(), c.offset(), ByteBuffer.wrap(c.bytes()), m -> out.add(m.toString()));
            }
        }
        d.finish(m -> out.add(m.toString()));
        return out;
    }

    @Test
    void decodesTheNdpiRegistryLookupSplitAtEveryByte() throws Exception {
        List<Chunk> chunks = chunks(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap"), 0);
        List<String> whole = decode(chunks, -1, 0);
        assertEquals(8, whole.size(), whole::toString);
        int runs = 0;
        for (int i = 0; i < chunks.size(); i++) {
            for (int at = 1; at < chunks.get(i).bytes().length; at++) {
                assertEquals(whole, decode(chunks, i, at), "chunk " + i + " split at byte " + at);
                runs++;
            }
        }
        assertTrue(runs > 400, "splits tried: " + runs);
    }

    @Test
    void decodesTheWorkloadsInvocationsSplitAtManyOffsets() throws Exception {
        // The object connection of a real capture: DGC dirty call, warm-up, marker and 4 KB sendInts calls.
        List<Chunk> chunks = chunks(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"), 1);
        List<String> whole = decode(chunks, -1, 0);
        assertTrue(whole.size() > 20, whole::toString);
        assertTrue(whole.stream().anyMatch(m -> m.contains("sendInts") || m.contains("hash=-444219992988303964")), whole::toString);
        int runs = 0;
        for (int i = 0; i < chunks.size(); i++) {
            int n = chunks.get(i).bytes().length;
            for (int at = 1; at < n; at += n > 200 ? 37 : 1) {
                assertEquals(whole, decode(chunks, i, at), "chunk " + i + " split at byte " + at);
                runs++;
            }
        }
        assertTrue(runs > 500, "splits tried: " + runs);
    }

    @Test
    void decodesHttpKeepAliveHeadAndChunkedResponsesSplitAtEveryByte() throws Exception {
        // HEAD (a Content-Length and no body), a chunked response, a 3 KB body, on one connection (fixtures/http).
        assertSplitInvariant(chunks(TestCaptures.fixture("http/plain-http.pcap"), 0), 8, 1);
    }

    @Test
    void decodesHttpPipelinedRequestsAndAnInterimResponseSplitAtManyOffsets() throws Exception {
        assertSplitInvariant(chunks(TestCaptures.fixture("http/plain-http.pcap"), 3), 7, 1);
        assertSplitInvariant(chunks(TestCaptures.fixture("http/plain-http.pcap"), 1), 4, 97);
        assertSplitInvariant(chunks(TestCaptures.fixture("http/plain-http.pcap"), 2), 4, 89);
    }

    @Test
    void decodesRmiTunnelledThroughHttpSplitAtManyOffsets() throws Exception {
        // The client's keep-alive connection to the proxy: lookup, DGC dirty and its renewals, DgcAcks, calls, clean.
        List<Chunk> chunks = chunks(TestCaptures.fixture("http/http-rmi-proxy-dgc.pcap"), 0);
        List<String> whole = decode(chunks, -1, 0);
        assertTrue(whole.stream().anyMatch(m -> m.contains("protocol=http-rmi, type=call, phase=invocation")), whole::toString);
        assertTrue(whole.stream().noneMatch(m -> m.contains("type=unparsed")), whole::toString);
        assertSplitInvariant(chunks, whole.size(), 7);
    }

    @Test
    void decodesSoapTheWsdlFetchAndChunkedCallsSplitAtManyOffsets() throws Exception {
        // Metro's one keep-alive connection: the WSDL GET, its 17 KB document, 3 sendChars calls (fixtures/soap).
        assertSplitInvariant(chunks(TestCaptures.fixture("soap/metro-client.pcap"), 0), 8, 61);
        // CXF's calls connection: chunked 10 KB envelopes offering h2c, a warm-up call and the marker.
        assertSplitInvariant(chunks(TestCaptures.fixture("soap/cxf-default.pcap"), 1), 10, 97);
        // WS-Security: Security headers and encrypted Bodies.
        assertSplitInvariant(chunks(TestCaptures.fixture("soap/wssec.pcap"), 1), 4, 53);
    }

    /**
     * TLS 1.3 and 1.2, decrypted: records split anywhere (headers, tags, the plaintext of a call) give the same records,
     * the same JRMP messages over them and the same spans. The object connection of each jrmp-tls fixture: its
     * handshake, the dirty call, the warm-up and measured sendInts(int[1000]) calls.
     */
    @Test
    void decodesJrmpOverTlsSplitAtManyOffsets() throws Exception {
        for (String name : List.of("tls/jrmp-tls13-lookup-then-invoke.pcap", "tls/jrmp-tls12-lookup-then-invoke.pcap")) {
            Path pcap = TestCaptures.fixture(name);
            io.wireanalyze.protocol.tls.TlsKeyLog keys = TestCaptures.keysBeside(pcap);
            List<Chunk> chunks = chunks(pcap, 1);
            java.util.function.Supplier<ConnectionDecoder> withKeys = () -> TestCaptures.connectionDecoder(keys, true);
            List<String> whole = decode(chunks, -1, 0, withKeys);
            assertTrue(whole.stream().filter(m -> m.contains("protocol=jrmp-tls") && m.contains("type=call")).count() >= 9, whole::toString);
            assertTrue(whole.stream().noneMatch(m -> m.contains("phase=unparsed")), whole::toString);
            int runs = 0;
            for (int i = 0; i < chunks.size(); i++) {
                int n = chunks.get(i).bytes().length;
                for (int at = 1; at < n; at += n > 300 ? 41 : 3) {
                    assertEquals(whole, decode(chunks, i, at, withKeys), name + ": chunk " + i + " split at byte " + at);
                    runs++;
                }
            }
            assertTrue(runs > 300, "splits tried: " + runs);
        }
    }

    @Test
    void decodesHessianCallsRepliesAndFaultsSplitAtManyOffsets() throws Exception {
        // Hessian 2.0 on one keep-alive connection: a warm-up getObjects(3), the marker, 3 measured calls; class
        // definitions and objects in each reply (fixtures/hessian).
        assertSplitInvariant(chunks(TestCaptures.fixture("hessian/hessian2-length.pcap"), 0), 10, 7);
        // Hessian 1.0 sendInts(int[100]) with a chunked reply.
        assertSplitInvariant(chunks(TestCaptures.fixture("hessian/hessian1-stream.pcap"), 0), 2, 3);
        // curl's hand-written calls: a 2.0 fault, a 1.0 fault ending in z z.
        assertSplitInvariant(chunks(TestCaptures.fixture("hessian/curl-raw.pcap"), 4), 2, 1);
        assertSplitInvariant(chunks(TestCaptures.fixture("hessian/curl-raw.pcap"), 5), 2, 1);
    }

    @Test
    void decodesBurlapCallsRepliesAndFaultsSplitAtManyOffsets() throws Exception {
        // BurlapProxyFactory's probe GET (405, its page unparsed) on its own connection, then one keep-alive connection:
        // a warm-up getObjects(2), the marker, 2 measured calls (fixtures/burlap).
        assertSplitInvariant(chunks(TestCaptures.fixture("burlap/burlap-objects.pcap"), 1), 8, 5);
        // curl's hand-written fault.
        assertSplitInvariant(chunks(TestCaptures.fixture("burlap/curl-raw.pcap"), 1), 2, 1);
    }

    @Test
    void decodesHttpInvokerCallsSplitAtManyOffsets() throws Exception {
        // Spring HttpInvoker's keep-alive connection: a warm-up sendInts(int[100]), the marker, 2 calls (fixtures/httpinvoker).
        assertSplitInvariant(chunks(TestCaptures.fixture("httpinvoker/sendints.pcap"), 0), 8, 5);
    }

    @Test
    void decodesXmlRpcCallsSplitAtManyOffsets() throws Exception {
        // Apache XML-RPC's WebServer closes after each reply: a connection a call (fixtures/xmlrpc).
        assertSplitInvariant(chunks(TestCaptures.fixture("xmlrpc/transport-sun.pcap"), 0), 2, 3);
        assertSplitInvariant(chunks(TestCaptures.fixture("xmlrpc/transport-lite.pcap"), 1), 2, 3);
    }

    private static void assertSplitInvariant(List<Chunk> chunks, int expectedMessages, int step) {
        List<String> whole = decode(chunks, -1, 0);
        assertEquals(expectedMessages, whole.size(), whole::toString);
        for (int i = 0; i < chunks.size(); i++) {
            for (int at = 1; at < chunks.get(i).bytes().length; at += step) {
                assertEquals(whole, decode(chunks, i, at), "chunk " + i + " split at byte " + at);
            }
        }
    }
}
