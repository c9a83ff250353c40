package io.wireanalyze.serial;

import io.wireanalyze.codec.ModifiedUtf8;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.serial.SerialResult.Malformed;
import io.wireanalyze.serial.SerialResult.NeedMore;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The state of one walk: an absolute int cursor over a big-endian view of the buffer, bounded by {@code limit},
 * the first failure met, and the budget of nodes. Reads are only made after {@link #need} said the bytes are
 * there; once a failure is recorded every {@code need} answers false, so the recursive walk unwinds by returning
 * null without exceptions.
 */
final class Cursor {

    private final ByteBuffer buf;
    private final int start;
    private final int limit;
    private final DecoderLimits limits;
    private int pos;
    private int nodes;
    private SerialResult failure;
    private SerialNode.Exception aborted;

    Cursor(ByteBuffer buf, int start, int limit, DecoderLimits limits) {
        this.buf = buf.duplicate().order(ByteOrder.BIG_ENDIAN); // §6.4.2: all multi-byte values are big-endian
        this.start = start;
        this.limit = limit;
        this.limits = limits;
        this.pos = start;
    }

    int pos() {
        return pos;
    }

    int limit() {
        return limit;
    }

    DecoderLimits limits() {
        return limits;
    }

    ByteBuffer buffer() {
        return buf;
    }

    /**
     * True if {@code n} more bytes are available at the cursor. Otherwise records NeedMore (the bytes up to here
     * plus {@code n}), or Malformed at the cursor if that would make the stream longer than maxMessageBytes.
     */
    boolean need(long n, String field) {
        if (failed()) return false;
        long endFromStart = (long) pos - start + n; // n may be near Long.MAX_VALUE: compare without overflow
        if (n > limits.maxMessageBytes() - ((long) pos - start)) {
            failure = new Malformed(pos, field, "stream of " + (pos - start) + " bytes needs " + n + " more (expected: "
                + "<= maxMessageBytes " + limits.maxMessageBytes() + " in all) (exceeds limit)");
            return false;
        }
        if ((long) pos + n > limit) {
            failure = new NeedMore((int) endFromStart);
            return false;
        }
        return true;
    }

    /** True if the cursor has reached the limit (no byte left to peek); records nothing. */
    boolean atLimit() {
        return pos >= limit;
    }

    int peek() {
        return buf.get(pos) & 0xff;
    }

    int u1() {
        return buf.get(pos++) & 0xff;
    }

    int u2() {
        int v = buf.getShort(pos) & 0xffff;
        pos += 2;
        return v;
    }

    short s2() {
        short v = buf.getShort(pos);
        pos += 2;
        return v;
    }

    int s4() {
        int v = buf.getInt(pos);
        pos += 4;
        return v;
    }

    long s8() {
        long v = buf.getLong(pos);
        pos += 8;
        return v;
    }

    float f4() {
        float v = buf.getFloat(pos);
        pos += 4;
        return v;
    }

    double f8() {
        double v = buf.getDouble(pos);
        pos += 8;
        return v;
    }

    /**
     * §6.4.2 {@code (utf)}: an unsigned 2-byte length and that many bytes of modified UTF-8, decoded in full (class,
     * field and interface names; at most 65535 bytes). Null (failure recorded) if incomplete or invalid.
     */
    String utf(String field) {
        if (!need(2, field)) return null;
        int length = u2();
        if (!need(length, field)) return null;
        int invalid = ModifiedUtf8.firstInvalid(buf, pos, length);
        if (invalid >= 0)
            return fail(invalid, field, String.format("byte 0x%02x (expected: modified UTF-8)", buf.get(invalid) & 0xff));
        String value = ModifiedUtf8.decode(buf, pos, length, length);
        pos += length;
        return value;
    }

    /** Moves past {@code n} bytes that {@link #need} has confirmed. */
    void skip(long n) {
        pos = Math.toIntExact(pos + n);
    }

    /** Counts one more node or handle against maxObjects; false (Malformed at {@code at}) when over budget. */
    boolean count(int at, String field) {
        if (failed()) return false;
        if (++nodes > limits.maxObjects()) {
            failure = new Malformed(at, field, "more than " + limits.maxObjects()
                + " nodes in one stream (expected: <= maxObjects " + limits.maxObjects() + ") (exceeds limit)");
            return false;
        }
        return true;
    }

    /** False (Malformed at the cursor) when {@code depth} exceeds maxNestingDepth. */
    boolean depthOk(int depth, String field) {
        if (failed()) return false;
        if (depth > limits.maxNestingDepth()) {
            failure = new Malformed(pos, field, "nesting depth " + depth + " (expected: <= maxNestingDepth "
                + limits.maxNestingDepth() + ") (exceeds limit)");
            return false;
        }
        return true;
    }

    /** Records a Malformed result at absolute index {@code at} and returns null, for {@code return c.fail(...)}. */
    <T> T fail(int at, String field, String reason) {
        if (!failed()) failure = new Malformed(at, field, reason);
        return null;
    }

    /** Records that a TC_EXCEPTION aborted the content being walked; the walk unwinds to the top level. */
    void abort(SerialNode.Exception exception) {
        aborted = exception;
    }

    boolean failed() {
        return failure != null || aborted != null;
    }

    SerialResult failure() {
        return failure;
    }

    /** The exception that aborted the current top-level content, or null; clears it. */
    SerialNode.Exception takeAborted() {
        SerialNode.Exception e = aborted;
        aborted = null;
        return e;
    }

}
