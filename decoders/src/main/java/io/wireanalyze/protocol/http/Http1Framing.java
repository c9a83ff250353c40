package io.wireanalyze.protocol.http;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseDecoder;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.tcp.BufferPool;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * HTTP/1.x framing of one direction with Netty's {@code HttpObjectDecoder}, fed the reassembled stream without a
 * channel: where each message starts and ends, its head, and its de-chunked body. A plain message that is all there
 * (most are) is read in one pass by {@link PlainHead} instead, to the same head and body Netty would give; Netty reads
 * the rest, from the message's first byte. Content-Length and chunked bodies,
 * keep-alive and pipelining, interim (1xx) responses folded into the final one, a response body that runs to the
 * end of the stream. Bounded by {@link DecoderLimits}: start line and header block ({@code maxHeaderBytes}), header
 * count, body size ({@code maxMessageBytes}); each overflow is a failure naming the limit.
 * <p>
 * Netty keeps its own parse state, so the bytes it has consumed are not fed again: decoding resumes at
 * {@code consumedUpTo} each time the driver offers the message's bytes, and a message found complete is returned
 * with its length from its first byte.
 * <p>
 * A damaged header field (a NUL or other control byte in it, no colon, a name that is no token: what a damaged
 * capture from the field has) does not cost the message, as it would in Netty, which rejects the whole message: each
 * header line is checked before Netty sees it, and a bad one is fed to Netty as a placeholder field of the same length
 * (dashes and a colon; a line of one byte cannot be one, and fails the message as before) that is then dropped, so the start line, the other fields and the body are read as they are, the
 * offsets stay the stream's, and the message notes the line ({@link Framed#badHeaders()}), as tshark reads such a
 * message and flags it.
 */
final class Http1Framing {

    /**
     * One complete message.
     *
     * @param start      stream offset of its first byte
     * @param end        stream offset after its last byte
     * @param head       its start line and header fields (the final response's, for a response)
     * @param bodyArray  the body, de-chunked, in its first {@code bodyLength} bytes: an array of the session's pool,
     *                   read only until {@link #recycle} gives it back
     * @param bodyLength the body's length
     * @param bodyOffset stream offset where the body starts, after the header block (its first chunk size line, when
 *                   chunked); the end when it has none
     * @param interim    interim (1xx) responses before the final one
     * @param chunked    the body came in chunks
     * @param badHeaders the header lines that were not read, each with why (empty when none)
     */
    record Framed(long start, long end, HttpMessage head, byte[] bodyArray, int bodyLength, long bodyOffset, int interim,
                  boolean chunked, List<String> badHeaders) {
        long headerBytes() {
            return end - start - bodyLength;
        }

        /** The body, from position 0 to its length (the array may be longer). */
        ByteBuffer body() {
            return ByteBuffer.wrap(bodyArray, 0, bodyLength);
        }
    }

    /** Netty's decoders with their decode step reachable: no channel, no context, no I/O. */
    private interface Feed {
        void feed(ByteBuf in, List<Object> out) throws Exception;
    }

    private static final class Requests extends HttpRequestDecoder implements Feed {
        Requests(HttpDecoderConfig config) {
            super(config);
        }

        @Override
        public void feed(ByteBuf in, List<Object> out) throws Exception {
            decode(null, in, out);
        }
    }

    private static final class Responses extends HttpResponseDecoder implements Feed {
        private final BooleanSupplier answersHead;

        Responses(HttpDecoderConfig config, BooleanSupplier answersHead) {
            super(config);
            this.answersHead = answersHead;
        }

        @Override
        public void feed(ByteBuf in, List<Object> out) throws Exception {
            decode(null, in, out);
        }

        /** A response to HEAD has no body whatever its Content-Length says (RFC 9110 9.3.2). */
        @Override
        protected boolean isContentAlwaysEmpty(HttpMessage msg) {
            if (msg instanceof HttpResponse r && r.status().code() >= 200 && answersHead.getAsBoolean()) return true;
            return super.isContentAlwaysEmpty(msg);
        }
    }

