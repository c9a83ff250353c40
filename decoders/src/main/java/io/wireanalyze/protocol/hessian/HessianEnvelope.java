package io.wireanalyze.protocol.hessian;

import io.wireanalyze.protocol.CallMessageType;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;

import java.nio.ByteBuffer;

import static io.wireanalyze.protocol.hessian.HessianCursor.hex;

/**
 * The envelope of one Hessian message, a whole HTTP body: Hessian 1.0 {@code c 0x01 0x00 (H header value)* m b16 method
 * value* z} and {@code r 0x01 0x00 (value | f (key value)*) z}; Hessian 2.0 {@code H 0x02 0x00 C method int value*},
 * {@code H 0x02 0x00 R value} and {@code H 0x02 0x00 F map}, as com.caucho.hessian 4.0 writes and reads them
 * (HessianOutput, Hessian2Output, HessianSkeleton). A {@code c 0x02 0x00} call is HessianOutput's with version 2: a
 * 1.0 call (1.0 values, {@code z} at the end) asking for a 2.0 reply; {@code r 0x02 0x00} replies take 2.0 values.
 * 4.0.66 ends a 1.0 fault with {@code z} and then the reply with another: both are read.
 */
final class HessianEnvelope {

    static final int CALL_1 = 'c';
    static final int REPLY_1 = 'r';
    static final int VERSION_2 = 'H';
    static final int CALL_2 = 'C';
    static final int REPLY_2 = 'R';
    static final int FAULT_2 = 'F';
    static final int FAULT_1 = 'f';
    static final int METHOD_1 = 'm';
    static final int HEADER_1 = 'H';

    /** What was read, or why not. */
    sealed interface Read {
        record Ok(CallMessageType type, HessianVersion version, String method, Integer arguments, int dataStart, int dataEnd,
                  long values, long valueBytes, String faultCode, String faultMessage) implements Read {
        }

        record Bad(Failure failure) implements Read {
        }
    }

    private HessianEnvelope() {
    }

    static Read call(ByteBuffer body, long offset, DecoderLimits limits) {
        HessianCursor c = new HessianCursor(body, offset, limits);
        int first = c.peek();
        if (first == CALL_1) {
            if (!c.need(3, "hessian.call")) return bad(c);
            c.u8();
            HessianVersion v = c.u8() == 1 ? HessianVersion.V1 : HessianVersion.V2;
            c.u8();
            HessianGrammar g = new Hessian1Values(c);   // 'c' 0x02 0x00 too: 4.0.66's HessianOutput asking for a 2.0 reply
            if (!headers(c, g)) return bad(c);
            if (!c.need(3, "hessian.call.method")) return bad(c);
            int at = c.pos;
            if (c.u8() != METHOD_1) return fail(c, at, "hessian.call.method", hex(body.get(at) & 0xff) + " (expected: 'm' and the method)");
            StringBuilder method = new StringBuilder();
            if (!c.restore(c.mark(), c.chars(c.u16(), "hessian.call.method", method))) return bad(c);
            int dataStart = c.pos;
            int args = 0;
            while (c.need(1, "hessian.call.end") && c.peek() != g.end()) {
                if (!g.value()) return bad(c);
                args++;
            }
            int dataEnd = c.pos;
            if (!c.markup(1, "hessian.call.end")) return bad(c);
            return done(c, new Read.Ok(CallMessageType.CALL, v, method.toString(), args, dataStart, dataEnd, 0, 0, null, null));
        }
        if (first == VERSION_2 && !version2(c)) return bad(c);
        if (!c.need(1, "hessian.call")) return bad(c);
        int at = c.pos;
        if (c.u8() != CALL_2) return fail(c, at, "hessian.call", hex(body.get(at) & 0xff) + " (expected: 'C', a Hessian 2.0 call)");
        Hessian2Values g = new Hessian2Values(c);
        StringBuilder method = new StringBuilder();
        if (!g.markupString("hessian.call.method", method) || !g.integer("hessian.call.arguments")) return bad(c);
        int args = g.lastInt();
        if (args < 0 || args > c.left()) return fail(c, at, "hessian.call.arguments", args + " with " + c.left() + " bytes left (expected: 0.." + c.left() + ")");
        int dataStart = c.pos;
        for (int i = 0; i < args; i++) if (!g.value()) return bad(c);
        return done(c, new Read.Ok(CallMessageType.CALL, HessianVersion.V2, method.toString(), args, dataStart, c.pos, 0, 0, null, null));
    }

