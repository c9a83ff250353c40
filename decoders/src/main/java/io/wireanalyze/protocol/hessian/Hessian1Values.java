package io.wireanalyze.protocol.hessian;

import static io.wireanalyze.protocol.hessian.HessianCursor.hex;

/**
 * Hessian 1.0 values (Caucho, "Hessian Binary Web Service Protocol" 1.0, "Serialization"), walked, never built:
 * {@code N T F}, {@code I} b32, {@code L D d} b64, strings and XML {@code S s X x} (b16 characters; lower case: a
 * chunk that more follow), binary {@code B b} (b16 bytes), lists {@code V [t type] [l b32] value* z}, maps and
 * objects {@code M [t type] (key value)* z}, references {@code R} b32 and remote references {@code r t type S url}.
 * A typed map is an object: its keys are field names, markup; the type strings are markup.
 */
final class Hessian1Values extends HessianGrammar {

    static final int END = 'z';

    Hessian1Values(HessianCursor c) {
        super(c, END);
    }

    @Override
    boolean value(int at, int code) {
        return switch (code) {
            case 'N', 'T', 'F' -> c.codeIsValue();
            case 'I' -> c.value(4, "hessian.int");
            case 'L', 'D', 'd' -> c.value(8, "hessian.b64");
            case 'S', 's', 'X', 'x' -> string(code, null);
            case 'B', 'b' -> c.chunkedBinary(code, 'b', "B or b");
            case 'V' -> list(at);
            case 'M' -> map(at);
            case 'R' -> c.markup(4, "hessian.ref");
            case 'r' -> c.restore(c.mark(), typeName() && c.need(1, "hessian.remote.url") && c.u8() == 'S' && string('S', null));
            default -> c.fail(at, "hessian.value", hex(code) + " (expected: a Hessian 1.0 value: N T F I L D d S s X x B b V M R r)");
        };
    }

    /** A string after its code: b16 characters, then, after a non-final chunk, the next chunk's code. */
    @Override
    boolean string(int code, StringBuilder capture) {
        while (true) {
            if (!c.need(2, "hessian.string.length")) return false;
            if (!c.chars(c.u16(), "hessian.string", capture)) return false;
            if (code == 'S' || code == 'X') return true;
            if (!c.need(1, "hessian.string.chunk")) return false;
            int at = c.pos;
            code = c.u8();
            if (code != 'S' && code != 's' && code != 'X' && code != 'x')
                return c.fail(at, "hessian.string.chunk", hex(code) + " (expected: the next chunk, S or s)");
        }
    }

    /** A string's chunks, {@code S} final and {@code s}; XML ({@code X x}) is not captured. */
    @Override
    boolean opensString(int code) {
        return code == 'S' || code == 's';
    }

    /** {@code t} b16 type, markup; absent is fine where the grammar makes it optional (the caller peeks). */
    boolean typeName() {
        if (!c.need(3, "hessian.type")) return false;
        int at = c.pos;
        if (c.u8() != 't') return c.fail(at, "hessian.type", hex(c.peek()) + " (expected: 't')");
        long mark = c.mark();
        return c.restore(mark, c.chars(c.u16(), "hessian.type", null));
    }

    private boolean list(int at) {
        if (c.peek() == 't' && !typeName()) return false;
        if (c.peek() == 'l' && !c.markup(5, "hessian.list.length")) return false;
        return c.untilEnd(at, END, "hessian.list.end", this::value);
    }

    private boolean map(int at) {
        boolean typed = c.peek() == 't';
        if (typed && !typeName()) return false;
        return c.untilEnd(at, END, "hessian.map.end", () -> (typed ? c.restore(c.mark(), value()) : value()) && value());
    }
}
