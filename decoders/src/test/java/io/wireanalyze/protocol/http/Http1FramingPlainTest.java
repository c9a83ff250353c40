package io.wireanalyze.protocol.http;

import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.tcp.BufferPool;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@link PlainHead} against Netty's decoder: the same streams, cut at the same places, given to a framing that reads
 * plain messages itself and to one that leaves every message to Netty, must give the same steps (messages with the same
 * offsets, heads, fields and bodies; the same byte counts asked for; the same failures) and say the same of a message
 * in progress. The streams mix plain messages with everything the plain reader leaves to Netty.
 */
class Http1FramingPlainTest {

    private static final String[] METHODS = {"POST", "POST", "GET", "HEAD", "PUT", "M-SEARCH", "post", "G@T", ""};
    private static final String[] TARGETS = {"/", "/soap/Bench", "/a/b?x=1&y=%20", "*", "/sp ace", "/\u00e9", "http://h:8080/x"};
    private static final String[] VERSIONS = {"HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2.0", "http/1.1", "HTTP/1.1 "};
    private static final String[] STATUS = {"200 OK", "200 OK", "500 Internal Server Error", "404 Not Found", "200 Custom reason",
            "100 Continue", "204 No Content", "304 Not Modified", "101 Switching Protocols", "200", "200 ", "2x0 OK", "200  OK",
            "200 O\tK", "103 Early Hints"};
    private static final String[] FIELDS = {"Host: localhost:8080", "Content-Type: text/xml; charset=utf-8", "SOAPAction: \"\"",
            "X-Empty:", "X-Spaces:   v  w  ", "X-Tab:\tv\t", "Connection: keep-alive", "User-Agent: Apache-CXF/4.2.3",
            "Accept: */*", "Cache-Control: no-cache", "Pragma: no-cache", "X-Hi: \u00e9t\u00e9", "Bad Name: x", "NoColon",
            "X-Ctl: a\u0001b", " folded continuation", "Sec-WebSocket-Key1: 4 @1  46546xW%0l 1 5", "Upgrade: websocket",
            "Transfer-Encoding: chunked", "transfer-encoding: gzip, chunked", ":empty-name", "X-Del: a\u007fb"};

    @Test
    void plainAndNettyReadEveryStreamTheSame() {
        Random r = new Random(20261128);
        int plain = 0, plainChunked = 0, messages = 0;
        for (int i = 0; i < 6000; i++) {
            boolean requests = r.nextBoolean();
            // Whether the next response answers HEAD: fixed, or (as when a request arrives between two calls) changing.
            int answersHead = requests ? 0 : r.nextInt(8) == 0 ? 1 : r.nextInt(8) == 0 ? 2 : 0;
            byte[] stream = stream(r, requests);
            long seed = r.nextLong();
            Run withPlain = run(stream, requests, answersHead, true, new Random(seed));
            Run nettyOnly = run(stream, requests, answersHead, false, new Random(seed));
            assertEquals(nettyOnly.steps, withPlain.steps, () -> "stream " + shown(stream));
            plain += withPlain.plain;
            plainChunked += withPlain.plainChunked;
            messages += (int) withPlain.steps.stream().filter(s -> s.startsWith("decoded")).count();
        }
        // The comparison means something only if both readings were taken often.
        assertTrue(plain > 3000, "messages read without Netty: " + plain + " chunked " + plainChunked + " of " + messages);
        assertTrue(plainChunked > 500, "chunked messages read without Netty: " + plainChunked);
        assertTrue(messages - plain > 1000, "messages Netty read: " + (messages - plain) + " of " + messages);
    }

