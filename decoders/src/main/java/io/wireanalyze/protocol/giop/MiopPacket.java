package io.wireanalyze.protocol.giop;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The header of a MIOP packet (OMG "Unreliable Multicast Inter-ORB Protocol" 1.0, PacketHeader_1_0): GIOP
 * carried over UDP multicast, one GIOP message cut into numbered packets. Wireshark dissects it as {@code miop}.
 * The TCP pipeline never sees UDP: this is the hook for reporting MIOP datagrams as such (see the package notes).
 *
 * <pre>
 *  0 magic "MIOP" | 4 hdr_version 0x10 | 5 flags (bit 0 little-endian, bit 1 last packet) | 6 packet_length (ushort)
 *  8 packet_number (ulong) | 12 number_of_packets (ulong) | 16 Id: sequence&lt;octet&gt;, at most 252 octets
 *  then the GIOP message (or this packet's part of it), 8-aligned
 * </pre>
 *
 * @param littleEndian    flags bit 0
 * @param lastPacket      flags bit 1
 * @param packetLength    the GIOP bytes in this packet
 * @param packetNumber    0-based
 * @param numberOfPackets how many packets carry the message
 * @param uniqueId        the message's id, hex
 * @param giopOffset      where the GIOP bytes start, relative to the datagram's position
 */
public record MiopPacket(boolean littleEndian, boolean lastPacket, int packetLength, long packetNumber,
                         long numberOfPackets, String uniqueId, int giopOffset) {

    static final int MAGIC = 0x4D494F50;     // "MIOP"
    static final int VERSION_1_0 = 0x10;
    static final int HEADER_LENGTH = 20;
    static final int MAX_ID_LENGTH = 252;

    /** The header of a UDP payload that is a MIOP 1.0 packet, or null. Never throws. */
    public static MiopPacket parse(ByteBuffer datagram) {
        int p = datagram.position(), n = datagram.remaining();
        if (n < HEADER_LENGTH || datagram.getInt(p) != MAGIC || (datagram.get(p + 4) & 0xff) != VERSION_1_0) return null;
        int flags = datagram.get(p + 5) & 0xff;
        ByteBuffer b = datagram.duplicate().order((flags & 1) != 0 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
        int packetLength = b.getShort(p + 6) & 0xffff;
        long number = Integer.toUnsignedLong(b.getInt(p + 8)), count = Integer.toUnsignedLong(b.getInt(p + 12));
        long idLength = Integer.toUnsignedLong(b.getInt(p + 16));
        if (idLength > MAX_ID_LENGTH || HEADER_LENGTH + idLength > n) return null;
        int giop = (int) ((HEADER_LENGTH + idLength + 7) & ~7);
        if (giop + packetLength > n || number >= count) return null;
        CdrReader.Octets id = new CdrReader.Octets(p + HEADER_LENGTH, (int) idLength);
        return new MiopPacket((flags & 1) != 0, (flags & 2) != 0, packetLength, number, count,
                ObjectKey.of(b, id).hex(), giop);
    }

    /** Whether the packet carries a whole GIOP message. */
    public boolean whole() {
        return numberOfPackets == 1;
    }
}
