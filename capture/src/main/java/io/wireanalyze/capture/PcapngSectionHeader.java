package io.wireanalyze.capture;

import io.wireanalyze.codec.Hex;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The fixed fields of a Section Header Block (draft-ietf-opsawg-pcapng section 4.1):
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                   Block Type = 0x0A0D0D0A                     |  0
 * |                      Block Total Length                       |  4
 * |                      Byte-Order Magic                         |  8
 * |          Major Version        |         Minor Version         | 12
 * |                    Section Length (64 bits)                   | 16
 * /                      Options (variable)                       / 24
 * |                      Block Total Length                       |
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * The block type is a palindrome, so it reads the same in both byte orders; the byte-order magic,
 * 0x1A2B3C4D as written, tells the byte order of the rest of the section. The Section Length may be -1
 * (not given) and is not used: blocks are walked by their own lengths.
 *
 * @param byteOrder    byte order of every block in the section
 * @param versionMajor 1
 * @param versionMinor 0 (2 was written by some old tools and is read the same, as Wireshark does)
 */
public record PcapngSectionHeader(ByteOrder byteOrder, int versionMajor, int versionMinor) {

    static final int BYTE_ORDER_MAGIC = 0x1A2B_3C4D;
    static final int OFFSET_BYTE_ORDER_MAGIC = 8;
    static final int OFFSET_VERSION_MAJOR = 12;
    static final int OFFSET_VERSION_MINOR = 14;
    /** Bytes {@link #parse} reads: up to the version. */
    static final int FIXED_PREFIX = 16;
    static final int VERSION_MAJOR = 1;

    /**
     * Parses the byte-order magic and version of a Section Header Block at absolute index {@code at} of
     * {@code in}, which must hold {@link #FIXED_PREFIX} bytes from there.
     *
     * @param fileOffset byte offset of the block in the file, for messages
     */
    static Parsed parse(ByteBuffer in, int at, long fileOffset) {
        int magic = in.duplicate().order(ByteOrder.BIG_ENDIAN).getInt(at + OFFSET_BYTE_ORDER_MAGIC);
        ByteOrder order;
        if (magic == BYTE_ORDER_MAGIC) {
            order = ByteOrder.BIG_ENDIAN;
        } else if (Integer.reverseBytes(magic) == BYTE_ORDER_MAGIC) {
            order = ByteOrder.LITTLE_ENDIAN;
        } else {
            return new Parsed.Invalid("byte-order magic at byte offset " + (fileOffset + OFFSET_BYTE_ORDER_MAGIC) + ": "
                    + Hex.padded(magic) + " (expected: 0x1a2b3c4d or 0x4d3c2b1a)");
        }
        ByteBuffer h = in.duplicate().order(order);
        int major = Short.toUnsignedInt(h.getShort(at + OFFSET_VERSION_MAJOR));
        int minor = Short.toUnsignedInt(h.getShort(at + OFFSET_VERSION_MINOR));
        if (major != VERSION_MAJOR || (minor != 0 && minor != 2)) {
            return new Parsed.Invalid("pcapng version at byte offset " + (fileOffset + OFFSET_VERSION_MAJOR) + ": " + major
                    + "." + minor + " (expected: 1.0)");
        }
        return new Parsed.Valid(new PcapngSectionHeader(order, major, minor));
    }

    /** The outcome of {@link #parse}. */
    sealed interface Parsed {
        record Valid(PcapngSectionHeader header) implements Parsed {}

        record Invalid(String reason) implements Parsed {}
    }
}
