package io.wireanalyze.frame;

import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Every link type carries the same real TCP segment: ndpi-jrmi.pcap frame 9 (the registry lookup call, 60
 * payload bytes from 127.0.0.1:34450 to 127.0.1.1:1099), re-framed as each link layer writes it.
 */
class PacketParserTest {

    private static byte[] ethernet;   // the captured frame
    private static byte[] ipv4;       // its IPv4 packet
    private static byte[] tcp;        // its TCP segment (header and payload)

    @BeforeAll
    static void load() throws Exception {
        Frame f = TestCaptures.frames(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap")).get(8);
        ethernet = new byte[f.capturedLength()];
        f.bytes().duplicate().get(ethernet);
        ipv4 = Arrays.copyOfRange(ethernet, 14, ethernet.length);
        tcp = Arrays.copyOfRange(ipv4, (ipv4[0] & 0x0f) * 4, ipv4.length);
    }

    private static PacketParser.Result parse(LinkType link, byte[] bytes) {
        return PacketParser.parse(new Frame(1, 0, link, ByteBuffer.wrap(bytes).asReadOnlyBuffer(), bytes.length));
    }

    private static void assertTheLookupSegment(PacketParser.Result r) {
        assertEquals(PacketParser.Kind.TCP, r.kind(), r.detail());
        TcpSegment s = r.segment();
        assertEquals(34450, s.src().port());
        assertEquals(1099, s.dst().port());
        assertEquals(60, s.payloadLength());
        assertEquals(0x50, s.payload().get(s.payload().position()) & 0xff);   // JRMP Call
    }

    private static byte[] concat(byte[]... parts) {
        int n = 0;
        for (byte[] p : parts) n += p.length;
        ByteBuffer b = ByteBuffer.allocate(n);
        for (byte[] p : parts) b.put(p);
        return b.array();
    }

    private static byte[] ethernetHeader(int... typesAndTags) {
        ByteBuffer b = ByteBuffer.allocate(12 + 2 * typesAndTags.length);
        b.put(Arrays.copyOf(ethernet, 12));
        for (int t : typesAndTags) b.putShort((short) t);
        return b.array();
    }

    @Test
    void ethernet() {
        var r = parse(LinkType.ETHERNET, ethernet);
        assertTheLookupSegment(r);
        assertEquals("127.0.0.1:34450", r.segment().src().toString());
        assertEquals("127.0.1.1:1099", r.segment().dst().toString());
    }

    @Test
    void aReadersEndpointsServeItsNextPacketsWithTheSameValues() {
        Frame f = new Frame(1, 0, LinkType.ETHERNET, ByteBuffer.wrap(ethernet).asReadOnlyBuffer(), ethernet.length);
        Endpoints known = new Endpoints();
        TcpSegment first = PacketParser.parse(f, known).segment();
        TcpSegment second = PacketParser.parse(f, known).segment();
        assertSame(first.src(), second.src());
        assertSame(first.dst(), second.dst());
        assertEquals(PacketParser.parse(f).segment(), first);
    }

    @Test
    void ethernetWith8021qAndQinQTags() {
        assertTheLookupSegment(parse(LinkType.ETHERNET, concat(ethernetHeader(0x8100, 0x0064, 0x0800), ipv4)));
        assertTheLookupSegment(parse(LinkType.ETHERNET, concat(ethernetHeader(0x88a8, 0x00c8, 0x8100, 0x0064, 0x0800), ipv4)));
    }

    @Test
    void linuxCookedV1AndV2() {
        ByteBuffer sll = ByteBuffer.allocate(16);
        sll.putShort((short) 0).putShort((short) 772).putShort((short) 6).put(new byte[8]).putShort((short) 0x0800);
        assertTheLookupSegment(parse(LinkType.LINUX_SLL, concat(sll.array(), ipv4)));
        ByteBuffer sll2 = ByteBuffer.allocate(20);
        sll2.putShort((short) 0x0800).putShort((short) 0).putInt(1).putShort((short) 772).put((byte) 0).put((byte) 6).put(new byte[8]);
        assertTheLookupSegment(parse(LinkType.LINUX_SLL2, concat(sll2.array(), ipv4)));
    }

    @Test
    void bsdLoopbackInEitherByteOrderAndRawIp() {
        byte[] familyLe = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(2).array();
        byte[] familyBe = ByteBuffer.allocate(4).putInt(2).array();
        assertTheLookupSegment(parse(LinkType.NULL, concat(familyLe, ipv4)));
        assertTheLookupSegment(parse(LinkType.LOOP, concat(familyBe, ipv4)));
        assertTheLookupSegment(parse(LinkType.RAW, ipv4));
        assertTheLookupSegment(parse(LinkType.IPV4, ipv4));
    }

    @Test
    void ipv6WithExtensionHeaders() {
        ByteBuffer v6 = ByteBuffer.allocate(40 + 8 + 8 + tcp.length);
        v6.putInt(0x60000000).putShort((short) (8 + 8 + tcp.length)).put((byte) 0).put((byte) 64);   // next: hop-by-hop
        v6.putLong(0).putLong(1);                                   // ::1
        v6.putLong(0x20010db800000000L).putLong(2);                 // 2001:db8::2
        v6.put((byte) 60).put((byte) 0).put(new byte[6]);           // hop-by-hop, next: destination options
        v6.put((byte) 6).put((byte) 0).put(new byte[6]);            // destination options, next: TCP
        v6.put(tcp);
        var r = parse(LinkType.RAW, v6.array());
        assertTheLookupSegment(r);
        assertEquals("[::1]:34450", r.segment().src().toString());
        assertEquals("[2001:db8::2]:1099", r.segment().dst().toString());
        assertTheLookupSegment(parse(LinkType.ETHERNET, concat(ethernetHeader(0x86dd), v6.array())));
    }

    @Test
    void aSnaplenCutKeepsTheWireLengthOfThePayload() {
        var r = parse(LinkType.ETHERNET, Arrays.copyOf(ethernet, ethernet.length - 20));
        assertEquals(PacketParser.Kind.TCP, r.kind());
        assertEquals(60, r.segment().payloadLength());
        assertEquals(40, r.segment().capturedPayloadLength());
    }

    @Test
    void fragmentsAndOtherProtocolsAreNamed() {
        byte[] fragment = ipv4.clone();
        fragment[6] = 0x20;   // more fragments
        assertEquals(PacketParser.Kind.IP_FRAGMENT, parse(LinkType.RAW, fragment).kind());
        byte[] udp = ipv4.clone();
        udp[9] = 17;
        var u = parse(LinkType.RAW, udp);
        assertEquals(PacketParser.Kind.UDP, u.kind());
        assertEquals(tcp.length - 8, u.payload().remaining());
        byte[] icmp = ipv4.clone();
        icmp[9] = 1;
        var r = parse(LinkType.RAW, icmp);
        assertEquals(PacketParser.Kind.NOT_TCP, r.kind());
        assertEquals("ip.proto 1", r.detail());
        assertEquals(PacketParser.Kind.NOT_IP, parse(LinkType.ETHERNET, concat(ethernetHeader(0x0806), new byte[28])).kind());
        assertEquals(PacketParser.Kind.UNSUPPORTED_LINK, PacketParser.parse(new Frame(1, 0, LinkType.UNKNOWN, 147, ByteBuffer.wrap(ethernet), 1)).kind());
    }

    @Test
    void truncatedHeadersAreReportedNeverThrown() {
        for (int n = 0; n < 14 + 20 + 32; n++) {
            var r = parse(LinkType.ETHERNET, Arrays.copyOf(ethernet, n));
            assertNotNull(r.kind());
            if (n < 14 + 20 + 32) assertNotEquals(PacketParser.Kind.TCP, r.kind(), "cut at " + n);
        }
        var r = parse(LinkType.ETHERNET, Arrays.copyOf(ethernet, 20));
        assertEquals("IPv4 header: 6 bytes captured (expected: >= 20)", r.detail());
    }
}
