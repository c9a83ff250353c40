package io.wireanalyze.protocol.xmlrpc;

import io.wireanalyze.codec.Failure;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * A gzip body (RFC 1952) inflated with a bound on the inflated size: a zip bomb stops at the bound with a failure, never
 * more than the bound is held. Only the member's header is checked (magic, deflate, flags' fields skipped).
 */
final class Inflated {

    static final int MAGIC = 0x1f8b;
    private static final int FEXTRA = 4, FNAME = 8, FCOMMENT = 16, FHCRC = 2;

    /** The inflated bytes, or why not. */
    sealed interface Result {
        record Ok(ByteBuffer bytes) implements Result {
        }

        record Bad(Failure failure) implements Result {
        }
    }

    private Inflated() {
    }

    static boolean isGzip(ByteBuffer body) {
        return body.remaining() >= 3 && (body.getShort(body.position()) & 0xffff) == MAGIC && body.get(body.position() + 2) == 8;
    }

    static Result inflate(ByteBuffer body, long offset, int maxInflated) {
        int p = body.position();
        int end = body.limit();
        if (end - p < 10) return bad(offset, "gzip.header", (end - p) + " bytes (expected: a 10-byte gzip header)");
        int flags = body.get(p + 3) & 0xff;
        int at = p + 10;
        if ((flags & FEXTRA) != 0) {
            if (end - at < 2) return bad(offset + (at - p), "gzip.extra", "cut short (expected: its length)");
            at += 2 + ((body.get(at) & 0xff) | (body.get(at + 1) & 0xff) << 8);
        }
        for (int flag : new int[] {FNAME, FCOMMENT}) {
            if ((flags & flag) == 0) continue;
            while (at < end && body.get(at) != 0) at++;
            at++;
        }
        if ((flags & FHCRC) != 0) at += 2;
        if (at >= end) return bad(offset, "gzip.header", "no deflate data after the header (expected: some)");
        byte[] in = new byte[end - at];
        body.get(at, in);
        Inflater inflater = new Inflater(true);
        try {
            inflater.setInput(in);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] chunk = new byte[8192];
            while (!inflater.finished()) {
                int n = inflater.inflate(chunk);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary()))
                    return bad(offset + (at - p), "gzip.deflate", "the deflate stream ends early after " + out.size() + " inflated bytes (expected: its end)");
                if ((long) out.size() + n > maxInflated)
                    return bad(offset + (at - p), "gzip.inflated", "more than " + maxInflated + " bytes inflated from " + in.length
                            + " (expected: <= " + maxInflated + ", the message size limit: a zip bomb?)");
                out.write(chunk, 0, n);
            }
            return new Result.Ok(ByteBuffer.wrap(out.toByteArray()));
        } catch (DataFormatException e) {
            return bad(offset + (at - p), "gzip.deflate", "not valid deflate data: " + e.getMessage());
        } finally {
            inflater.end();
        }
    }

    private static Result bad(long offset, String field, String reason) {
        return new Result.Bad(new Failure(offset, field, reason));
    }
}
