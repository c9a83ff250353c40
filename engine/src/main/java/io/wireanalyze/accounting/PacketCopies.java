package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;

import java.util.Arrays;

/**
 * Recognises copies of one packet: the same flow captured on two interfaces ({@code -i lo -i any}), a two-port tap
 * or a mirror port deliver every packet twice. A copy has the sending's identity (IPv4 identification, TCP
 * checksum and options, see {@link TcpSegment#identity()}), sequence and acknowledgement numbers, flags and length;
 * a retransmission does not (a new identification and TCP timestamp). Without an identification only packets
 * captured within microseconds of each other are copies. Remembers a flow's latest packets, a small ring
 * ({@link Tracker}).
 */
final class PacketCopies {

    static final int RING = 64;
    /** A copy is captured at nearly the same time: beyond this, an equal packet is a sending of its own. */
    static final long WINDOW_NANOS = 1_000_000_000L;
    /**
     * Without an IPv4 identification (a weak identity) equal packets are often two sendings (a server's RST to each
     * of two segments, microseconds apart): only copies this close are copies.
     */
    static final long WEAK_WINDOW_NANOS = 10_000L;

    /** Made small and grown to RING as the flow's packets come (most flows have a few dozen packets), in insertion order. */
    private long[] keys = new long[8];
    private long[] times = new long[8];
    private int[] interfaces = new int[8];
    private int next;
    /** Slots filled so far (up to RING): only these are compared, a flow's first packets with few. */
    private int filled;
    private long latest = Long.MIN_VALUE;
    /** Its flow's key, and its neighbours in the {@link Tracker}'s list of rings by recency (older: seen before). */
    FlowKey key;
    PacketCopies older;
    PacketCopies newer;

    PacketCopies() {
    }

    /** Empties the ring for another flow; its grown columns stay (what is past {@code filled} is never read). */
    void clear() {
        next = 0;
        filled = 0;
        latest = Long.MIN_VALUE;
        key = null;
    }

    /**
     * The interface on which the packet was seen first when it is a copy, or -1 (it is remembered then). Packets
     * without an identity (identity 0) are never copies.
     */
    int seen(boolean forward, TcpSegment s, long now) {
        if (s.identity() == 0) return -1;
        long key = s.identity() * 1_000_003L ^ s.seq() * 31 ^ s.ack() * 17 ^ (long) s.flags() << 56
                ^ (long) s.payloadLength() << 40 ^ (forward ? 1 : 2);
        long window = s.identity() < 0 ? WEAK_WINDOW_NANOS : WINDOW_NANOS;
        for (int i = 0; i < filled; i++) {
            if (keys[i] == key && times[i] != Long.MIN_VALUE && Math.abs(now - times[i]) <= window) return interfaces[i];
        }
        if (filled == keys.length && filled < RING) {   // not wrapped yet: grow, keeping the slots' order
            int n = Math.min(RING, filled * 2);
            keys = Arrays.copyOf(keys, n);
            times = Arrays.copyOf(times, n);
            interfaces = Arrays.copyOf(interfaces, n);
        }
        keys[next] = key;
        times[next] = now;
        interfaces[next] = s.frame().interfaceIndex();
        next = (next + 1) % RING;
        if (filled < RING) filled++;
        latest = Math.max(latest, now);
        return -1;
    }

    /** The latest time of a packet remembered. */
    long latest() {
        return latest;
    }
}
