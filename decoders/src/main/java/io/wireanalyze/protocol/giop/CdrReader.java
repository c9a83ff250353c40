package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.Failure;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A bounded cursor over CDR-encoded bytes (CORBA 3.0 chapter 15.3, "CDR Transfer Syntax"). Primitives are
 * aligned on their natural boundary relative to {@code base}: the start of the GIOP message header, or the first
 * octet of an encapsulation. Every length is checked against the bytes left before it is used.
 * <p>
 * Failure is sticky and a value, not an exception: the first read that does not fit records the field, the
 * reason and the index, and every later read returns zero or empty without moving. {@link #underflow()} tells
 * a read past the end (the rest may be in a fragment) from a value that cannot be right.
 */
final class CdrReader {

    /** A run of octets of the underlying buffer. */
    record Octets(int start, int length) {
        int end() {
            return start + length;
        }
    }

    private final ByteBuffer buf;
    private final int base;
    private final int limit;
    private final int maxStringChars;
    private int pos;
    private String failField;
    private String failReason;
    private int failAt = -1;
    private boolean underflow;

    /** Reads {@code buf} (its byte order decides) from {@code start} to {@code limit}, aligning relative to {@code base}. */
    CdrReader(ByteBuffer buf, int base, int start, int limit, int maxStringChars) {
        this.buf = buf;
        this.base = base;
        this.pos = start;
        this.limit = Math.min(limit, buf.limit());
        this.maxStringChars = maxStringChars;
    }

    boolean ok() {
        return failAt < 0;
    }

    /** Whether the failure was a read past the end of the bytes (rather than a value out of range). */
    boolean underflow() {
        return underflow;
    }

    /** The first failure, at its index in the buffer (null while every read succeeded). */
    Failure failure() {
        return ok() ? null : new Failure(failAt, failField, failReason);
    }

    String failField() {
        return failField;
    }

    String failReason() {
        return failReason;
    }

    /** Buffer index of the element that failed, or -1. */
    int failAt() {
        return failAt;
    }

    int position() {
        return pos;
    }

    int limit() {
        return limit;
    }

    int remaining() {
        return Math.max(0, limit - pos);
    }

    ByteOrder order() {
        return buf.order();
    }

    ByteBuffer buffer() {
        return buf;
    }

    /** The index alignment is relative to. */
    int base() {
        return base;
    }

    /** The index {@code pos} would have after aligning on {@code n} (which may be past the limit). */
    int aligned(int n) {
        int rel = pos - base;
        return pos + (n - Math.floorMod(rel, n)) % n;
    }

    /** Records a value that cannot be right. Returns false, so callers can write {@code return r.fail(...)}. */
    boolean fail(int at, String field, String reason) {
        if (ok()) {
            failAt = at;
            failField = field;
            failReason = reason;
        }
        return false;
    }

    private boolean need(int alignment, int size, String field) {
        if (!ok()) return false;
        int at = aligned(alignment);
        if (at > limit || size > limit - at) {
            fail(pos, field, "needs " + size + " bytes at index " + (at - base) + ", " + Math.max(0, limit - at) + " left");
            underflow = true;
            return false;
        }
        pos = at;
        return true;
    }

    int octet(String field) {
        if (!need(1, 1, field)) return 0;
        return buf.get(pos++) & 0xff;
    }

    boolean bool(String field) {
        int at = pos;
        int v = octet(field);
        if (v > 1) fail(at, field, v + " (expected: boolean 0 or 1)");
        return v == 1;
    }

    int ushort(String field) {
        if (!need(2, 2, field)) return 0;
        int v = buf.getShort(pos) & 0xffff;
        pos += 2;
        return v;
    }

    long ulong(String field) {
        if (!need(4, 4, field)) return 0;
        long v = Integer.toUnsignedLong(buf.getInt(pos));
        pos += 4;
        return v;
    }

    /** A sequence's element count, bounded by the bytes left: each element takes at least {@code minElementBytes}. */
    int count(String field, int minElementBytes) {
        int at = aligned(4);
        long n = ulong(field);
        if (!ok()) return 0;
        if (n > remaining() / Math.max(1, minElementBytes)) {
            fail(at, field, "length " + n + " (expected: <= " + remaining() / Math.max(1, minElementBytes)
                    + " with " + remaining() + " bytes left)");
            return 0;
        }
        return (int) n;
    }

    /** A sequence&lt;octet&gt;: its ulong length, then the octets (skipped and returned as a span). */
    Octets octets(String field) {
        int n = count(field, 1);
        if (!ok()) return new Octets(pos, 0);
        Octets o = new Octets(pos, n);
        pos += n;
        return o;
    }

    /** A CDR string: ulong length including the terminating NUL, then ISO-8859-1 characters (kept up to the limit). */
    String string(String field) {
        Octets o = octets(field);
        if (!ok()) return "";
        int n = o.length();
        if (n > 0 && buf.get(o.start() + n - 1) == 0) n--;   // the NUL; some ORBs send none, or an empty length 0
        return text(buf, o.start(), n, maxStringChars);
    }

    /**
     * An encapsulation (CORBA 3.0 chapter 15.3.3): a sequence&lt;octet&gt; whose first octet gives its byte order
     * and whose contents align relative to that octet. Returns a reader positioned after the byte-order octet;
     * null when this reader failed (then {@link #ok()} says why), or when the encapsulation is empty or its
     * byte-order octet is neither 0 nor 1 (then its octets are skipped and this reader goes on).
     */
    CdrReader encapsulation(String field) {
        Octets o = octets(field);
        if (!ok() || o.length() == 0) return null;
        int flag = buf.get(o.start()) & 0xff;
        if (flag > 1) return null;   // not an encapsulation we can read; its octets are skipped all the same
        ByteBuffer inner = buf.duplicate().order(flag == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        return new CdrReader(inner, o.start(), o.start() + 1, o.end(), maxStringChars);
    }

    void skip(int n, String field) {
        if (need(1, n, field)) pos += n;
    }

    /** Printable text: ISO-8859-1, control characters shown as '.', at most {@code max} characters then "...". */
    static String text(ByteBuffer b, int start, int length, int max) {
        int keep = Math.min(length, max);
        StringBuilder s = new StringBuilder(keep + 3);
        for (int i = 0; i < keep; i++) {
            int c = b.get(start + i) & 0xff;
            s.append(c < 0x20 || (c >= 0x7f && c < 0xa0) ? '.' : (char) c);
        }
        if (keep < length) s.append("...");
        return s.toString();
    }
}
