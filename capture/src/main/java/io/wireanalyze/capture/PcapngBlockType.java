package io.wireanalyze.capture;

import io.wireanalyze.codec.Hex;

/**
 * pcapng block types (draft-ietf-opsawg-pcapng section 11.1, "Block Type Codes"). Every block starts with
 * the same 8 bytes and ends with a copy of its length:
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                          Block Type                           |  0
 * |                      Block Total Length                       |  4
 * /                          Block Body                           /  8
 * |                      Block Total Length                       |  length - 4
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * The minimum lengths are the block header, the fixed fields of the body and the trailing length; a
 * reader skips any block it does not know by its length.
 */
enum PcapngBlockType {
    /** 0x0A0D0D0A: starts a section; its byte-order magic sets the byte order of every block in the section. */
    SECTION_HEADER(0x0A0D_0D0A, "Section Header Block", 28),
    /** 0x00000001: one capture interface: link type, snaplen, options (if_tsresol, if_tsoffset, if_name). */
    INTERFACE_DESCRIPTION(0x0000_0001, "Interface Description Block", 20),
    /** 0x00000002: the obsolete Packet Block: 16-bit interface ID and drops count, then as an EPB. */
    PACKET(0x0000_0002, "Packet Block", 32),
    /** 0x00000003: a packet of interface 0 with its original length only: no timestamp, no captured length. */
    SIMPLE_PACKET(0x0000_0003, "Simple Packet Block", 16),
    /** 0x00000004: address-to-name records; skipped. */
    NAME_RESOLUTION(0x0000_0004, "Name Resolution Block", 12),
    /** 0x00000005: an interface's packet counters; skipped. */
    INTERFACE_STATISTICS(0x0000_0005, "Interface Statistics Block", 12),
    /** 0x00000006: a packet with its interface ID, 64-bit timestamp, captured and original lengths. */
    ENHANCED_PACKET(0x0000_0006, "Enhanced Packet Block", 32),
    /** 0x0000000A: TLS keys and other secrets: Secrets Type, Secrets Length, the data; kept. */
    DECRYPTION_SECRETS(0x0000_000A, "Decryption Secrets Block", 20),
    /** 0x00000BAD: a Custom Block that may be copied; skipped. */
    CUSTOM(0x0000_0BAD, "Custom Block", 12),
    /** 0x40000BAD: a Custom Block that must not be copied; skipped. */
    CUSTOM_DO_NOT_COPY(0x4000_0BAD, "Custom Block", 12),
    /** Any other type: skipped by its length. */
    UNKNOWN(-1, "unknown block", 12);

    /** Block Type and Block Total Length. */
    static final int HEADER_LENGTH = 8;
    /** The header and the trailing Block Total Length: the smallest block there is. */
    static final int MIN_LENGTH = 12;
    static final int OFFSET_TYPE = 0;
    static final int OFFSET_LENGTH = 4;

    private final int code;
    private final String title;
    private final int minLength;

    PcapngBlockType(int code, String title, int minLength) {
        this.code = code;
        this.title = title;
        this.minLength = minLength;
    }

    /** The type with this code; {@link #UNKNOWN} for codes this reader skips without naming them. */
    static PcapngBlockType of(int code) {
        for (PcapngBlockType t : values()) {
            if (t.code == code) return t;
        }
        return UNKNOWN;
    }

    /** Whether a block of this type holds a packet, and so a frame. */
    boolean holdsPacket() {
        return this == ENHANCED_PACKET || this == SIMPLE_PACKET || this == PACKET;
    }

    /** The smallest Block Total Length a block of this type can have. */
    int minLength() {
        return minLength;
    }

    /** For messages: "Enhanced Packet Block 0x00000006", "unknown block 0x12345678". */
    static String describe(int code) {
        return of(code).title + " " + Hex.padded(code);
    }
}
