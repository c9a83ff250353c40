package io.wireanalyze.capture;

/**
 * Layout and sanity limits of the 16-byte record header that precedes every packet in a classic pcap
 * file (draft-ietf-opsawg-pcap section 5 "Packet Record"):
 *
 * <pre>
 *  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * |                      Timestamp (Seconds)                      |  0
 * |            Timestamp (Microseconds or nanoseconds)            |  4
 * |                    Captured Packet Length                     |  8   incl_len
 * |                    Original Packet Length                     | 12   orig_len
 * +-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+-+
 * </pre>
 *
 * The lengths are bounded before use, as libpcap's sf-pcap.c and Wireshark's wiretap/libpcap.c do, so
 * a damaged length ends reading instead of producing a frame of garbage.
 */
final class PcapRecordHeader {

    static final int LENGTH = 16;
    static final int OFFSET_TS_SECONDS = 0;
    static final int OFFSET_TS_FRACTION = 4;
    static final int OFFSET_INCL_LEN = 8;
    static final int OFFSET_ORIG_LEN = 12;

    /** libpcap MAXIMUM_SNAPLEN (pcap-int.h): no link type captures more per packet. */
    static final long MAX_CAPTURED_LENGTH = 262_144;

    private PcapRecordHeader() {}

    /**
     * Why a record with these lengths cannot be real, or {@code null} when it can.
     *
     * @param inclLen captured length (unsigned 32-bit)
     * @param origLen original length (unsigned 32-bit)
     * @param snaplen the file header's snaplen; 0 means "not declared" and is not checked
     */
    static String implausibleLength(long inclLen, long origLen, long snaplen) {
        if (inclLen > MAX_CAPTURED_LENGTH) {
            return "incl_len " + inclLen + " (expected: <= " + MAX_CAPTURED_LENGTH + ")";
        }
        if (snaplen > 0 && inclLen > snaplen * 2) {
            return "incl_len " + inclLen + " (expected: <= twice the snaplen " + snaplen + ")";
        }
        if (origLen < inclLen) {
            return "orig_len " + origLen + " is less than incl_len " + inclLen + " (expected: orig_len >= incl_len)";
        }
        if (origLen > Integer.MAX_VALUE) {
            return "orig_len " + origLen + " (expected: <= " + Integer.MAX_VALUE + ")";
        }
        return null;
    }
}
