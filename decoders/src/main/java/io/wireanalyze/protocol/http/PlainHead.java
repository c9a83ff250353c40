package io.wireanalyze.protocol.http;

import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.AsciiString;

import java.nio.charset.StandardCharsets;

/**
 * The head of a plain HTTP/1.x message, read in one pass over the bytes, where Netty's {@code HttpObjectDecoder} is
 * fed them line by line: most messages of a capture are plain, and Netty's decoder, with the check of every header
 * line before it, was 8 to 12% of an analysis' samples on HTTP-heavy captures.
 * <p>
 * Plain means what this reader can tell Netty would read the same way, to the same message: a request line of a token
 * method, a target of visible ASCII and HTTP/1.0 or HTTP/1.1, each parted by one space; or a status line of
 * HTTP/1.0 or HTTP/1.1, three digits and a reason phrase; each line ended by CRLF; header fields of a token name, a colon
 * and a value of visible ASCII, spaces and tabs; a body framed by one Content-Length of digits alone, by one
 * Transfer-Encoding of {@code chunked} alone in an HTTP/1.1 message without a Content-Length (its chunks read by
 * {@link #chunks}), or no body (a request without one). The start line and the header block are within the header
 * size limit, as Netty counts them. Anything else is not plain and is left to Netty, which reads it as before, from the
 * message's first byte: another transfer coding, a second Content-Length or Transfer-Encoding, both, folded or damaged
 * lines, a bare LF, an interim (1xx), 204 or 304 response, a response to HEAD, a response delimited by the end of the
 * stream, WebSocket's old handshake fields, a start line not complete in the bytes given, and chunks that are not
 * plain ({@link #chunks}). A head cut after its start line is plain so far ({@link #MORE}): read again when more bytes
 * are there. {@code Http1FramingPlainTest} holds the two readings to the same steps and messages.
 */
final class PlainHead {

    /**
     * @param message       the start line and header fields, as Netty's decoder makes them
     * @param length        the head's bytes, up to and with the blank line that ends it
     * @param contentLength the body's length: its Content-Length, or 0 for a request without one; -1 for a chunked body
     */
    record Head(HttpMessage message, int length, long contentLength) {
        boolean chunked() {
            return contentLength < 0;
        }
    }

    /**
     * {@link #read}'s answer for a head that is plain so far but not complete in the bytes given: its start line and
     * every header line so far plain, within the header size limit however the rest goes. Netty would have taken those
     * lines and be waiting for the rest.
     */
    static final Head MORE = new Head(null, 0, 0);

