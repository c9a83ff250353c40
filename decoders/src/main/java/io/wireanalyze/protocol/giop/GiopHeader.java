package io.wireanalyze.protocol.giop;

import io.wireanalyze.codec.Failure;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The 12-byte GIOP message header (CORBA 3.0 chapter 15.4.1): magic, version, flags, message type and the
 * size of the body that follows. ZIOP (CORBA ZIOP 1.0, "ZIOP Message Header") uses the same layout with magic
 * "ZIOP". tshark fields {@code giop.magic}, {@code giop.type}, {@code giop.len}.
 *
 * <pre>
 *  0 magic "GIOP" | 4 major | 5 minor | 6 flags | 7 message_type | 8 message_size (ulong, in the flags' byte order)
 * </pre>
 *
 * @param magic  GIOP or ZIOP
 * @param major  GIOP major version
 * @param minor  GIOP minor version
 * @param flags  GIOP 1.0: the byte_order boolean; 1.1+: bit 0 little-endian, bit 1 more fragments follow
 *               (1.2 adds bits 2 and 3 for ZIOP support)
 * @param type   the message_type octet
 * @param size   message_size: the bytes after the header
 */
public record GiopHeader(Magic magic, int major, int minor, int flags, int type, long size) {

    public static final int LENGTH = 12;
    static final int FLAG_LITTLE_ENDIAN = 0x01;
    static final int FLAG_MORE_FRAGMENTS = 0x02;   // GIOP 1.1+
    /** Flag bits defined by any GIOP version (1.2: 0x04 ZIOP supported, 0x08 ZIOP enabled). */
    static final int FLAGS_DEFINED = 0x0f;

    /** The message's first four octets. */
    public enum Magic {
        GIOP(0x47494F50), ZIOP(0x5A494F50);

        final int value;

        Magic(int value) {
            this.value = value;
        }

        static Magic of(int value) {
            return value == GIOP.value ? GIOP : value == ZIOP.value ? ZIOP : null;
        }
    }


    /** Reads the header at {@code p}; the caller has checked that 12 bytes are there. Null unless GIOP or ZIOP magic. */
    static GiopHeader read(ByteBuffer in, int p) {
        Magic magic = Magic.of(in.getInt(p));
        if (magic == null) return null;
        int major = in.get(p + 4) & 0xff, minor = in.get(p + 5) & 0xff, flags = in.get(p + 6) & 0xff;
        int type = in.get(p + 7) & 0xff;
        boolean little = major == 1 && minor == 0 ? flags != 0 : (flags & FLAG_LITTLE_ENDIAN) != 0;
        int raw = in.getInt(p + 8);
        long size = Integer.toUnsignedLong(little ? Integer.reverseBytes(raw) : raw);
        return new GiopHeader(magic, major, minor, flags, type, size);
    }

    /** Whether the first bytes of {@code in} (at least four) are a GIOP or ZIOP magic. */
    static boolean magicAt(ByteBuffer in, int p) {
        return p + 4 <= in.limit() && Magic.of(in.getInt(p)) != null;
    }

    /**
     * What makes this header implausible, or null: version 1.0-1.2, a known type, defined flags, a bounded size.
     * The failure's offset is relative to the header's first byte.
     */
    Failure problem(int maxMessageBytes) {
        if (major != 1 || minor > 2)
            return new Failure(4, magic == Magic.ZIOP ? "ziop.version" : "giop.version", major + "." + minor + " (expected: 1.0, 1.1 or 1.2)");
        if (minor == 0 ? flags > 1 : (flags & ~FLAGS_DEFINED) != 0)
            return new Failure(6, "giop.flags", "0x" + Integer.toHexString(flags)
                    + (minor == 0 ? " (expected: byte_order 0 or 1 in GIOP 1.0)" : " (expected: only bits 0x0f set)"));
        GiopMessageType t = GiopMessageType.of(type);
        if (t == null || (t == GiopMessageType.FRAGMENT && minor == 0))
            return new Failure(7, "giop.type", type + (minor == 0 ? " (expected: 0-6 in GIOP 1.0)" : " (expected: 0-7)"));
        if (size > maxMessageBytes - LENGTH)
            return new Failure(8, "giop.len", size + " (expected: <= " + (maxMessageBytes - LENGTH)
                    + ": the message size limit, --max-message-bytes " + maxMessageBytes + ", less the 12-byte header)");
        return null;
    }

    /** Whether the header is GIOP's whatever its size: version 1.0-1.2, a known type, defined flags. */
    boolean plausible() {
        Failure f = problem(Integer.MAX_VALUE);
        return f == null || f.field().equals("giop.len");
    }

    public ByteOrder byteOrder() {
        boolean little = minor == 0 ? flags != 0 : (flags & FLAG_LITTLE_ENDIAN) != 0;
        return little ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
    }

    /** GIOP 1.1+: more fragments of this message follow. */
    public boolean moreFragments() {
        return minor >= 1 && (flags & FLAG_MORE_FRAGMENTS) != 0;
    }

    /** The message type, or null when unknown. */
    public GiopMessageType messageType() {
        return GiopMessageType.of(type);
    }

    public String version() {
        return major + "." + minor;
    }

    /** Header and body. */
    public int totalLength() {
        return (int) Math.min(Integer.MAX_VALUE, LENGTH + size);
    }
}