    private final boolean requests;
    private final DecoderLimits limits;
    private final BooleanSupplier answersHead;
    private final String field;
    /** Whether plain messages are read by {@link PlainHead} (false: Netty reads every message; the tests compare the two). */
    private final boolean plain;
    private Feed netty;
    private long consumedUpTo = -1;
    // The message in progress.
    private long start = -1;
    private HttpMessage head;
    /**
     * The body read so far ({@code bodyLength} bytes of it), in an array of the session's pool ({@link #pool}): grown
     * to hold what the stream has in hand of a Content-Length body (never past the length declared, nor past the bytes
     * there: a damaged or hostile length, on each of thousands of connections, holds no memory its bytes do not fill),
     * handed on as it is with its length, and given back to the pool once the message is decoded ({@link #recycle}).
     */
    private byte[] body = EMPTY;
    /** The current message's Content-Length when its body is not chunked, else -1. */
    private long declared = -1;
    private int bodyLength;
    private long headerEnd = -1;
    private int interim;
    private boolean upgraded;
    /** The current message's header lines not read, and the stream offset up to which its head was checked. */
    private List<String> badHeaders = new ArrayList<>();
    private long checkedUpTo = -1;
    /** Where the head being read starts: the message's start, or after its interim responses. */
    private long headStart = -1;
    /**
     * A plain message's head was read at {@code start} and its body is not all there yet: nothing is consumed, the head
     * is read again when the body is (as Netty, holding the head, would say the message is in progress), as it was read
     * the first time: a response as answering HEAD or not as it was then ({@code deferredAnswersHead}), as Netty decides
     * it once, when it reads the head.
     */
    private boolean deferred, deferredAnswersHead;
    /** A plain message's start line and some of its header lines were read at {@code start}, not the whole head. */
    private boolean headDeferred;
    /**
     * Netty's decoder was fed since it was made or last ended a message: it may hold state from bytes it did not consume
     * (a start line begun), so it is made again before it reads a message after one {@link PlainHead} read.
     */
    private boolean nettyFed;
    /**
     * Netty's decoder ended a 101 response: it may have switched to passing the bytes through, as the next message
     * would tell; Netty reads everything after it.
     */
    private boolean nettyOnly;
    /** Messages {@link PlainHead} read, and of them those with a chunked body (for the tests: that the plain path is taken). */
    private int plainMessages, plainChunkedMessages;

    /** Bytes of the stream Netty has not consumed yet, after the feed whose objects {@link #take} handles. */
    private int unread;
    /** The data length of plain chunks ({@link PlainHead#chunks}), found. */
    private final long[] chunkData = new long[1];

    private static final byte[] EMPTY = new byte[0];
    /**
     * Where body arrays come from and go back to: the connection's pool (its analyzer's, as the stream driver's
     * buffers). A body is read while its message is decoded, and no body decoder keeps a view of it (they decode the
     * stream driver's pooled buffers the same way): once {@link HttpSession} has its message, the array is taken again
     * by the next body, instead of a new array made, grown and trimmed for each.
     */
    private final BufferPool pool;

    /**
     * @param answersHead for responses: whether the next response answers a HEAD request
     * @param pool        where body arrays come from and go back to
     */
    Http1Framing(boolean requests, DecoderLimits limits, BooleanSupplier answersHead, BufferPool pool) {
        this(requests, limits, answersHead, pool, true);
    }

    /** @param plain whether plain messages are read without Netty ({@link PlainHead}) */
    Http1Framing(boolean requests, DecoderLimits limits, BooleanSupplier answersHead, BufferPool pool, boolean plain) {
        this.plain = plain;
        this.requests = requests;
        this.pool = pool;
        this.limits = limits;
        this.answersHead = answersHead;
        this.field = requests ? "http.request" : "http.response";
    }

    /** Whether a message has begun and is not complete yet. */
    boolean inProgress() {
        return head != null || deferred || headDeferred || (start >= 0 && consumedUpTo > start);
    }

    /** Messages read without Netty ({@link PlainHead}) so far. */
    int plainMessages() {
        return plainMessages;
    }

    /** Of {@link #plainMessages()}, those with a chunked body. */
    int plainChunkedMessages() {
        return plainChunkedMessages;
    }

    /** Whether a 101 response switched the connection to another protocol. */
    boolean upgraded() {
        return upgraded;
    }