    /** The fields are checked here as they are read: no second check by the header map. */
    private static final DefaultHttpHeadersFactory HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);

    private static final byte[] HTTP_1_ = "HTTP/1.".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CONTENT_LENGTH = "content-length".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRANSFER_ENCODING = "transfer-encoding".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNKED = "chunked".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] SEC_WEBSOCKET = "sec-websocket".getBytes(StandardCharsets.US_ASCII);

    private PlainHead() {
    }

    /**
     * The head of the message at {@code a[from]}, the bytes given ending at {@code to}; {@link #MORE} when it is plain
     * so far, its start line complete, and all of the bytes given within the header size limit; null when it is not
     * plain, or its start line is not complete (Netty reads it then).
     *
     * @param maxHeaderBytes the header size limit: of the start line, and of the header lines together (without their
     *                       CRLFs), as Netty's decoder was given it
     * @param answersHead    for a response: whether it answers a HEAD request
     */
    static Head read(byte[] a, int from, int to, boolean request, int maxHeaderBytes, boolean answersHead) {
        int cr = lineEnd(a, from, to);
        if (cr < 0 || cr == from || cr - from > maxHeaderBytes) return null;
        HttpMessage m;
        try {
            m = request ? requestLine(a, from, cr) : statusLine(a, from, cr);
        } catch (IllegalArgumentException e) {
            return null;   // what Netty's message would refuse too: its decoder says why
        }
        if (m == null) return null;
        HttpHeaders headers = m.headers();
        long contentLength = -1;
        boolean chunked = false;
        int headerBytes = 0;
        int p = cr + 2;
        while (true) {
            int e = lineEnd(a, p, to);
            if (e < 0) return to - from <= maxHeaderBytes && bareLf(a, p, to) < 0 ? MORE : null;
            if (e == p) {
                p += 2;
                break;
            }
            headerBytes += e - p;
            if (headerBytes > maxHeaderBytes) return null;
            int colon = p;
            while (colon < e && Http1Framing.tchar(a[colon] & 0xff)) colon++;
            if (colon == p || colon == e || a[colon] != ':') return null;
            int vs = colon + 1, ve = e;
            while (vs < ve && (a[vs] == ' ' || a[vs] == '\t')) vs++;
            while (ve > vs && (a[ve - 1] == ' ' || a[ve - 1] == '\t')) ve--;
            for (int i = vs; i < ve; i++) {
                int b = a[i];
                if ((b < 0x20 && b != '\t') || b == 0x7f || b < 0) return null;
            }
            int nameLength = colon - p;
            if (equalsLower(a, p, nameLength, CONTENT_LENGTH)) {
                if (contentLength >= 0) return null;
                contentLength = digits(a, vs, ve);
                if (contentLength < 0) return null;
            } else if (equalsLower(a, p, nameLength, TRANSFER_ENCODING)) {
                if (chunked || !equalsLower(a, vs, ve - vs, CHUNKED)) return null;
                chunked = true;
            } else if (startsLower(a, p, nameLength, SEC_WEBSOCKET)) {
                return null;
            }
            headers.add(new AsciiString(a, p, nameLength, true), ve == vs ? "" : new String(a, vs, ve - vs, StandardCharsets.ISO_8859_1));
            p = e + 2;
        }
        if (chunked && (contentLength >= 0 || m.protocolVersion() != HttpVersion.HTTP_1_1)) return null;
        if (!request) {
            int code = ((HttpResponse) m).status().code();
            if (code < 200 || code == 204 || code == 304 || answersHead || contentLength < 0 && !chunked) return null;
        }
        return new Head(m, p - from, chunked ? -1 : Math.max(contentLength, 0));
    }

    /** {@link #chunks}' answer for chunks that are plain so far but go on past the bytes given. */
    static final int INCOMPLETE = -1;
    /** {@link #chunks}' answer for chunks that are not plain: Netty reads the message. */
    static final int NOT_PLAIN = -2;

    /**
     * Where the chunks of a chunked body at {@code a[from]} end (after the last chunk's blank line), the bytes given
     * ending at {@code to}, with the length of their data in {@code data[0]}; or {@link #INCOMPLETE}, or
     * {@link #NOT_PLAIN}. Plain chunks are what Netty reads to the same body: each a size of 1 to 7 hex digits and
     * CRLF (no extension), its data and CRLF; the last a size of zeros, CRLF and CRLF (no trailer fields); their data
     * at most {@code maxData} bytes (past it Netty says why the message is refused). The data is jumped over, not read.
     */
    static int chunks(byte[] a, int from, int to, long maxData, long[] data) {
        int p = from;
        long total = 0;
        while (true) {
            int q = p;
            int size = 0;
            while (q < to && q - p < 7) {
                int d = hex(a[q]);
                if (d < 0) break;
                size = size << 4 | d;
                q++;
            }
            if (q == to) return INCOMPLETE;
            if (q == p || a[q] != '\r') return NOT_PLAIN;          // no size, 8 digits or more, an extension, a space
            if (q + 1 == to) return INCOMPLETE;
            if (a[q + 1] != '\n') return NOT_PLAIN;
            p = q + 2;
            if (size == 0) {
                if (to - p < 2) return p == to || a[p] == '\r' ? INCOMPLETE : NOT_PLAIN;
                if (a[p] != '\r' || a[p + 1] != '\n') return NOT_PLAIN;   // trailer fields
                data[0] = total;
                return p + 2;
            }
            total += size;
            if (total > maxData) return NOT_PLAIN;
            if ((long) to - p < (long) size + 2) return INCOMPLETE;
            p += size;
            if (a[p] != '\r' || a[p + 1] != '\n') return NOT_PLAIN;
            p += 2;
        }
    }

    /** Copies the data of plain chunks ({@link #chunks} said so) at {@code a[from]} into {@code body}. */
    static void copyChunks(byte[] a, int from, byte[] body) {
        int p = from, at = 0;
        while (true) {
            int size = 0;
            while (a[p] != '\r') size = size << 4 | hex(a[p++]);
            p += 2;
            if (size == 0) return;
            System.arraycopy(a, p, body, at, size);
            at += size;
            p += size + 2;
        }
    }

    private static int hex(byte b) {
        if (b >= '0' && b <= '9') return b - '0';
        if (b >= 'a' && b <= 'f') return b - 'a' + 10;
        if (b >= 'A' && b <= 'F') return b - 'A' + 10;
        return -1;
    }

    /** The index of the first LF from {@code p} on, before {@code to}; -1 when there is none. */
    private static int bareLf(byte[] a, int p, int to) {
        for (int i = p; i < to; i++) if (a[i] == '\n') return i;
        return -1;
    }

    /** The index of the CR of the CRLF that ends the line at {@code p}; -1 when there is none before {@code to}, or a bare LF. */
    private static int lineEnd(byte[] a, int p, int to) {
        for (int i = p; i < to; i++) {
            if (a[i] == '\n') return i > p && a[i - 1] == '\r' ? i - 1 : -1;
        }
        return -1;
    }

    /** {@code METHOD SP target SP HTTP/1.x}, or null. */
    private static HttpMessage requestLine(byte[] a, int from, int end) {
        int m = from;
        while (m < end && Http1Framing.tchar(a[m] & 0xff)) m++;
        if (m == from || m == end || a[m] != ' ') return null;
        int t = m + 1, u = t;
        while (u < end && a[u] > 0x20 && a[u] < 0x7f) u++;
        if (u == t || u == end || a[u] != ' ') return null;
        HttpVersion version = version(a, u + 1, end);
        if (version == null) return null;
        HttpMethod method = method(a, from, m - from);
        return new DefaultHttpRequest(version, method, new String(a, t, u - t, StandardCharsets.ISO_8859_1), HEADERS);
    }

    /** {@code HTTP/1.x SP 3DIGIT SP reason}, or null. */
    private static HttpMessage statusLine(byte[] a, int from, int end) {
        if (end - from < 14 || a[from + 8] != ' ' || a[from + 12] != ' ') return null;
        HttpVersion version = version(a, from, from + 8);
        if (version == null) return null;
        int code = 0;
        for (int i = from + 9; i < from + 12; i++) {
            int d = a[i] - '0';
            if (d < 0 || d > 9) return null;
            code = code * 10 + d;
        }
        int r = from + 13;
        for (int i = r; i < end; i++) {
            int b = a[i];
            if (b < 0x20 || b == 0x7f) return null;
        }
        if (a[r] == ' ' || a[end - 1] == ' ') return null;
        return new DefaultHttpResponse(version, HttpResponseStatus.valueOf(code, new String(a, r, end - r, StandardCharsets.ISO_8859_1)), HEADERS);
    }

    private static HttpVersion version(byte[] a, int from, int end) {
        if (end - from != 8) return null;
        for (int i = 0; i < HTTP_1_.length; i++) if (a[from + i] != HTTP_1_[i]) return null;
        return a[from + 7] == '1' ? HttpVersion.HTTP_1_1 : a[from + 7] == '0' ? HttpVersion.HTTP_1_0 : null;
    }

    /** The method as Netty's {@link HttpMethod#valueOf} gives it; the two most methods without a string made. */
    private static HttpMethod method(byte[] a, int from, int length) {
        if (length == 4 && a[from] == 'P' && a[from + 1] == 'O' && a[from + 2] == 'S' && a[from + 3] == 'T') return HttpMethod.POST;
        if (length == 3 && a[from] == 'G' && a[from + 1] == 'E' && a[from + 2] == 'T') return HttpMethod.GET;
        return HttpMethod.valueOf(new String(a, from, length, StandardCharsets.ISO_8859_1));
    }

    /** A Content-Length of 1 to 18 digits (what Netty takes as it is), or -1. */
    private static long digits(byte[] a, int from, int end) {
        if (end == from || end - from > 18) return -1;
        long n = 0;
        for (int i = from; i < end; i++) {
            int d = a[i] - '0';
            if (d < 0 || d > 9) return -1;
            n = n * 10 + d;
        }
        return n;
    }

    /** Whether the name at {@code a[from]} is {@code lower} in any case. */
    private static boolean equalsLower(byte[] a, int from, int length, byte[] lower) {
        return length == lower.length && startsLower(a, from, length, lower);
    }

    private static boolean startsLower(byte[] a, int from, int length, byte[] lower) {
        if (length < lower.length) return false;
        for (int i = 0; i < lower.length; i++) {
            int b = a[from + i];
            if (b >= 'A' && b <= 'Z') b += 'a' - 'A';
            if (b != lower[i]) return false;
        }
        return true;
    }
}
