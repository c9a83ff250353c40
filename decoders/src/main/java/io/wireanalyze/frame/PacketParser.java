package io.wireanalyze.frame;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Finds the TCP segment in a frame: link layer (Ethernet with 802.1Q/QinQ, Linux SLL and SLL2, BSD
 * loopback, raw IP), IPv4 (RFC 791) and IPv6 (RFC 8200, with extension headers), TCP (RFC 9293).
 * Pure (a reader's {@link Endpoints} aside, which only saves making endpoints again) and allocation-light; every
 * offset is checked against the captured length.
 */
public final class PacketParser {

    /** What a frame turned out to be, when it is not a TCP segment. */
    public enum Kind { TCP, UDP, NOT_IP, NOT_TCP, IP_FRAGMENT, UNSUPPORTED_LINK, TRUNCATED }

    /**
     * The outcome: a segment, or the reason there is none.
     *
     * @param payload for UDP, the datagram's payload; for an IPv4 fragment, the whole IPv4 packet (header and
     *                fragment), for {@link Ipv4Defragmenter}; null otherwise
     */
    public record Result(Kind kind, TcpSegment segment, String detail, ByteBuffer payload) {
        Result(Kind kind, TcpSegment segment, String detail) {
            this(kind, segment, detail, null);
        }

        static Result of(Kind kind, String detail) {
            return new Result(kind, null, detail);
        }
    }

    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int ETHERTYPE_IPV6 = 0x86DD;
    static final int ETHERTYPE_VLAN = 0x8100;   // IEEE 802.1Q
    static final int ETHERTYPE_QINQ = 0x88A8;   // IEEE 802.1ad
    static final int ETHERTYPE_VLAN_OLD_QINQ = 0x9100;
    static final int IPPROTO_TCP = 6;
    static final int IPPROTO_UDP = 17;
    static final int UDP_HEADER_LENGTH = 8;
    static final int IPV6_HOP_BY_HOP = 0, IPV6_ROUTING = 43, IPV6_FRAGMENT = 44, IPV6_DEST_OPTS = 60, IPV6_NO_NEXT = 59;
    static final int IPV6_AH = 51;

    private PacketParser() {
    }

    public static Result parse(Frame frame) {
        return parse(frame, null);
    }

    /**
     * {@link #parse(Frame)}, the segment's endpoints taken from {@code endpoints} when it has them (a reader of a
     * capture's frames in turn: no endpoint made per packet); null: made for the segment.
     */
    public static Result parse(Frame frame, Endpoints endpoints) {
        // Only absolute reads (and slices) from here on: the frame's own buffer serves, unless it is little-endian.
        ByteBuffer b = frame.bytes().order() == ByteOrder.BIG_ENDIAN ? frame.bytes() : frame.bytes().duplicate().order(ByteOrder.BIG_ENDIAN);
        int base = b.position();
        int len = b.remaining();
        return switch (frame.link()) {
            case ETHERNET -> ethernet(frame, endpoints, b, base, len);
            case LINUX_SLL -> len < 16 ? truncated("Linux SLL header", 16, len)
                    : byEtherType(frame, endpoints, b, base + 16, len - 16, u16(b, base + 14));
            case LINUX_SLL2 -> len < 20 ? truncated("Linux SLL2 header", 20, len)
                    : byEtherType(frame, endpoints, b, base + 20, len - 20, u16(b, base));
            case NULL, LOOP -> loopback(frame, endpoints, b, base, len);
            case RAW -> len < 1 ? truncated("raw IP header", 1, len) : rawIp(frame, endpoints, b, base, len);
            case IPV4 -> ipv4(frame, endpoints, b, base, len);
            case IPV6 -> ipv6(frame, endpoints, b, base, len);
            case UNKNOWN -> Result.of(Kind.UNSUPPORTED_LINK, "link type " + frame.rawLinkType() + " is not decoded");
        };
    }

    private static Result ethernet(Frame f, Endpoints e, ByteBuffer b, int p, int len) {
        if (len < 14) return truncated("Ethernet header", 14, len);
        int type = u16(b, p + 12);
        int off = 14;
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ || type == ETHERTYPE_VLAN_OLD_QINQ) {
            if (len < off + 4) return truncated("802.1Q tag", off + 4, len);
            type = u16(b, p + off + 2);
            off += 4;
        }
        return byEtherType(f, e, b, p + off, len - off, type);
    }

    private static Result loopback(Frame f, Endpoints e, ByteBuffer b, int p, int len) {
        if (len < 4) return truncated("loopback header", 4, len);
        // The family is in the writer's byte order (NULL) or network order (LOOP); the IP version nibble decides.
        return rawIp(f, e, b, p + 4, len - 4);
    }

    private static Result rawIp(Frame f, Endpoints e, ByteBuffer b, int p, int len) {
        if (len < 1) return truncated("IP header", 1, len);
        int version = (b.get(p) & 0xff) >>> 4;
        return switch (version) {
            case 4 -> ipv4(f, e, b, p, len);
            case 6 -> ipv6(f, e, b, p, len);
            default -> Result.of(Kind.NOT_IP, "IP version " + version + " (expected: 4 or 6)");
        };
    }

    private static Result byEtherType(Frame f, Endpoints e, ByteBuffer b, int p, int len, int type) {
        return switch (type) {
            case ETHERTYPE_IPV4 -> ipv4(f, e, b, p, len);
            case ETHERTYPE_IPV6 -> ipv6(f, e, b, p, len);
            default -> Result.of(Kind.NOT_IP, String.format("ethertype 0x%04x", type));
        };
    }

    private static Result ipv4(Frame f, Endpoints e, ByteBuffer b, int p, int len) {
        if (len < 20) return truncated("IPv4 header", 20, len);
        int ihl = (b.get(p) & 0x0f) * 4;
        if (ihl < 20) return Result.of(Kind.NOT_IP, "ip.hdr_len " + ihl + " (expected: >= 20)");
        if (len < ihl) return truncated("IPv4 header", ihl, len);
        int total = u16(b, p + 2);
        int fragment = u16(b, p + 6);
        int protocol = b.get(p + 9) & 0xff;
        if ((fragment & 0x3fff) != 0)
            return new Result(Kind.IP_FRAGMENT, null, "IPv4 fragment, offset " + (fragment & 0x1fff) * 8,
                    total >= ihl && total <= len ? b.slice(p, total) : null);
        if (protocol == IPPROTO_UDP) return udp(b, p + ihl, Math.min(len, total == 0 ? len : total) - ihl);
        if (protocol != IPPROTO_TCP) return Result.of(Kind.NOT_TCP, "ip.proto " + protocol);
        // A total length of 0 is seen with TCP segmentation offload: trust the captured length then.
        int ipLen = total == 0 ? len : total;
        if (ipLen < ihl) return Result.of(Kind.NOT_IP, "ip.len " + total + " (expected: >= " + ihl + ")");
        int srcAddr = b.getInt(p + 12), dstAddr = b.getInt(p + 16);
        return tcp(f, e, b, p + ihl, Math.min(len, ipLen) - ihl, ipLen - ihl, false, 0, srcAddr, 0, dstAddr, u16(b, p + 4));
    }

    private static Result ipv6(Frame f, Endpoints e, ByteBuffer b, int p, int len) {
        if (len < 40) return truncated("IPv6 header", 40, len);
        int payloadLen = u16(b, p + 4);
        int next = b.get(p + 6) & 0xff;
        long srcHi = b.getLong(p + 8), srcLo = b.getLong(p + 16), dstHi = b.getLong(p + 24), dstLo = b.getLong(p + 32);
        int off = 40;
        int end = payloadLen == 0 ? len : 40 + payloadLen; // jumbograms and TSO: trust the captured length
        for (int hops = 0; next != IPPROTO_TCP; hops++) {
            if (hops > 16) return Result.of(Kind.NOT_TCP, "more than 16 IPv6 extension headers");
            switch (next) {
                case IPV6_HOP_BY_HOP, IPV6_ROUTING, IPV6_DEST_OPTS -> {
                    if (len < off + 2) return truncated("IPv6 extension header", off + 2, len);
                    int extLen = ((b.get(p + off + 1) & 0xff) + 1) * 8;
                    next = b.get(p + off) & 0xff;
                    off += extLen;
                }
                case IPV6_AH -> {
                    if (len < off + 2) return truncated("IPv6 AH header", off + 2, len);
                    int extLen = ((b.get(p + off + 1) & 0xff) + 2) * 4;
                    next = b.get(p + off) & 0xff;
                    off += extLen;
                }
                case IPV6_FRAGMENT -> {
                    if (len < off + 8) return truncated("IPv6 fragment header", off + 8, len);
                    int fragOff = u16(b, p + off + 2);
                    if ((fragOff & 0xfff9) != 0) return Result.of(Kind.IP_FRAGMENT, "IPv6 fragment, offset " + (fragOff & 0xfff8));
                    next = b.get(p + off) & 0xff;  // atomic fragment: carry on
                    off += 8;
                }
                case IPPROTO_UDP -> {
                    return off > end ? Result.of(Kind.NOT_IP, "IPv6 extension headers run past ipv6.plen")
                            : udp(b, p + off, Math.min(len, end) - off);
                }
                default -> {
                    return Result.of(Kind.NOT_TCP, "ipv6.nxt " + next);
                }
            }
        }
        if (off > end) return Result.of(Kind.NOT_IP, "IPv6 extension headers run past ipv6.plen");
        return tcp(f, e, b, p + off, Math.min(len, end) - off, end - off, true, srcHi, srcLo, dstHi, dstLo, 0);
    }

    /** @param ipId the IPv4 identification (0 for IPv6): with the TCP checksum and options, what tells two sendings apart */
    private static Result tcp(Frame f, Endpoints e, ByteBuffer b, int p, int captured, int wire, boolean v6,
                              long srcHi, long srcLo, long dstHi, long dstLo, int ipId) {
        if (captured < 20) return truncated("TCP header", 20, Math.max(captured, 0));
        int dataOffset = ((b.get(p + 12) & 0xff) >>> 4) * 4;
        if (dataOffset < 20) return Result.of(Kind.NOT_TCP, "tcp.hdr_len " + dataOffset + " (expected: >= 20)");
        if (captured < dataOffset) return truncated("TCP options", dataOffset, captured);
        if (wire < dataOffset) return Result.of(Kind.NOT_TCP, "tcp.hdr_len " + dataOffset + " exceeds the IP payload " + wire);
        int srcPort = u16(b, p), dstPort = u16(b, p + 2);
        Endpoint src = endpoint(e, v6, srcHi, srcLo, srcPort);
        Endpoint dst = endpoint(e, v6, dstHi, dstLo, dstPort);
        long seq = Integer.toUnsignedLong(b.getInt(p + 4));
        long ack = Integer.toUnsignedLong(b.getInt(p + 8));
        int flags = b.get(p + 13) & 0xff;
        int window = u16(b, p + 14);
        ByteBuffer payload = b.slice(p + dataOffset, captured - dataOffset).order(ByteOrder.BIG_ENDIAN);
        // What tells two sendings of equal segments apart: the IPv4 identification (a stack gives each packet a new
        // one), the TCP checksum and options (timestamps). Without an identification (IPv6, or 0, as Linux sends its
        // SYN-ACKs and RSTs) two equal packets may be two sendings: a weak identity then (negative).
        long identity = ((long) ipId << 48) ^ ((long) u16(b, p + 16) << 32);
        for (int i = p + 20; i < p + dataOffset; i++) identity = identity * 31 + (b.get(i) & 0xff);
        identity = ipId != 0 ? identity & Long.MAX_VALUE | 1 : identity | Long.MIN_VALUE;
        return new Result(Kind.TCP, new TcpSegment(f, src, dst, seq, ack, flags, window, payload, wire - dataOffset, identity), null);
    }

    private static Endpoint endpoint(Endpoints known, boolean v6, long hi, long lo, int port) {
        if (known != null) return v6 ? known.ipv6(hi, lo, port) : known.ipv4((int) lo, port);
        return v6 ? new Endpoint(true, hi, lo, port) : Endpoint.ipv4((int) lo, port);
    }

    /** A UDP datagram (RFC 768): its payload, for protocols carried over UDP (MIOP). */
    private static Result udp(ByteBuffer b, int p, int captured) {
        if (captured < UDP_HEADER_LENGTH) return truncated("UDP header", UDP_HEADER_LENGTH, Math.max(captured, 0));
        return new Result(Kind.UDP, null, "udp", b.slice(p + UDP_HEADER_LENGTH, captured - UDP_HEADER_LENGTH));
    }

    private static Result truncated(String what, int needed, int have) {
        return Result.of(Kind.TRUNCATED, what + ": " + have + " bytes captured (expected: >= " + needed + ")");
    }

    private static int u16(ByteBuffer b, int i) {
        return b.getShort(i) & 0xffff;
    }
}