    void upgrade() {
        upgraded = true;
    }

    DecodeStep<Framed> decode(ByteBuffer in, long offset, InputState state) {
        if (upgraded) return new DecodeStep.Malformed<>(offset, field, "after 101 Switching Protocols the connection is not HTTP/1.x (not decoded)");
        // A fresh start unless the bytes given continue what was read: from the message's start, or (none in progress)
        // right after the last one. A message in progress whose start the caller no longer holds (given up at the end
        // of its direction, and more bytes captured after that) is not resumed: it would end before the bytes given.
        if (consumedUpTo < offset || (start != offset && (consumedUpTo != offset || inProgress())) || consumedUpTo > offset + in.remaining())
            restart(offset);
        if (start < 0) start = offset;
        if (plain && !nettyOnly && head == null && interim == 0 && consumedUpTo == offset && start == offset && in.hasArray()) {
            DecodeStep<Framed> step = plain(in, offset);
            if (step != null) return step;
        }
        ByteBuffer rest = in.duplicate();
        rest.position(in.position() + (int) (consumedUpTo - offset));
        if (head == null) rest = withBadHeadersReplaced(in, offset, rest);
        if (netty == null) newNetty();
        ByteBuf buf = Unpooled.wrappedBuffer(rest);
        List<Object> out = new ArrayList<>(4);
        try {
            while (true) {
                int before = buf.readerIndex();
                out.clear();
                nettyFed = true;
                netty.feed(buf, out);
                consumedUpTo += buf.readerIndex() - before;
                unread = buf.readableBytes();
                for (int i = 0; i < out.size(); i++) {
                    DecodeStep<Framed> step = take(out.get(i), offset);
                    if (step != null) {
                        for (int k = i + 1; k < out.size(); k++) ReferenceCountUtil.release(out.get(k));
                        return step;
                    }
                }
                if (buf.readerIndex() == before && out.isEmpty()) break;
            }
        } catch (Exception e) {
            // Netty reports malformed input in decoder results; anything thrown is a fault of ours, said plainly.
            return malformed(consumedUpTo, field, "the HTTP decoder failed: " + e);
        }
        if (state == InputState.ENDED && head != null && !requests && HttpUtil.getContentLength(head, -1L) < 0
                && !HttpUtil.isTransferEncodingChunked(head)) {
            return complete(offset);   // a response body delimited by the end of the stream (RFC 9112 6.3)
        }
        long length = head == null ? -1 : HttpUtil.getContentLength(head, -1L);
        if (head != null && length >= 0 && !HttpUtil.isTransferEncodingChunked(head))
            return new DecodeStep.NeedMore<>((int) Math.min(Integer.MAX_VALUE, consumedUpTo - offset + (length - bodyLength)));
        return DecodeStep.NeedMore.lowerBound(in.remaining() + 1);
    }

    /**
     * The message at {@code offset} when it is plain ({@link PlainHead}), none of it consumed yet: decoded, malformed
     * (the same checks of the head as for Netty's), or more bytes needed for its body (its whole length, as Netty holding
     * the head asks, at the end of the stream too); null when it is not plain, for Netty to read.
     */
    private DecodeStep<Framed> plain(ByteBuffer in, long offset) {
        byte[] a = in.array();
        int from = in.arrayOffset() + in.position();
        boolean answers = !requests && (deferred ? deferredAnswersHead : answersHead.getAsBoolean());
        PlainHead.Head h = PlainHead.read(a, from, from + in.remaining(), requests, limits.maxHeaderBytes(), answers);
        if (h == null) return null;
        if (h == PlainHead.MORE) {
            // The head not all there: at least one more byte asked for, as Netty (holding its lines so far) asks. Whether
            // a response answers HEAD is asked when its head is complete, as Netty asks.
            headDeferred = true;
            return DecodeStep.NeedMore.lowerBound(in.remaining() + 1);
        }
        DecodeStep<Framed> bad = checkHead(h.message(), h.contentLength());
        if (bad != null) return bad;
        long total;
        int n;
        if (h.chunked()) {
            // Chunks not all there yet: at least one more byte asked for, as Netty (holding the head) asks for a chunked body.
            int end = PlainHead.chunks(a, from + h.length(), from + in.remaining(), limits.maxMessageBytes(), chunkData);
            if (end == PlainHead.NOT_PLAIN) return null;
            if (end == PlainHead.INCOMPLETE) {
                deferred = true;
                deferredAnswersHead = answers;
                return DecodeStep.NeedMore.lowerBound(in.remaining() + 1);
            }
            total = end - from;
            n = (int) chunkData[0];
        } else {
            total = h.length() + h.contentLength();
            if (total > in.remaining()) {
                deferred = true;
                deferredAnswersHead = answers;
                return new DecodeStep.NeedMore<>((int) Math.min(Integer.MAX_VALUE, total));
            }
            n = (int) h.contentLength();
        }
        head = h.message();
        headerEnd = offset + h.length();
        consumedUpTo = offset + total;
        if (n > 0) {
            body = pool.take(n);
            if (h.chunked()) PlainHead.copyChunks(a, from + h.length(), body);
            else System.arraycopy(a, from + h.length(), body, 0, n);
            bodyLength = n;
        }
        plainMessages++;
        if (h.chunked()) plainChunkedMessages++;
        if (nettyFed) {
            netty = null;
            nettyFed = false;
        }
        return complete(offset);
    }

