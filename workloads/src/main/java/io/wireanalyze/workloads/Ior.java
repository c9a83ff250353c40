package io.wireanalyze.workloads;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The first IIOP profile of a stringified interoperable object reference ({@code IOR:0000...}), so the CORBA
 * clients can record what a naming lookup returned in one readable line:
 * {@code IDL:wireanalyze.io/bench/BenchService:1.0 @ 127.0.0.1:1051 (IIOP 1.2)}.
 *
 * <p>CORBA 3.0 section 13.6.2 (IOR: {@code string type_id; sequence<TaggedProfile> profiles}) and 15.7.2
 * (TAG_INTERNET_IOP profile body: {@code Version iiop_version; string host; unsigned short port; ...}),
 * both CDR-encoded behind a byte-order octet (section 15.3.3, encapsulation).
 *
 * @param typeId the repository id, e.g. {@code IDL:wireanalyze.io/bench/BenchService:1.0}
 */
public record Ior(String typeId, int iiopMajor, int iiopMinor, HostPort endpoint) {
    static final String PREFIX = "IOR:";
    /** CORBA 3.0 section 13.6.3, ProfileId TAG_INTERNET_IOP. */
    static final int TAG_INTERNET_IOP = 0;
    private static final int MAX_STRING = 1 << 16;
    private static final int MAX_PROFILES = 64;

    public Ior {
        Objects.requireNonNull(typeId, "typeId");
        Objects.requireNonNull(endpoint, "endpoint");
    }

    public static Parsed<Ior> parse(String stringified) {
        if (!stringified.regionMatches(true, 0, PREFIX, 0, PREFIX.length()))
            return Parsed.invalid("IOR: starts with '" + stringified.substring(0, Math.min(4, stringified.length()))
                    + "' (expected: 'IOR:')");
        byte[] bytes;
        try {
            bytes = HexFormat.of().parseHex(stringified.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            return Parsed.invalid("IOR: not hexadecimal: " + e.getMessage() + " (expected: pairs of hex digits)");
        }
        try {
            ByteBuffer ior = encapsulation(ByteBuffer.wrap(bytes));
            String typeId = string(ior, "type_id");
            long profiles = Integer.toUnsignedLong(ior.getInt(align(ior, 4)));
            ior.position(ior.position() + 4);
            if (profiles > MAX_PROFILES)
                return Parsed.invalid("IOR profiles: " + profiles + " (expected: <= " + MAX_PROFILES + ")");
            for (long i = 0; i < profiles; i++) {
                int tag = ior.getInt(align(ior, 4));
                ior.position(ior.position() + 4);
                int length = length(ior, "profile_data");
                ByteBuffer body = ior.slice(ior.position(), length);
                ior.position(ior.position() + length);
                if (tag != TAG_INTERNET_IOP) continue;
                ByteBuffer profile = encapsulation(body);
                int major = profile.get() & 0xff;
                int minor = profile.get() & 0xff;
                String host = string(profile, "host");
                int port = profile.getShort(align(profile, 2)) & 0xffff;
                return Parsed.ok(new Ior(typeId, major, minor, new HostPort(host, port)));
            }
            return Parsed.invalid("IOR " + typeId + ": " + profiles + " profiles, none TAG_INTERNET_IOP (expected: one)");
        } catch (IndexOutOfBoundsException | java.nio.BufferUnderflowException e) {
            return Parsed.invalid("IOR: cut short at byte " + bytes.length + " (expected: a complete CDR encoding)");
        } catch (IllegalArgumentException e) {
            return Parsed.invalid("IOR: " + e.getMessage());
        }
    }

    /** A view of {@code in} from its byte-order octet on, in that byte order, positioned after the octet. */
    private static ByteBuffer encapsulation(ByteBuffer in) {
        ByteBuffer b = in.slice().order((in.get(in.position()) & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        b.position(1);
        return b;
    }

    /** Moves to the next multiple of {@code n} (CDR alignment, relative to the encapsulation's start). */
    private static int align(ByteBuffer b, int n) {
        b.position((b.position() + n - 1) / n * n);
        return b.position();
    }

    private static int length(ByteBuffer b, String field) {
        long n = Integer.toUnsignedLong(b.getInt(align(b, 4)));
        b.position(b.position() + 4);
        if (n > b.remaining()) throw new IllegalArgumentException(field + " length " + n + " (expected: <= " + b.remaining() + ")");
        if (n > MAX_STRING && !field.equals("profile_data"))
            throw new IllegalArgumentException(field + " length " + n + " (expected: <= " + MAX_STRING + ")");
        return (int) n;
    }

    /** A CDR string: ulong length including the terminating NUL, then the bytes. */
    private static String string(ByteBuffer b, String field) {
        int n = length(b, field);
        if (n == 0) throw new IllegalArgumentException(field + " length 0 (expected: >= 1, with its NUL)");
        String s = new String(b.array(), b.arrayOffset() + b.position(), n - 1, StandardCharsets.ISO_8859_1);
        b.position(b.position() + n);
        return s;
    }

    @Override
    public String toString() {
        return typeId + " @ " + endpoint + " (IIOP " + iiopMajor + "." + iiopMinor + ")";
    }
}
