package io.wireanalyze.workloads.httprmi;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The head of a POST that reached an RMI server's own port (HTTP-to-port): the request line and header lines up to
 * the empty line, read byte by byte so not one byte of the body is taken. What JDK 8's {@code HttpInputStream} read,
 * stricter: the request must be a POST with one Content-Length (JDK 8 let a body without one run to the end of the
 * stream) and the head must end within {@link #MAX_HEAD_BYTES}.
 *
 * @param requestLine the first line, e.g. {@code POST / HTTP/1.1}
 * @param contentLength the body's length in bytes
 * @param headBytes the head's length on the wire, the empty line included
 */
record PostHead(String requestLine, long contentLength, int headBytes) {
    static final int MAX_HEAD_BYTES = 16 * 1024;

    /** A head that cannot be served: the HTTP status to answer with and the one-line reason. */
    static final class Refused extends IOException {
        private final int status;

        Refused(int status, String reason) {
            super(reason);
            this.status = status;
        }

        int status() {
            return status;
        }
    }

    /**
     * Reads the head from {@code in}, which is left at the body's first byte.
     *
     * @throws Refused     when it is no POST, has no or a bad Content-Length, is chunked, or is too long
     * @throws EOFException when the stream ends within the head
     */
    static PostHead read(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        String requestLine = null;
        long length = -1;
        int bytes = 0;
        while (true) {
            int b = in.read();
            if (b < 0) throw new EOFException("the request head ended after " + bytes + " bytes (expected: header lines and an empty line)");
            if (++bytes > MAX_HEAD_BYTES)
                throw new Refused(431, "request head: more than " + MAX_HEAD_BYTES + " bytes (expected: a short POST head)");
            if (b != '\n') {
                line.append((char) b);
                continue;
            }
            int end = line.length() > 0 && line.charAt(line.length() - 1) == '\r' ? line.length() - 1 : line.length();
            String text = line.substring(0, end);
            line.setLength(0);
            if (requestLine == null) {
                if (!text.startsWith("POST ") || !text.matches("POST \\S+ HTTP/1\\.[01]"))
                    throw new Refused(400, "request line '" + text + "' (expected: POST <target> HTTP/1.0 or HTTP/1.1)");
                requestLine = text;
                continue;
            }
            if (text.isEmpty()) break;
            int colon = text.indexOf(':');
            if (colon <= 0) throw new Refused(400, "header line '" + text + "' (expected: name: value)");
            String name = text.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = text.substring(colon + 1).trim();
            if (name.equals("transfer-encoding"))
                throw new Refused(411, "Transfer-Encoding: " + value + " (expected: a Content-Length body, as JDK 8's client sent)");
            if (name.equals("content-length")) {
                if (length >= 0) throw new Refused(400, "Content-Length given twice (expected: once)");
                if (value.isEmpty() || value.length() > 12 || !value.chars().allMatch(c -> c >= '0' && c <= '9'))
                    throw new Refused(400, "Content-Length '" + value + "' (expected: a number of bytes)");
                length = Long.parseLong(value);
            }
        }
        if (length < 0) throw new Refused(411, "no Content-Length (expected: the body's length, as JDK 8's client sent)");
        return new PostHead(requestLine, length, bytes);
    }

    /** Whether {@code first} (the connection's first bytes) are those of a POST: JDK 8's test, "POST". */
    static boolean isPost(byte[] first) {
        return first.length == 4 && new String(first, StandardCharsets.ISO_8859_1).equals("POST");
    }
}