    /**
     * The bytes to feed Netty from {@code consumedUpTo} while the head is being read: as they are, or a copy in which
     * every complete header line Netty would reject is a placeholder of the same length ({@code ----:}), noted.
     * Only whole lines are checked, and Netty takes only whole header lines, so it never sees a bad one.
     */
    private ByteBuffer withBadHeadersReplaced(ByteBuffer in, long offset, ByteBuffer rest) {
        int base = in.position();
        long end = offset + in.remaining();
        long lineStart = headStart;
        boolean startLine = true;
        ByteBuffer copy = null;
        while (lineStart < end && lineStart - headStart <= limits.maxHeaderBytes()) {
            long lf = -1;
            for (long i = lineStart; i < end; i++) {
                if (in.get(base + (int) (i - offset)) == '\n') {
                    lf = i;
                    break;
                }
            }
            if (lf < 0) break;                                            // an incomplete line: Netty waits for it too
            long contentEnd = lf > lineStart && in.get(base + (int) (lf - 1 - offset)) == '\r' ? lf - 1 : lf;
            if (contentEnd == lineStart) {
                if (!startLine) break;                                    // the blank line: the head is over
                lineStart = lf + 1;                                       // empty lines before the start line
                continue;
            }
            if (startLine) {
                startLine = false;
            } else if (lineStart >= checkedUpTo) {
                String why = badHeaderLine(in, base + (int) (lineStart - offset), (int) (contentEnd - lineStart));
                int room = (int) (contentEnd - lineStart);                 // the line without its CRLF (Netty wants the CR)
                if (why != null && room >= 2 && lineStart >= consumedUpTo) {
                    if (copy == null) {
                        copy = ByteBuffer.allocate(rest.remaining());
                        copy.put(rest.duplicate()).flip();
                    }
                    int at = (int) (lineStart - consumedUpTo);
                    for (int k = 0; k < room - 1; k++) copy.put(at + k, (byte) '-');
                    copy.put(at + room - 1, (byte) ':');
                    badHeaders.add(why);
                }
                checkedUpTo = lf + 1;
            }
            lineStart = lf + 1;
        }
        return copy != null ? copy : rest;
    }

    /** Why Netty would reject this header line ({@code length} bytes at {@code p}, without its CRLF), or null. */
    private static String badHeaderLine(ByteBuffer in, int p, int length) {
        int first = in.get(p) & 0xff;
        if (first == ' ' || first == '\t') return null;                   // a folded continuation line: Netty's to judge
        int colon = -1, control = -1, controls = 0;
        for (int i = 0; i < length; i++) {
            int b = in.get(p + i) & 0xff;
            if (b == ':' && colon < 0) colon = i;
            if ((b < 0x20 && b != '\t') || b == 0x7f) {
                if (control < 0) control = i;
                controls++;
            }
        }
        if (control >= 0) {
            int b = in.get(p + control) & 0xff;
            return line(in, p, length, colon) + "): " + (b == 0 ? "NUL" : String.format("control byte 0x%02x", b)) + " at byte "
                    + control + (controls > 1 ? " and " + (controls - 1) + " more" : "") + " (expected: no control bytes in a field); not read";
        }
        if (colon < 0) return line(in, p, length, colon) + ", " + hex(in, p, length) + "): no colon (expected: name: value); not read";
        for (int i = 0; i < colon; i++) {
            if (!tchar(in.get(p + i) & 0xff))
                return line(in, p, length, colon) + "): name byte " + String.format("0x%02x", in.get(p + i) & 0xff) + " at byte " + i
                        + " (expected: a token, RFC 9110 5.1); not read";
        }
        if (colon == 0) return line(in, p, length, colon) + "): an empty name (expected: name: value); not read";
        return null;
    }

