package io.wireanalyze.protocol.hessian;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * A cursor over one whole Hessian body with the walk's bounds and tallies: every read checks the bytes left, nesting
 * and the number of values are bounded by {@link DecoderLimits}, and the first failure is kept with its stream offset
 * (reads after it are refused). Bytes are value bytes or markup; {@link #valueBytes} counts the former.
 */
final class HessianCursor {

    private final ByteBuffer body;
    private final int start;
    private final int end;
    private final long streamOffset;
    private final DecoderLimits limits;
    int pos;
    private int depth;
    private long values;
    private long valueBytes;
    private Failure failure;

    HessianCursor(ByteBuffer body, long streamOffset, DecoderLimits limits) {
        this.body = body;
        this.start = body.position();
        this.end = body.limit();
        this.pos = start;
        this.streamOffset = streamOffset;
        this.limits = limits;
    }

    Failure failure() {
        return failure;
    }

    long values() {
        return values;
    }

    long valueBytes() {
        return valueBytes;
    }

    /** The stream offset of buffer index {@code i}. */
    long offsetOf(int i) {
        return streamOffset + (i - start);
    }

    int left() {
        return end - pos;
    }

    boolean atEnd() {
        return pos >= end;
    }

    /** The next byte, unread; -1 at the end. */
    int peek() {
        return pos < end ? body.get(pos) & 0xff : -1;
    }

    /** The next byte, after {@link #need}. */
    int u8() {
        return body.get(pos++) & 0xff;
    }

    int u16() {
        int v = (body.get(pos) & 0xff) << 8 | body.get(pos + 1) & 0xff;
        pos += 2;
        return v;
    }

    int s32() {
        int v = body.getInt(pos);
        pos += 4;
        return v;
    }

    boolean need(int n, String field) {
        if (failure != null) return false;
        if (end - pos >= n) return true;
        return fail(pos, field, (end - pos) + " bytes left in the body (expected: " + n + ")");
    }

    boolean fail(int at, String field, String reason) {
        if (failure == null) failure = new Failure(offsetOf(at), field, reason);
        return false;
    }

    /** Skips {@code n} bytes of markup. */
    boolean markup(int n, String field) {
        if (!need(n, field)) return false;
        pos += n;
        return true;
    }

    /** Skips {@code n} bytes of value. */
    boolean value(int n, String field) {
        if (!need(n, field)) return false;
        pos += n;
        valueBytes += n;
        return true;
    }

    /** Counts the byte just read (a code that is its own value: null, true, a compact number) as value. */
    boolean codeIsValue() {
        valueBytes++;
        return true;
    }

    /**
     * Skips {@code count} characters in Hessian's UTF-8 (a 4-byte sequence is two UTF-16 units), as value bytes,
     * appending up to the limit's characters to {@code capture} when it is not null.
     */
    boolean chars(int count, String field, StringBuilder capture) {
        int first = pos;
        // ASCII, the usual case, is count bytes: checked eight at a time, then skipped by its length
        int ascii = failure == null && count <= end - pos ? asciiRun(pos, count) : 0;
        pos += ascii;
        for (int i = ascii; i < count; i++) {
            if (!need(1, field)) return false;
            int lead = body.get(pos) & 0xff;
            int n = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
            if (n == 4) i++;
            if (!need(n, field)) return false;
            pos += n;
        }
        valueBytes += pos - first;
        if (capture != null && capture.length() < limits.maxStringChars()) {
            byte[] bytes = new byte[Math.min(pos - first, limits.maxStringChars() * 3)];
            body.get(first, bytes);
            String s = new String(bytes, StandardCharsets.UTF_8);
            capture.append(s, 0, Math.min(s.length(), limits.maxStringChars() - capture.length()));
        }
        return true;
    }

    /** How many of the {@code count} bytes from {@code from} (all in the body) are ASCII before the first that is not. */
    private int asciiRun(int from, int count) {
        int i = 0;
        for (; i + 8 <= count; i += 8) {
            if ((body.getLong(from + i) & 0x8080808080808080L) != 0) break;
        }
        while (i < count && body.get(from + i) >= 0) i++;
        return i;
    }

    /** One more value; refused past {@link DecoderLimits#maxObjects}. */
    boolean counted(int at) {
        if (++values <= limits.maxObjects()) return true;
        return fail(at, "hessian.value", "more than " + limits.maxObjects() + " values (expected: <= " + limits.maxObjects() + ")");
    }

    /** One level deeper (a list, map or object); refused past {@link DecoderLimits#maxNestingDepth}. */
    boolean enter(int at) {
        if (++depth <= limits.maxNestingDepth()) return true;
        return fail(at, "hessian.nesting", "depth " + depth + " (expected: <= " + limits.maxNestingDepth() + ")");
    }

    void leave() {
        depth--;
    }

    /** The tally of value bytes, to take back what a walk of markup (a type or field name) counted: {@link #restore}. */
    long mark() {
        return valueBytes;
    }

    /** Whatever was counted since {@code mark} was markup. */
    boolean restore(long mark, boolean ok) {
        valueBytes = mark;
        return ok;
    }

    /**
     * What a list or a map holds after its header, up to the {@code end} code, nested at {@code at}: {@code element}
     * reads one element (a value, or a key and its value).
     */
    boolean untilEnd(int at, int end, String field, java.util.function.BooleanSupplier element) {
        if (!enter(at)) return false;
        while (true) {
            if (!need(1, field)) return false;
            if (peek() == end) break;
            if (!element.getAsBoolean()) return false;
        }
        pos++;
        leave();
        return true;
    }

    /**
     * Binary data after its code, in chunks of a b16 length and the bytes (values): {@code B} is the final chunk,
     * {@code more} one that another follows ({@code codes} names both, for the failure).
     */
    boolean chunkedBinary(int code, int more, String codes) {
        while (true) {
            if (!need(2, "hessian.binary.length")) return false;
            if (!value(u16(), "hessian.binary")) return false;
            if (code == 'B') return true;
            if (!need(1, "hessian.binary.chunk")) return false;
            int at = pos;
            code = u8();
            if (code != more && code != 'B')
                return fail(at, "hessian.binary.chunk", hex(code) + " (expected: the next chunk, " + codes + ")");
        }
    }

    static String hex(int code) {
        return String.format("0x%02x", code) + (code >= 0x21 && code < 0x7f ? " '" + (char) code + "'" : "");
    }
}