    @Test
    void plainMessagesAreReadWithoutNetty() {
        String soap = "POST /soap/Bench HTTP/1.1\r\nContent-Type: text/xml; charset=UTF-8\r\nSOAPAction: \"\"\r\nContent-Length: 5\r\n"
                + "Host: localhost:8080\r\n\r\n<a/>\n";
        Http1Framing f = new Http1Framing(true, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        byte[] b = (soap + soap).getBytes(StandardCharsets.ISO_8859_1);
        var first = (DecodeStep.Decoded<Http1Framing.Framed>) f.decode(ByteBuffer.wrap(b), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(soap.length(), first.consumed());
        assertEquals(5, first.message().bodyLength());
        assertEquals(soap.length() - 5, first.message().bodyOffset());
        assertEquals("text/xml; charset=UTF-8", first.message().head().headers().get("content-type"));
        assertEquals("/soap/Bench", ((HttpRequest) first.message().head()).uri());
        var second = (DecodeStep.Decoded<Http1Framing.Framed>) f.decode(ByteBuffer.wrap(b, soap.length(), soap.length()),
                soap.length(), InputState.ENDED);
        assertEquals(2L * soap.length(), second.message().end());
        assertEquals(2, f.plainMessages());

        // Its body not all there: the whole message's length asked for, nothing consumed, and the message in progress.
        Http1Framing g = new Http1Framing(true, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        var more = (DecodeStep.NeedMore<Http1Framing.Framed>) g.decode(ByteBuffer.wrap(b, 0, soap.length() - 2), 0,
                InputState.MORE_MAY_FOLLOW);
        assertEquals(soap.length(), more.atLeast());
        assertTrue(more.exact());
        assertTrue(g.inProgress());

        // Its head cut after the start line: at least one more byte asked for, in progress; read without Netty when whole.
        Http1Framing h = new Http1Framing(true, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        int cut = soap.indexOf("SOAPAction");
        var head = (DecodeStep.NeedMore<Http1Framing.Framed>) h.decode(ByteBuffer.wrap(b, 0, cut), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(cut + 1, head.atLeast());
        assertFalse(head.exact());
        assertTrue(h.inProgress());
        var whole = (DecodeStep.Decoded<Http1Framing.Framed>) h.decode(ByteBuffer.wrap(b, 0, soap.length()), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(soap.length(), whole.consumed());
        assertEquals(1, h.plainMessages());
    }

    @Test
    void plainChunksAreReadWithoutNetty() {
        String head = "HTTP/1.1 200 OK\r\nContent-Type: text/xml;charset=UTF-8\r\nTransfer-Encoding: chunked\r\n\r\n";
        String chunked = head + "5\r\n<a>x<\r\nA\r\n/a><b/><c>\r\n4\r\n</c>\r\n0\r\n\r\n";
        byte[] b = (chunked + chunked).getBytes(StandardCharsets.ISO_8859_1);
        Http1Framing f = new Http1Framing(false, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        var first = (DecodeStep.Decoded<Http1Framing.Framed>) f.decode(ByteBuffer.wrap(b), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(chunked.length(), first.consumed());
        assertEquals("<a>x</a><b/><c></c>", new String(first.message().bodyArray(), 0, first.message().bodyLength(), StandardCharsets.ISO_8859_1));
        assertEquals(head.length(), first.message().bodyOffset());
        assertTrue(first.message().chunked());
        assertEquals(1, f.plainMessages());
        assertEquals(1, f.plainChunkedMessages());

        // Cut inside its chunks: nothing consumed, at least one more byte asked for, the message in progress; then whole.
        Http1Framing g = new Http1Framing(false, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        for (int cut = head.length(); cut < chunked.length(); cut++) {
            var more = (DecodeStep.NeedMore<Http1Framing.Framed>) g.decode(ByteBuffer.wrap(b, 0, cut), 0, InputState.MORE_MAY_FOLLOW);
            assertEquals(cut + 1, more.atLeast(), "cut at " + cut);
            assertFalse(more.exact());
            assertTrue(g.inProgress());
        }
        var whole = (DecodeStep.Decoded<Http1Framing.Framed>) g.decode(ByteBuffer.wrap(b, 0, chunked.length()), 0, InputState.MORE_MAY_FOLLOW);
        assertEquals(19, whole.message().bodyLength());
        assertEquals(1, g.plainMessages());

        // A trailer field: Netty reads the message.
        String trailer = head + "5\r\n<a/>x\r\n0\r\nX-T: 1\r\n\r\n";
        Http1Framing t = new Http1Framing(false, DecoderLimits.DEFAULT, () -> false, new BufferPool(1 << 20));
        var read = (DecodeStep.Decoded<Http1Framing.Framed>) t.decode(ByteBuffer.wrap(trailer.getBytes(StandardCharsets.ISO_8859_1)), 0,
                InputState.ENDED);
        assertEquals(trailer.length(), read.consumed());
        assertEquals(5, read.message().bodyLength());
        assertEquals(0, t.plainMessages());
    }

    private record Run(List<String> steps, int plain, int plainChunked) {
    }

    /**
     * The stream given as a stream driver gives it: the bytes there so far, from the next message's start.
     *
     * @param answersHead 0: no response answers HEAD, 1: every one does, 2: it changes from call to call
     */
    private static Run run(byte[] stream, boolean requests, int answersHead, boolean plain, Random r) {
        DecoderLimits limits = r.nextInt(4) == 0 ? new DecoderLimits(64 << 20, 256, 1_000_000, 256, 16 << 20, 96, 6) : DecoderLimits.DEFAULT;
        boolean[] head = {answersHead == 1};
        Http1Framing f = new Http1Framing(requests, limits, () -> head[0], new BufferPool(1 << 20), plain);
        List<String> steps = new ArrayList<>();
        int offset = 0, there = Math.min(stream.length, 1 + r.nextInt(200));
        for (int calls = 0; calls < 10_000; calls++) {
            boolean ended = there == stream.length;
            ByteBuffer in = r.nextBoolean() ? ByteBuffer.wrap(stream, offset, there - offset)
                    : ByteBuffer.wrap(Arrays.copyOfRange(stream, offset, there));
            if (r.nextBoolean() && in.hasRemaining()) {   // a view that starts inside its array
                byte[] padded = new byte[in.remaining() + 7];
                in.duplicate().get(padded, 7, in.remaining());
                in = ByteBuffer.wrap(padded, 7, in.remaining()).slice();
            }
            if (answersHead == 2) head[0] = r.nextBoolean();
            DecodeStep<Http1Framing.Framed> step = f.decode(in, offset, ended ? InputState.ENDED : InputState.MORE_MAY_FOLLOW);
            steps.add(describe(step) + " | in progress " + f.inProgress());
            if (step instanceof DecodeStep.Decoded<Http1Framing.Framed> d) {
                f.recycle(d.message());
                offset += d.consumed();
                if (offset == stream.length) break;
                continue;
            }
            if (ended || step instanceof DecodeStep.Malformed) break;
            int atLeast = ((DecodeStep.NeedMore<Http1Framing.Framed>) step).atLeast();
            there = r.nextBoolean() ? Math.min(stream.length, Math.max(there + 1, offset + atLeast))
                    : Math.min(stream.length, there + 1 + r.nextInt(300));
        }
        return new Run(steps, f.plainMessages(), f.plainChunkedMessages());
    }

    private static String describe(DecodeStep<Http1Framing.Framed> step) {
        if (step instanceof DecodeStep.NeedMore<Http1Framing.Framed> m) return "need " + m.atLeast() + (m.exact() ? " exactly" : " at least");
        if (step instanceof DecodeStep.Malformed<Http1Framing.Framed> m) return "malformed " + m.failure().describe();
        var d = (DecodeStep.Decoded<Http1Framing.Framed>) step;
        Http1Framing.Framed f = d.message();
        return "decoded " + d.consumed() + ": " + f.start() + ".." + f.end() + " body " + f.bodyLength() + " at " + f.bodyOffset()
                + " " + Arrays.hashCode(Arrays.copyOf(f.bodyArray(), f.bodyLength())) + " interim " + f.interim() + " chunked "
                + f.chunked() + " bad " + f.badHeaders() + " head " + head(f.head());
    }

    private static String head(HttpMessage m) {
        StringBuilder s = new StringBuilder(m.protocolVersion().text());
        if (m instanceof HttpRequest q) s.append(' ').append(q.method().name()).append(' ').append(q.uri());
        if (m instanceof HttpResponse p) s.append(' ').append(p.status().code()).append(' ').append(p.status().reasonPhrase());
        for (Map.Entry<String, String> e : m.headers()) s.append(" [").append(e.getKey()).append(": ").append(e.getValue()).append(']');
        return s.toString();
    }

    /**
     * Chunk forms that are not plain, but for the first two (upper-case hex digits, leading zeros) and the last zeros:
     * an extension, a space after the size, a size of 8 digits, a bare LF after the size or the data, bytes after the
     * data, a trailer field, an extension on the last chunk, a bare LF after it.
     */
    private static final String[] CHUNK_ODDITIES = {"upper", "zeros", "extension", "space", "8 digits", "LF after size",
            "LF after data", "bytes after data", "last zeros", "trailer", "last extension", "LF after last"};

    /** One to five messages, most of them plain. */
    private static byte[] stream(Random r, boolean requests) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int n = 1 + r.nextInt(5);
        for (int i = 0; i < n; i++) {
            boolean odd = r.nextInt(3) == 0;
            String eol = odd && r.nextInt(6) == 0 ? "\n" : "\r\n";
            StringBuilder head = new StringBuilder();
            if (odd && r.nextInt(8) == 0) head.append("\r\n");
            String sp = odd && r.nextInt(6) == 0 ? "  " : " ";
            if (requests) {
                head.append(odd ? pick(r, METHODS) : "POST").append(sp).append(odd ? pick(r, TARGETS) : "/soap/Bench").append(sp)
                        .append(odd ? pick(r, VERSIONS) : "HTTP/1.1");
            } else {
                head.append(odd && r.nextInt(4) == 0 ? "HTTP/1.0" : "HTTP/1.1").append(sp).append(odd ? pick(r, STATUS) : "200 OK");
            }
            head.append(eol);
            int fields = r.nextInt(7);
            for (int k = 0; k < fields; k++) head.append(odd ? pick(r, FIELDS) : pick(r, Arrays.copyOf(FIELDS, 12))).append(eol);
            if (!odd && r.nextInt(4) == 0) head.append(r.nextBoolean() ? "Transfer-Encoding: chunked" : "transfer-encoding:Chunked ").append(eol);
            byte[] body = new byte[r.nextInt(4) == 0 ? 0 : r.nextInt(r.nextBoolean() ? 40 : 3000)];
            r.nextBytes(body);
            boolean chunked = head.toString().toLowerCase(java.util.Locale.ROOT).contains("chunked");
            int lengths = chunked ? (odd && r.nextInt(3) == 0 ? 1 : 0) : odd && r.nextInt(5) == 0 ? 0 : odd && r.nextInt(8) == 0 ? 2 : 1;
            for (int k = 0; k < lengths; k++) {
                String value = odd && r.nextInt(6) == 0 ? pick(r, new String[]{"+" + body.length, "0" + body.length,
                        body.length + ", " + body.length, " " + body.length + " ", "x", "99999999999999999999", "-1"}) : "" + body.length;
                head.append(r.nextBoolean() ? "Content-Length: " : "content-length:").append(value).append(eol);
            }
            head.append(eol);
            out.writeBytes(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (chunked) {
                // Chunks as most senders write them, and (in an odd message) one of the forms plain chunks are not.
                int oddity = odd ? r.nextInt(CHUNK_ODDITIES.length + 3) : CHUNK_ODDITIES.length;
                int at = 0;
                while (at < body.length) {
                    int c = Math.min(body.length - at, 1 + r.nextInt(1000));
                    String size = Integer.toHexString(c);
                    if (oddity == 0) size = size.toUpperCase();
                    if (oddity == 1) size = "00" + size;
                    if (oddity == 2 && r.nextBoolean()) size += ";ext=1";
                    if (oddity == 3 && r.nextBoolean()) size += " ";
                    if (oddity == 4) size = String.format("%08x", c);
                    out.writeBytes((size + (oddity == 5 && r.nextBoolean() ? "\n" : "\r\n")).getBytes(StandardCharsets.ISO_8859_1));
                    out.write(body, at, c);
                    out.writeBytes((oddity == 6 && r.nextBoolean() ? "\n" : oddity == 7 && r.nextBoolean() ? "xx\r\n" : "\r\n")
                            .getBytes(StandardCharsets.ISO_8859_1));
                    at += c;
                }
                String last = oddity == 8 ? "000\r\n\r\n" : oddity == 9 ? "0\r\nX-Trailer: t\r\n\r\n" : oddity == 10 ? "0;e\r\n\r\n"
                        : oddity == 11 ? "0\r\n\n" : "0\r\n\r\n";
                out.writeBytes(last.getBytes(StandardCharsets.ISO_8859_1));
            } else {
                out.writeBytes(body);
            }
        }
        return out.toByteArray();
    }

    /** The stream's first 600 bytes, each byte outside printable ASCII escaped. */
    private static String shown(byte[] stream) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(stream.length, 600); i++) {
            int b = stream[i] & 0xff;
            s.append(b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : b == '\n' ? "\\n\n" : b == '\r' ? "\\r" : String.format("\\x%02x", b));
        }
        return s + (stream.length > 600 ? "... (" + stream.length + " bytes)" : "");
    }

    private static String pick(Random r, String[] a) {
        return a[r.nextInt(a.length)];
    }
}
