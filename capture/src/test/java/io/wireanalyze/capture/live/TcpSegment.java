package io.wireanalyze.capture.live;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;

import java.nio.ByteBuffer;

/**
 * Just enough Ethernet/IPv4/TCP parsing to check what a loopback capture holds (the decoders module
 * does this properly; the capture module's tests stay independent of it).
 */
record TcpSegment(long frame, int sourcePort, int destinationPort, long sequence, int flags, byte[] payload) {

    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int IP_PROTOCOL_TCP = 6;
    static final int FIN = 0x01;
    static final int SYN = 0x02;
    static final int ACK = 0x10;

    /** The TCP segment in an Ethernet frame, or null when the frame holds none. */
    static TcpSegment of(Frame frame) {
        if (frame.link() != LinkType.ETHERNET) return null;
        ByteBuffer b = frame.bytes();
        if (b.remaining() < 14 + 20 || Short.toUnsignedInt(b.getShort(12)) != ETHERTYPE_IPV4) return null;
        int ip = 14;
        int ipHeader = (b.get(ip) & 0x0F) * 4;
        if (b.get(ip + 9) != IP_PROTOCOL_TCP) return null;
        int ipTotal = Short.toUnsignedInt(b.getShort(ip + 2));
        int tcp = ip + ipHeader;
        int tcpHeader = ((b.get(tcp + 12) >> 4) & 0x0F) * 4;
        int payloadStart = tcp + tcpHeader;
        byte[] payload = new byte[ip + ipTotal - payloadStart];
        b.get(payloadStart, payload);
        return new TcpSegment(frame.number(), Short.toUnsignedInt(b.getShort(tcp)), Short.toUnsignedInt(b.getShort(tcp + 2)),
                Integer.toUnsignedLong(b.getInt(tcp + 4)), b.get(tcp + 13) & 0xFF, payload);
    }

    boolean has(int flag) {
        return (flags & flag) != 0;
    }
}
