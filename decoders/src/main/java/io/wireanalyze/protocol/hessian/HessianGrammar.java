package io.wireanalyze.protocol.hessian;

/**
 * The values of one Hessian version, as the message envelope walks them over a {@link HessianCursor}: what the two
 * versions share (the cursor, the code that ends a list or map, a string captured else any value), each version its
 * codes.
 */
abstract class HessianGrammar {

    protected final HessianCursor c;
    private final int end;

    /** @param end the code that ends a list or map ({@code z} in 1.0, {@code Z} in 2.0) */
    HessianGrammar(HessianCursor c, int end) {
        this.c = c;
        this.end = end;
    }

    /** Walks one value: its code, counted, then what follows it. */
    final boolean value() {
        if (!c.need(1, "hessian.value")) return false;
        int at = c.pos;
        int code = c.u8();
        if (!c.counted(at)) return false;
        return value(at, code);
    }

    /** Walks the rest of the value whose code {@code code}, at {@code at}, was just read. */
    abstract boolean value(int at, int code);

    /** Whether {@code code} opens a string that {@link #stringOrValue} captures. */
    abstract boolean opensString(int code);

    /** A string after its code {@code code}, its characters appended to {@code capture} (null: none kept). */
    abstract boolean string(int code, StringBuilder capture);

    /** The code that ends a list or map. */
    final int end() {
        return end;
    }

    /** Walks one value, appending it to {@code capture} when it is a string (code first). */
    final boolean stringOrValue(StringBuilder capture) {
        int code = c.peek();
        if (code < 0 || !opensString(code)) return value();
        c.pos++;
        return c.counted(c.pos - 1) && string(code, capture);
    }
}
