package io.wireanalyze.bench;

import io.wireanalyze.bench.SessionTemplate.Endpoint;
import io.wireanalyze.bench.SessionTemplate.TemplateFrame;
import io.wireanalyze.frame.TcpSegment;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * One replay of a template: a cursor over its frames that writes each with this replay's addresses, sequence
 * numbers and time. With an MTU, a payload too big for one packet of that MTU goes out as several segments, 1 µs
 * apart, with consecutive sequence numbers; FIN and PSH only on the last.
 */
final class Replay {

    /** Client addresses: 198.18.0.1 to 198.18.255.254 (RFC 2544 benchmarking range, 198.18.0.0/15). */
    static final int CLIENT_NET = 198 << 24 | 18 << 16;
    /** Server addresses: 198.19.0.1 to 198.19.255.254. */
    static final int SERVER_NET = 198 << 24 | 19 << 16;
    static final int HOSTS = 65_534;
    static final long PIECE_SPACING_NANOS = 1_000;

    final long index;
    private final List<TemplateFrame> frames;
    private final int[] address;     // per template endpoint: its address in this replay
    private final int[] seqOffset;   // per template endpoint: added to its sequence numbers (and to the peer's acks)
    private final long startNanos;
    private final int mtu;
    private int frame;
    private int piece;
    private int pieces;
    private long nextNanos;

    /**
     * @param mtu       largest IP packet; 0 keeps every segment as captured
     * @param oneServer the servers of every replay on one address (198.19.0.1), each keeping its port
     */
    Replay(SessionTemplate template, long index, long startNanos, long seed, int mtu, boolean oneServer) {
        this.index = index;
        this.frames = template.frames();
        this.startNanos = startNanos;
        this.mtu = mtu;
        List<Endpoint> endpoints = template.endpoints();
        address = new int[endpoints.size()];
        seqOffset = new int[endpoints.size()];
        int hosts = template.addresses().size();
        for (int i = 0; i < endpoints.size(); i++) {
            Endpoint e = endpoints.get(i);
            long n = index * hosts + e.address();
            // Each replay's hosts get addresses of their own, clients in 198.18/16 and servers in 198.19/16 (the n-th
            // host is 198.18.x.y as a client, about 198.19.x.y as a server), or every server on one address. Past
            // 65,534 hosts the addresses come round again, the servers' shifted by one each time round, so that a
            // client and a server meet again only after 65,534 rounds of it (a 4-tuple stays one connection's).
            address[i] = e.client() ? CLIENT_NET + 1 + (int) (n % HOSTS)
                    : SERVER_NET + 1 + (oneServer ? e.address() : (int) ((n + n / HOSTS) % HOSTS));
            seqOffset[i] = (int) mix(seed ^ mix(index * 31 + i));
        }
        pieces = pieces(frames.get(0), mtu);
        nextNanos = startNanos + frames.get(0).relNanos();
    }

    /** Time of the next packet: never before the one written last. */
    long nextNanos() {
        return nextNanos;
    }

    boolean done() {
        return frame == frames.size();
    }

    /** Writes the next packet and moves on. */
    void writeNext(PcapOut out) throws IOException {
        TemplateFrame t = frames.get(frame);
        ByteBuffer b;
        int base;
        int start = 0;
        if (pieces == 1) {
            b = out.record(nextNanos, t.bytes().length, t.originalLength());
            base = b.position();
            b.put(t.bytes());
        } else {
            int mss = mss(t, mtu);
            start = piece * mss;
            int len = Math.min(mss, t.payloadLength() - start);
            int length = t.payloadOffset() + len;
            b = out.record(nextNanos, length, length);
            base = b.position();
            b.put(t.bytes(), 0, t.payloadOffset()).put(t.bytes(), t.payloadOffset() + start, len);
            Net.put16(b, base + t.ipOffset() + 2, length - t.ipOffset());               // ip.len
            Net.put16(b, base + t.ipOffset() + 4, Net.get16(b, base + t.ipOffset() + 4) + piece);   // ip.id
            if (piece < pieces - 1) {
                int flags = base + t.tcpOffset() + 13;
                b.put(flags, (byte) (b.get(flags) & ~(TcpSegment.FIN | TcpSegment.PSH)));
            }
        }
        rewrite(b, base, t, start);
        advance();
    }

    /** This replay's addresses, sequence and acknowledgement numbers, and the IPv4 header checksum. */
    private void rewrite(ByteBuffer b, int base, TemplateFrame t, int start) {
        int ip = base + t.ipOffset(), tcp = base + t.tcpOffset();
        Net.put32(b, ip + 12, address[t.src()]);
        Net.put32(b, ip + 16, address[t.dst()]);
        Net.put16(b, ip + 10, 0);
        Net.put16(b, ip + 10, Net.checksum(b, ip, t.tcpOffset() - t.ipOffset()));
        Net.put32(b, tcp + 4, Net.get32(b, tcp + 4) + seqOffset[t.src()] + start);
        int peer = seqOffset[t.dst()];
        if ((t.flags() & TcpSegment.ACK) != 0) Net.put32(b, tcp + 8, Net.get32(b, tcp + 8) + peer);
        Net.shiftSack(b, tcp + 20, base + t.payloadOffset(), peer);
    }

    private void advance() {
        if (++piece == pieces) {
            piece = 0;
            if (++frame == frames.size()) return;
            pieces = pieces(frames.get(frame), mtu);
        }
        TemplateFrame t = frames.get(frame);
        nextNanos = Math.max(nextNanos, startNanos + t.relNanos() + piece * PIECE_SPACING_NANOS);
    }

    /** Payload bytes per packet that keep the IP packet within {@code mtu}. */
    static int mss(TemplateFrame t, int mtu) {
        return mtu - (t.payloadOffset() - t.ipOffset());
    }

    /** Packets {@code t} becomes: 1, or its payload cut to the MSS (never a SYN, never a frame cut by the snaplen). */
    static int pieces(TemplateFrame t, int mtu) {
        if (mtu <= 0 || !t.complete() || (t.flags() & TcpSegment.SYN) != 0) return 1;
        int mss = mss(t, mtu);
        return t.payloadLength() <= mss ? 1 : (t.payloadLength() + mss - 1) / mss;
    }

    /** SplitMix64's finaliser: a well-mixed number from a counter. */
    static long mix(long z) {
        z += 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
