package io.wireanalyze.protocol.http;

import java.nio.ByteBuffer;

/**
 * Recognises an HTTP/1.x start line (RFC 9112 section 3 and 4) by its bytes: a request line
 * {@code METHOD SP target SP HTTP/1.x CRLF} or a status line {@code HTTP/1.x SP code SP reason CRLF}. Used by
 * the probe and to resynchronise after damage; the framing itself is Netty's.
 */
final class StartLine {

    /** Whether bytes are a start line, cannot be one, or may be one when more arrive. */
    enum Match { YES, NO, MAYBE }

    /** Longest start line looked at. */
    static final int MAX_LINE = 8192;
    private static final int MAX_METHOD = 16;
    private static final byte[] VERSION = {'H', 'T', 'T', 'P', '/', '1', '.'};

    private StartLine() {
    }

    /** A request line at {@code p}. */
    static Match request(ByteBuffer in, int p) {
        int end = in.limit();
        int i = p;
        while (i < end && i - p <= MAX_METHOD && isUpper(in.get(i))) i++;
        if (i == end) return i - p <= MAX_METHOD ? Match.MAYBE : Match.NO;
        if (i == p || i - p > MAX_METHOD || in.get(i) != ' ') return Match.NO;
        int eol = lineEnd(in, i + 1);
        if (eol == -1) return end - p > MAX_LINE ? Match.NO : Match.MAYBE;
        int v = eol - VERSION.length - 1;   // "HTTP/1.x" ends the line
        if (v <= i + 1 || in.get(v - 1) != ' ') return Match.NO;
        return versionAt(in, v, eol) ? Match.YES : Match.NO;
    }

    /** A status line at {@code p}. */
    static Match status(ByteBuffer in, int p) {
        int end = in.limit();
        for (int k = 0; k < VERSION.length; k++) {
            if (p + k >= end) return Match.MAYBE;
            if (in.get(p + k) != VERSION[k]) return Match.NO;
        }
        int i = p + VERSION.length;
        if (i + 5 > end) return Match.MAYBE;
        if (!isDigit(in.get(i)) || in.get(i + 1) != ' ') return Match.NO;
        for (int k = 2; k < 5; k++) if (!isDigit(in.get(i + k))) return Match.NO;
        return Match.YES;
    }

    /**
     * Index of the next place (at {@code from} or after a LF) where a start line of this side begins, or -1. A request
     * line must start with a method of RFC 9110 or WebDAV: resynchronising one byte into a damaged request line must
     * not find its tail ("ET / HTTP/1.1").
     */
    static int next(ByteBuffer in, int from, boolean requests) {
        for (int i = from; i < in.limit(); i++) {
            if (i > in.position() && in.get(i - 1) != '\n') continue;
            Match m = requests ? (knownMethodAt(in, i) ? request(in, i) : Match.NO) : status(in, i);
            if (m == Match.YES) return i;
        }
        return -1;
    }

    private static final String[] METHODS = {"GET ", "POST ", "PUT ", "HEAD ", "DELETE ", "OPTIONS ", "PATCH ", "TRACE ",
            "CONNECT ", "PROPFIND ", "PROPPATCH ", "MKCOL ", "COPY ", "MOVE ", "LOCK ", "UNLOCK ", "REPORT ", "SEARCH "};

    private static boolean knownMethodAt(ByteBuffer in, int p) {
        outer:
        for (String m : METHODS) {
            if (p + m.length() > in.limit()) continue;
            for (int k = 0; k < m.length(); k++) if (in.get(p + k) != m.charAt(k)) continue outer;
            return true;
        }
        return false;
    }

    private static boolean versionAt(ByteBuffer in, int v, int eol) {
        for (int k = 0; k < VERSION.length; k++) if (in.get(v + k) != VERSION[k]) return false;
        return isDigit(in.get(v + VERSION.length)) && v + VERSION.length + 1 == eol;
    }

    /** Index of the CR of the first CRLF (or of a bare LF) at or after {@code from}, or -1. */
    private static int lineEnd(ByteBuffer in, int from) {
        for (int i = from; i < in.limit() && i - from <= MAX_LINE; i++) {
            if (in.get(i) == '\n') return i > from && in.get(i - 1) == '\r' ? i - 1 : i;
        }
        return -1;
    }

    private static boolean isUpper(byte b) {
        return b >= 'A' && b <= 'Z';
    }

    private static boolean isDigit(byte b) {
        return b >= '0' && b <= '9';
    }
}