    /** How a bad header line is named in its reason: by its field name when printable (made only for a bad line). */
    private static String line(ByteBuffer in, int p, int length, int colon) {
        String name = colon > 0 && colon <= 64 ? printable(in, p, colon) : null;
        return (name != null ? "header " + name : "header line") + " (" + length + " bytes";
    }

    /** RFC 9110 5.6.2: the characters of a token (a field name). */
    static boolean tchar(int b) {
        return TCHAR[b];
    }

    /** {@link #tchar} by byte value, looked up once per name byte of every header line. */
    private static final boolean[] TCHAR = new boolean[256];

    static {
        for (int b = 0; b < 256; b++)
            TCHAR[b] = (b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') || "!#$%&'*+-.^_`|~".indexOf(b) >= 0;
    }

    private static String printable(ByteBuffer in, int p, int n) {
        StringBuilder s = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            int b = in.get(p + i) & 0xff;
            if (b < 0x21 || b > 0x7e) return null;
            s.append((char) b);
        }
        return s.toString();
    }

    private static String hex(ByteBuffer in, int p, int n) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < Math.min(n, 16); i++) s.append(String.format("%02x", in.get(p + i) & 0xff));
        return s + (n > 16 ? "..." : "");
    }

    /** Handles one object Netty decoded; a step to return when the message is complete or malformed, else null. */
    private DecodeStep<Framed> take(Object o, long offset) {
        try {
            if (o instanceof HttpMessage m) {
                DecodeStep<Framed> bad = failed(m.decoderResult(), start);
                if (bad != null) return bad;
                long length = HttpUtil.getContentLength(m, -1L);
                bad = checkHead(m, length);
                if (bad != null) return bad;
                if (!badHeaders.isEmpty()) {
                    for (String n : List.copyOf(m.headers().names()))
                        if (n.chars().allMatch(c -> c == '-')) m.headers().remove(n);   // the placeholders of bad lines
                }
                head = m;
                headerEnd = consumedUpTo;   // Netty returns right after the header block
                declared = HttpUtil.isTransferEncodingChunked(m) ? -1 : length;
            }
            if (o instanceof HttpContent c) {
                DecodeStep<Framed> bad = failed(c.decoderResult(), consumedUpTo);
                if (bad != null) return bad;
                int n = c.content().readableBytes();
                if (n > 0) {
                    if ((long) bodyLength + n > limits.maxMessageBytes())
                        return malformed(start, "http.content", "a body of more than " + limits.maxMessageBytes()
                                + " bytes (expected: <= " + limits.maxMessageBytes() + ", the message size limit, --max-message-bytes)");
                    if (bodyLength + n > body.length) {
                        long needed = (long) bodyLength + n;
                        // A Content-Length body: as much of it as the stream holds now (often all); chunked: doubled.
                        long grown = declared >= needed ? needed + Math.min(declared - needed, unread) : Math.max(body.length * 2L, needed);
                        byte[] bigger = pool.take((int) Math.min(grown, limits.maxMessageBytes()));
                        System.arraycopy(body, 0, bigger, 0, bodyLength);
                        if (body != EMPTY) pool.give(body);
                        body = bigger;
                    }
                    c.content().getBytes(c.content().readerIndex(), body, bodyLength, n);
                    bodyLength += n;
                }
                if (o instanceof LastHttpContent) {
                    if (head instanceof HttpResponse r && r.status().code() / 100 == 1 && r.status().code() != 101) {
                        interim++;      // 100 Continue, 103 Early Hints: the exchange goes on
                        head = null;
                        headStart = consumedUpTo;
                        return null;
                    }
                    nettyFed = false;   // Netty's decoder starts afresh after a message it ends
                    if (head instanceof HttpResponse r && r.status().code() == 101) nettyOnly = true;
                    return complete(offset);
                }
            }
            if (o instanceof ByteBuf) upgraded = true;   // Netty passes the bytes after a protocol switch through
            return null;
        } finally {
            ReferenceCountUtil.release(o);
        }
    }

    /**
     * A head past the header count limit, or with a Content-Length ({@code length}, negative or 0 for none) past the
     * message size limit: malformed; else null.
     */
    private DecodeStep<Framed> checkHead(HttpMessage m, long length) {
        if (m.headers().size() > limits.maxHeaderCount())
            return malformed(start, field + ".header", m.headers().size() + " header fields (expected: <= "
                    + limits.maxHeaderCount() + ", the header count limit)");
        if (length > limits.maxMessageBytes())
            return malformed(start, "http.content_length", length + " (expected: <= " + limits.maxMessageBytes()
                    + ", the message size limit, --max-message-bytes)");
        return null;
    }

    /**
     * Gives the body's array of a message {@link #decode} returned back to the pool: called when nothing reads it any
     * more (its message made, no view of it kept).
     */
    void recycle(Framed f) {
        if (f.bodyArray() != EMPTY) pool.give(f.bodyArray());
    }

    private DecodeStep<Framed> complete(long offset) {
        if (head == null) return malformed(start, field, "a message without a start line");
        // The body's array is handed on as it is, with its length; the next message takes another (clearMessage), and
        // this one goes back to the pool when the message is decoded (recycle).
        Framed f = new Framed(start, consumedUpTo, head, body, bodyLength, bodyLength == 0 ? consumedUpTo : headerEnd, interim,
                HttpUtil.isTransferEncodingChunked(head), badHeaders.isEmpty() ? List.of() : List.copyOf(badHeaders));
        body = EMPTY;
        long length = consumedUpTo - offset;
        clearMessage(consumedUpTo);
        return new DecodeStep.Decoded<>(f, (int) length);
    }

    private DecodeStep<Framed> failed(DecoderResult result, long at) {
        if (result == null || !result.isFailure()) return null;
        Throwable cause = result.cause();
        String why = cause.getMessage() != null ? cause.getMessage() : cause.getClass().getSimpleName();
        if (cause instanceof io.netty.handler.codec.TooLongFrameException)
            why += " (expected: <= " + limits.maxHeaderBytes() + " bytes, the header size limit)";
        return malformed(at, field, why);
    }

    private DecodeStep<Framed> malformed(long at, String what, String reason) {
        restart(-1);
        return new DecodeStep.Malformed<>(new Failure(at, what, reason));
    }

    /** A fresh decoder at {@code offset} (after a gap, a resynchronisation, or malformed input). */
    private void restart(long offset) {
        netty = null;   // made when first fed: a connection of plain messages never needs one
        nettyFed = false;
        nettyOnly = false;
        consumedUpTo = offset;
        clearMessage(offset);
    }

    /** Netty's decoder, made when a message is first left to it. */
    private void newNetty() {
        HttpDecoderConfig config = new HttpDecoderConfig()
                .setMaxInitialLineLength(limits.maxHeaderBytes())
                .setMaxHeaderSize(limits.maxHeaderBytes())
                .setMaxChunkSize(64 << 10);
        netty = requests ? new Requests(config) : new Responses(config, answersHead);
        nettyFed = false;
    }

    /** No message in progress; the next starts at {@code next}. */
    private void clearMessage(long next) {
        start = next;
        head = null;
        if (body != EMPTY) pool.give(body);   // a message given up: its body was never handed on
        body = EMPTY;
        declared = -1;
        bodyLength = 0;
        headerEnd = -1;
        interim = 0;
        if (!badHeaders.isEmpty()) badHeaders = new ArrayList<>();   // an empty list was never handed on: kept
        checkedUpTo = -1;
        headStart = next;
        deferred = false;
        headDeferred = false;
    }
}
