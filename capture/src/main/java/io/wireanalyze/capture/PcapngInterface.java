package io.wireanalyze.capture;

import io.wireanalyze.frame.LinkType;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.OptionalLong;

/**
 * One capture interface, from its Interface Description Block (draft-ietf-opsawg-pcapng section 4.2):
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                    Block Type = 0x00000001                    |  0
 * |                      Block Total Length                       |  4
 * |           LinkType            |           Reserved            |  8
 * |                            SnapLen                            | 12
 * /                      Options (variable)                       / 16
 * |                      Block Total Length                       |
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * Each option is a 16-bit code, a 16-bit length and a value padded to 32 bits, in the section's byte
 * order; opt_endofopt (code 0) ends the list. Interface IDs count IDBs from 0 within their section.
 *
 * @param section       the 1-based number of the section the interface belongs to
 * @param id            its Interface ID: the IDB's position among the section's IDBs, from 0
 * @param rawLinkType   the LINKTYPE_ number
 * @param linkType      {@link LinkType#of(int)} of {@code rawLinkType}
 * @param snaplen       maximum captured bytes per packet, as declared (unsigned; 0: no limit)
 * @param resolution    the unit of its timestamps (if_tsresol; 10^-6 s without it)
 * @param offsetSeconds seconds to add to its timestamps (if_tsoffset; 0 without it)
 * @param name          its if_name ("eth0", "any"), empty without one
 */
public record PcapngInterface(int section, int id, int rawLinkType, LinkType linkType, long snaplen,
                              PcapngTimestampResolution resolution, long offsetSeconds, String name) {

    static final int OFFSET_LINK_TYPE = 8;
    static final int OFFSET_SNAPLEN = 12;
    static final int OFFSET_OPTIONS = 16;

    static final int OPTION_HEADER_LENGTH = 4;
    /** opt_endofopt: ends the option list. */
    static final int OPT_ENDOFOPT = 0;
    /** if_name: UTF-8 name of the interface, not zero-terminated. */
    static final int IF_NAME = 2;
    /** if_tsresol: one byte, see {@link PcapngTimestampResolution}. */
    static final int IF_TSRESOL = 9;
    /** if_tsoffset: signed 64-bit seconds added to every timestamp of the interface. */
    static final int IF_TSOFFSET = 14;

    /** Nanoseconds since the epoch of a packet timestamp of this interface; empty when not representable. */
    public OptionalLong toEpochNanos(long ticks) {
        return resolution.toEpochNanos(ticks, offsetSeconds);
    }

    /**
     * Parses an Interface Description Block, {@code length} bytes from absolute index {@code at} of
     * {@code block}, whose byte order is the section's. The block's length fields are already checked.
     *
     * @param fileOffset byte offset of the block in the file, for messages
     */
    static Parsed parse(ByteBuffer block, int at, int length, long fileOffset, int section, int id) {
        int rawLinkType = Short.toUnsignedInt(block.getShort(at + OFFSET_LINK_TYPE));
        long snaplen = Integer.toUnsignedLong(block.getInt(at + OFFSET_SNAPLEN));
        PcapngTimestampResolution resolution = PcapngTimestampResolution.MICROSECONDS;
        long offsetSeconds = 0;
        String name = "";
        int end = at + length - 4;                                        // the trailing Block Total Length
        int p = at + OFFSET_OPTIONS;
        while (end - p >= OPTION_HEADER_LENGTH) {
            int code = Short.toUnsignedInt(block.getShort(p));
            int valueLength = Short.toUnsignedInt(block.getShort(p + 2));
            if (code == OPT_ENDOFOPT) break;
            long where = fileOffset + (p - at);
            int padded = (valueLength + 3) & ~3;
            if (padded > end - p - OPTION_HEADER_LENGTH) {
                return new Parsed.Invalid("option " + code + " at byte offset " + where + ": length " + valueLength
                        + " (expected: <= " + (end - p - OPTION_HEADER_LENGTH) + ", the bytes left in the block)");
            }
            int value = p + OPTION_HEADER_LENGTH;
            if (code == IF_TSRESOL || code == IF_TSOFFSET) {
                int expected = code == IF_TSRESOL ? 1 : 8;
                if (valueLength != expected) {
                    return new Parsed.Invalid((code == IF_TSRESOL ? "if_tsresol" : "if_tsoffset") + " at byte offset "
                            + where + ": length " + valueLength + " (expected: " + expected + ")");
                }
            }
            switch (code) {
                case IF_TSRESOL -> {
                    int tsresol = block.get(value);
                    String unusable = PcapngTimestampResolution.unusable(tsresol);
                    if (unusable != null) return new Parsed.Invalid("if_tsresol at byte offset " + where + ": " + unusable);
                    resolution = PcapngTimestampResolution.of(tsresol);
                }
                case IF_TSOFFSET -> offsetSeconds = block.getLong(value);
                case IF_NAME -> {
                    byte[] utf8 = new byte[valueLength];
                    block.get(value, utf8);
                    name = new String(utf8, StandardCharsets.UTF_8);
                }
                default -> { }                                            // if_description, if_filter, if_os ...
            }
            p = value + padded;
        }
        return new Parsed.Valid(new PcapngInterface(section, id, rawLinkType, LinkType.of(rawLinkType), snaplen,
                resolution, offsetSeconds, name));
    }

    /** The outcome of {@link #parse}. */
    sealed interface Parsed {
        record Valid(PcapngInterface value) implements Parsed {}

        record Invalid(String reason) implements Parsed {}
    }
}