    static Read reply(ByteBuffer body, long offset, DecoderLimits limits) {
        HessianCursor c = new HessianCursor(body, offset, limits);
        if (!c.need(3, "hessian.reply")) return bad(c);
        int at = c.pos;
        int first = c.u8();
        if (first == VERSION_2) {
            c.pos = at;
            if (!version2(c) || !c.need(1, "hessian.reply")) return bad(c);
            int kind = c.u8();
            Hessian2Values g = new Hessian2Values(c);
            int dataStart = c.pos;
            if (kind == REPLY_2) {
                if (!g.value()) return bad(c);
                return done(c, new Read.Ok(CallMessageType.REPLY, HessianVersion.V2, null, null, dataStart, c.pos, 0, 0, null, null));
            }
            if (kind != FAULT_2) return fail(c, dataStart - 1, "hessian.reply", hex(kind) + " (expected: 'R' reply or 'F' fault)");
            if (!c.need(1, "hessian.fault")) return bad(c);
            int map = c.u8();
            if (map != 'H' && !(map == 'M' && g.type()))
                return c.failure() != null ? bad(c) : fail(c, c.pos - 1, "hessian.fault", hex(map) + " (expected: a map, 'H' or 'M')");
            return fault(c, g, HessianVersion.V2, dataStart, g.end());
        }
        if (first != REPLY_1) return fail(c, at, "hessian.reply", hex(first) + " (expected: 'H' 0x02 0x00 or 'r', a Hessian reply)");
        HessianVersion v = c.u8() == 1 ? HessianVersion.V1 : HessianVersion.V2;
        c.u8();
        HessianGrammar g = grammar(v, c);
        if (!headers(c, g) || !c.need(1, "hessian.reply")) return bad(c);
        int dataStart = c.pos;
        if (c.peek() == FAULT_1) {
            c.pos++;
            return fault(c, g, v, dataStart, 'z');
        }
        if (!g.value()) return bad(c);
        int dataEnd = c.pos;
        if (!c.need(1, "hessian.reply.end")) return bad(c);
        if (c.u8() != 'z') return fail(c, dataEnd, "hessian.reply.end", hex(body.get(dataEnd) & 0xff) + " (expected: 'z')");
        return done(c, new Read.Ok(CallMessageType.REPLY, v, null, null, dataStart, dataEnd, 0, 0, null, null));
    }

    /** Key-value pairs up to {@code end} (the map's end in 2.0, the reply's in 1.0), the {@code code} and {@code message} kept. */
    private static Read fault(HessianCursor c, HessianGrammar g, HessianVersion v, int dataStart, int end) {
        String code = null;
        String message = null;
        while (c.need(1, "hessian.fault.end") && c.peek() != end) {
            StringBuilder key = new StringBuilder();
            StringBuilder value = new StringBuilder();
            if (!g.stringOrValue(key) || !g.stringOrValue(value)) return bad(c);
            if (key.toString().equals("code")) code = value.toString();
            if (key.toString().equals("message")) message = value.toString();
        }
        if (!c.markup(1, "hessian.fault.end")) return bad(c);
        if (end == Hessian1Values.END && c.peek() == Hessian1Values.END) c.pos++;   // 4.0.66 ends the fault, then the reply
        return done(c, new Read.Ok(CallMessageType.FAULT, v, null, null, dataStart, c.pos, 0, 0, code, message));
    }

    private static boolean version2(HessianCursor c) {
        if (!c.need(3, "hessian.version")) return false;
        int at = c.pos;
        c.u8();
        int major = c.u8();
        int minor = c.u8();
        if (major == 2 && minor == 0) return true;
        return c.fail(at, "hessian.version", "'H' " + hex(major) + " " + hex(minor) + " (expected: 'H' 0x02 0x00)");
    }

    /** Hessian 1.0 headers, {@code H b16 name value}, markup. */
    private static boolean headers(HessianCursor c, HessianGrammar g) {
        while (c.peek() == HEADER_1) {
            c.pos++;
            long mark = c.mark();
            if (!c.need(2, "hessian.header") || !c.restore(mark, c.chars(c.u16(), "hessian.header", null)) || !g.value()) return false;
        }
        return true;
    }

    private static HessianGrammar grammar(HessianVersion v, HessianCursor c) {
        return v == HessianVersion.V1 ? new Hessian1Values(c) : new Hessian2Values(c);
    }

    private static Read done(HessianCursor c, Read.Ok ok) {
        if (!c.atEnd())
            return fail(c, c.pos, "hessian.end", c.left() + " bytes after the message (expected: none, one message a body)");
        return new Read.Ok(ok.type(), ok.version(), ok.method(), ok.arguments(), ok.dataStart(), ok.dataEnd(), c.values(),
                c.valueBytes(), ok.faultCode(), ok.faultMessage());
    }

    private static Read bad(HessianCursor c) {
        return new Read.Bad(c.failure());
    }

    private static Read fail(HessianCursor c, int at, String field, String reason) {
        c.fail(at, field, reason);
        return bad(c);
    }
}
