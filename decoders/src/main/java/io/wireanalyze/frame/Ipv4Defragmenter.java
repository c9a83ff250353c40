package io.wireanalyze.frame;

import java.nio.ByteBuffer;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reassembles IPv4 fragments (RFC 791 section 3.2) into whole datagrams, keyed by source, destination,
 * protocol and identification. The whole datagram is handed back as a raw-IP frame carrying the number and
 * time of the fragment that completed it (as Wireshark shows a reassembled packet), and the wire length of
 * all its fragments. Bounded: at most {@link #MAX_PENDING} datagrams wait; the oldest is given up first.
 * Overlapping fragments: the first copy of a byte wins.
 */
public final class Ipv4Defragmenter {

    static final int MAX_PENDING = 1024;
    static final int MAX_DATAGRAM = 65_535;

    private record Key(int src, int dst, int protocol, int id) {
    }

    private static final class Datagram {
        final byte[] data = new byte[MAX_DATAGRAM];
        final BitSet have = new BitSet();
        byte[] header;          // the first fragment's header (offset 0)
        int payloadLength = -1; // known once the last fragment (MF clear) arrived
        long wireLength;
        int fragments;
    }

    private final Map<Key, Datagram> pending = new LinkedHashMap<>();
    private long givenUpFragments;

    /**
     * Takes one fragment.
     *
     * @param frame  the frame it came in
     * @param packet the IPv4 packet: header and fragment data, exactly its total length
     * @return the reassembled datagram as a raw IPv4 frame when this fragment completed it, else null
     */
    public Frame offer(Frame frame, ByteBuffer packet) {
        ByteBuffer b = packet.duplicate().order(java.nio.ByteOrder.BIG_ENDIAN);
        int p = b.position();
        if (b.remaining() < 20) return null;
        int ihl = (b.get(p) & 0x0f) * 4;
        if (ihl < 20 || ihl > b.remaining()) return null;
        int flagsOffset = b.getShort(p + 6) & 0xffff;
        boolean more = (flagsOffset & 0x2000) != 0;
        int offset = (flagsOffset & 0x1fff) * 8;
        int length = b.remaining() - ihl;
        if (offset + length > MAX_DATAGRAM - 60) return null;
        Key key = new Key(b.getInt(p + 12), b.getInt(p + 16), b.get(p + 9) & 0xff, b.getShort(p + 4) & 0xffff);
        Datagram d = pending.get(key);
        if (d == null) {
            if (pending.size() >= MAX_PENDING) {
                var oldest = pending.values().iterator();
                givenUpFragments += oldest.next().fragments;
                oldest.remove();
            }
            d = new Datagram();
            pending.put(key, d);
        }
        d.fragments++;
        d.wireLength += frame.originalLength();
        if (offset == 0 && d.header == null) {
            d.header = new byte[ihl];
            b.get(p, d.header);
        }
        if (!more) d.payloadLength = offset + length;
        for (int i = 0; i < length; i++) {
            if (!d.have.get(offset + i)) {
                d.data[offset + i] = b.get(p + ihl + i);
                d.have.set(offset + i);
            }
        }
        if (d.header == null || d.payloadLength < 0 || d.have.nextClearBit(0) < d.payloadLength) return null;
        pending.remove(key);
        int ipLength = d.header.length + d.payloadLength;
        ByteBuffer whole = ByteBuffer.allocate(ipLength);
        whole.put(d.header).put(d.data, 0, d.payloadLength).flip();
        whole.putShort(2, (short) ipLength);
        whole.putShort(6, (short) 0);   // no longer a fragment
        return new Frame(frame.number(), frame.timestampNanos(), LinkType.RAW, LinkType.RAW.number(), whole.asReadOnlyBuffer(),
                (int) Math.min(Integer.MAX_VALUE, d.wireLength), frame.interfaceIndex());
    }

    /** Fragments (frames) of datagrams still missing fragments at the end of the capture, or given up for room. */
    public long incompleteFragments() {
        long n = givenUpFragments;
        for (Datagram d : pending.values()) n += d.fragments;
        return n;
    }
}
