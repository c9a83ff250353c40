package io.wireanalyze.capture;

import io.wireanalyze.codec.Hex;
import io.wireanalyze.frame.LinkType;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Optional;

/**
 * The classic pcap file header (draft-ietf-opsawg-pcap section 4 "File Header"; pcap-savefile(5)):
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                          Magic Number                         |  0
 * |          Major Version        |         Minor Version         |  4
 * |                           Reserved1 (thiszone)                |  8
 * |                           Reserved2 (sigfigs)                 | 12
 * |                            SnapLen                            | 16
 * | FCS |f|0 0 0 0 0 0 0 0 0 0 0 0|         LinkType              | 20
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * All fields are in the byte order of the writer, which the magic number reveals.
 *
 * @param byteOrder     byte order of every header field in the file
 * @param timestampUnit resolution of the records' fractional timestamps
 * @param versionMajor  major format version (2)
 * @param versionMinor  minor format version (4)
 * @param snaplen       maximum captured bytes per packet, as declared (unsigned)
 * @param rawLinkType   the LINKTYPE_ number (the LinkType field, FCS bits removed)
 * @param linkType      {@link LinkType#of(int)} of {@code rawLinkType}
 */
public record PcapHeader(ByteOrder byteOrder, TimestampUnit timestampUnit, int versionMajor, int versionMinor,
                         long snaplen, int rawLinkType, LinkType linkType) {

    /** Length of the file header. */
    public static final int LENGTH = 24;
    /** Magic number of a microsecond-resolution file, as read in the writer's byte order. */
    public static final int MAGIC_MICROSECONDS = 0xA1B2C3D4;
    /** Magic number of a nanosecond-resolution file, as read in the writer's byte order. */
    public static final int MAGIC_NANOSECONDS = 0xA1B23C4D;
    /** Format major version written by every libpcap since 0.4 (PCAP_VERSION_MAJOR). */
    public static final int VERSION_MAJOR = 2;

    static final int OFFSET_VERSION_MAJOR = 4;
    static final int OFFSET_VERSION_MINOR = 6;
    static final int OFFSET_SNAPLEN = 16;
    static final int OFFSET_LINK_TYPE = 20;
    /** libpcap LT_LINKTYPE(): the low 26 bits hold the link type, the high bits FCS information. */
    static final int LINK_TYPE_MASK = 0x03FF_FFFF;

    /**
     * The byte order and timestamp unit a magic number (read big-endian from the first 4 bytes) stands
     * for; empty when it is no classic pcap magic.
     */
    public static Optional<PcapHeader.Magic> magic(int firstFourBytesBigEndian) {
        return switch (firstFourBytesBigEndian) {
            case MAGIC_MICROSECONDS -> Optional.of(new Magic(ByteOrder.BIG_ENDIAN, TimestampUnit.MICROSECONDS));
            case MAGIC_NANOSECONDS -> Optional.of(new Magic(ByteOrder.BIG_ENDIAN, TimestampUnit.NANOSECONDS));
            default -> switch (Integer.reverseBytes(firstFourBytesBigEndian)) {
                case MAGIC_MICROSECONDS -> Optional.of(new Magic(ByteOrder.LITTLE_ENDIAN, TimestampUnit.MICROSECONDS));
                case MAGIC_NANOSECONDS -> Optional.of(new Magic(ByteOrder.LITTLE_ENDIAN, TimestampUnit.NANOSECONDS));
                default -> Optional.empty();
            };
        };
    }

    /** What the magic number says: the writer's byte order and the timestamp resolution. */
    public record Magic(ByteOrder byteOrder, TimestampUnit timestampUnit) {}

    /**
     * Parses the header from {@code in} at absolute index 0, which must hold at least {@link #LENGTH}
     * bytes. Returns a description of the problem instead of a header when it is not a pcap header.
     */
    static Parsed parse(ByteBuffer in) {
        if (in.limit() < LENGTH) {
            return new Parsed.Invalid("pcap file header: " + in.limit() + " bytes (expected: " + LENGTH + ")");
        }
        int first = in.order(ByteOrder.BIG_ENDIAN).getInt(0);
        Optional<Magic> magic = magic(first);
        if (magic.isEmpty()) {
            return new Parsed.Invalid("pcap magic at byte offset 0: " + Hex.padded(first)
                    + " (expected: 0xa1b2c3d4 or 0xa1b23c4d, in either byte order)");
        }
        ByteBuffer h = in.duplicate().order(magic.get().byteOrder());
        int major = Short.toUnsignedInt(h.getShort(OFFSET_VERSION_MAJOR));
        int minor = Short.toUnsignedInt(h.getShort(OFFSET_VERSION_MINOR));
        if (major != VERSION_MAJOR) {
            return new Parsed.Invalid("pcap version at byte offset " + OFFSET_VERSION_MAJOR + ": " + major + "." + minor
                    + " (expected: " + VERSION_MAJOR + ".x)");
        }
        long snaplen = Integer.toUnsignedLong(h.getInt(OFFSET_SNAPLEN));
        int rawLinkType = h.getInt(OFFSET_LINK_TYPE) & LINK_TYPE_MASK;
        return new Parsed.Valid(new PcapHeader(magic.get().byteOrder(), magic.get().timestampUnit(), major, minor,
                snaplen, rawLinkType, LinkType.of(rawLinkType)));
    }

    /** The outcome of {@link #parse}. */
    sealed interface Parsed {
        record Valid(PcapHeader header) implements Parsed {}

        record Invalid(String reason) implements Parsed {}
    }

}
