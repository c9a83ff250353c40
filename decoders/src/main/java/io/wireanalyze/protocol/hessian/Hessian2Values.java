package io.wireanalyze.protocol.hessian;

import java.util.ArrayList;
import java.util.List;

import static io.wireanalyze.protocol.hessian.HessianCursor.hex;

/**
 * Hessian 2.0 values (Caucho, "Hessian 2.0 Serialization Protocol", section 3 grammar), walked, never built: the
 * compact strings, binaries, ints, longs and doubles, dates {@code J K}, lists {@code U V W X 0x70-0x7f}, maps
 * {@code H M}, class definitions {@code C} and their instances {@code O 0x60-0x6f}, references {@code Q}. The
 * numbers' and strings' bytes are values; codes, lengths, types, class definitions and references are markup. Class
 * definitions hold for one message, as the spec says; only their field counts are kept.
 */
final class Hessian2Values extends HessianGrammar {

    static final int END = 'Z';

    private final List<Integer> classes = new ArrayList<>();
    /** The int just read by {@link #integer}. */
    private int lastInt;

    Hessian2Values(HessianCursor c) {
        super(c, END);
    }

    int lastInt() {
        return lastInt;
    }

    @Override
    boolean value(int at, int code) {
        if (code <= 0x1f || code >= 0x30 && code <= 0x33 || code == 'R' || code == 'S') return string(code, null);
        if (code <= 0x2f) return c.value(code - 0x20, "hessian.binary");
        if (code <= 0x37) return c.need(1, "hessian.binary.length") && c.value((code - 0x34) << 8 | c.u8(), "hessian.binary");
        if (code <= 0x3f) return c.codeIsValue() && c.value(2, "hessian.long");
        if (code >= 0x60 && code <= 0x6f) return object(at, code - 0x60);
        if (code >= 0x70 && code <= 0x77) return type() && values(at, code - 0x70);
        if (code >= 0x78 && code <= 0x7f) return values(at, code - 0x78);
        if (code >= 0x80) return compactNumber(code);
        return switch (code) {
            case 'A', 'B' -> c.chunkedBinary(code, 'A', "A or B");
            case 'C' -> classDefinition(at) && value();
            case 'D', 'J', 'L' -> c.value(8, "hessian.b64");
            case 'I', 'K', 'Y', 0x5f -> c.value(4, "hessian.b32");
            case 'F', 'T', 'N', 0x5b, 0x5c -> c.codeIsValue();
            case 0x5d -> c.value(1, "hessian.double");
            case 0x5e -> c.value(2, "hessian.double");
            case 'H' -> pairs(at);
            case 'M' -> type() && pairs(at);
            case 'O' -> integer("hessian.object.ref") && object(at, lastInt);
            case 'Q' -> integer("hessian.ref");
            case 'U' -> type() && untilEnd(at);
            case 'W' -> untilEnd(at);
            case 'V' -> type() && integer("hessian.list.length") && values(at, lastInt);
            case 'X' -> integer("hessian.list.length") && values(at, lastInt);
            default -> c.fail(at, "hessian.value", hex(code) + " (expected: a Hessian 2.0 value; 0x40, 'E', 'G', 'P' are reserved)");
        };
    }

    private boolean compactNumber(int code) {
        c.codeIsValue();
        if (code <= 0xbf || code >= 0xd8 && code <= 0xef) return true;   // one-octet int, one-octet long
        if (code <= 0xcf || code >= 0xf0) return c.value(1, "hessian.int");
        return c.value(2, "hessian.int");                                // 0xd0-0xd7: three-octet int
    }

    /** A string after its code ({@code 0x00-0x1f}, {@code 0x30-0x33}, {@code R} chunk, {@code S} final). */
    @Override
    boolean string(int code, StringBuilder capture) {
        while (true) {
            int length;
            if (code <= 0x1f) length = code;
            else if (code >= 0x30 && code <= 0x33) {
                if (!c.need(1, "hessian.string.length")) return false;
                length = (code - 0x30) << 8 | c.u8();
            } else {
                if (!c.need(2, "hessian.string.length")) return false;
                length = c.u16();
            }
            if (!c.chars(length, "hessian.string", capture)) return false;
            if (code != 'R') return true;
            if (!c.need(1, "hessian.string.chunk")) return false;
            int at = c.pos;
            code = c.u8();
            if (!isString(code)) return c.fail(at, "hessian.string.chunk", hex(code) + " (expected: the next chunk of a string)");
        }
    }

    static boolean isString(int code) {
        return code <= 0x1f || code >= 0x30 && code <= 0x33 || code == 'R' || code == 'S';
    }

    @Override
    boolean opensString(int code) {
        return isString(code);
    }

    /** A string read as markup, e.g. a method name, into {@code capture}. */
    boolean markupString(String field, StringBuilder capture) {
        if (!c.need(1, field)) return false;
        int at = c.pos;
        int code = c.u8();
        if (!isString(code)) return c.fail(at, field, hex(code) + " (expected: a string)");
        return c.restore(c.mark(), string(code, capture));
    }

    /** An int in any of its encodings, as markup, into {@link #lastInt}. */
    boolean integer(String field) {
        if (!c.need(1, field)) return false;
        int at = c.pos;
        int code = c.u8();
        if (code >= 0x80 && code <= 0xbf) lastInt = code - 0x90;
        else if (code >= 0xc0 && code <= 0xcf && c.need(1, field)) lastInt = (code - 0xc8) << 8 | c.u8();
        else if (code >= 0xd0 && code <= 0xd7 && c.need(2, field)) lastInt = (code - 0xd4) << 16 | c.u16();
        else if (code == 'I' && c.need(4, field)) lastInt = c.s32();
        else return c.fail(at, field, hex(code) + " (expected: an int)");
        return true;
    }

    /** A type: a string, or an int referring to an earlier type; markup. */
    boolean type() {
        int code = c.peek();
        if (code >= 0 && isString(code)) return markupString("hessian.type", null);
        return integer("hessian.type");
    }

    /** {@code C} name, field count, field names: markup; the definition is numbered in order. */
    private boolean classDefinition(int at) {
        if (!markupString("hessian.class.name", null) || !integer("hessian.class.fields")) return false;
        int fields = lastInt;
        if (fields < 0 || fields > c.left())
            return c.fail(at, "hessian.class.fields", fields + " fields with " + c.left() + " bytes left (expected: 0.." + c.left() + ")");
        for (int i = 0; i < fields; i++) if (!markupString("hessian.class.field", null)) return false;
        classes.add(fields);
        return true;
    }

    private boolean object(int at, int ref) {
        if (ref < 0 || ref >= classes.size())
            return c.fail(at, "hessian.object.ref", "class " + ref + " (expected: 0.." + (classes.size() - 1) + ", a class defined before)");
        return values(at, classes.get(ref));
    }

    private boolean values(int at, int n) {
        if (n < 0) return c.fail(at, "hessian.list.length", n + " (expected: >= 0)");
        if (!c.enter(at)) return false;
        for (int i = 0; i < n; i++) if (!value()) return false;
        c.leave();
        return true;
    }

    private boolean untilEnd(int at) {
        return c.untilEnd(at, END, "hessian.list.end", this::value);
    }

    private boolean pairs(int at) {
        return c.untilEnd(at, END, "hessian.map.end", () -> value() && value());
    }
}
