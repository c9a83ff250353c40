package io.wireanalyze.accounting;

import io.wireanalyze.frame.TcpSegment;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an analysis knows of the capture as a whole, from its frames in capture order and their headers only: the
 * frames counted, the capture's first and latest times, the frames it does not decode (by kind), copies of TCP
 * packets (a tap, a mirror port, the same flow on two interfaces: {@link PacketCopies}, per flow), and for every
 * other TCP packet its index among the capture's TCP packets and the time since the previous one. A connection's
 * analysis needs these (its packets' elapsed times and places), and nothing else of other connections' packets: so
 * the tracker, which reads no payload, is the one sequential pass an engine makes over the whole capture (the
 * analyzer's reading thread; a cluster's driver, over the headers its tasks framed), and connections are analysed
 * apart. Its memory grows with the flows seen in the last {@link #FLOW_MEMORY_NANOS} of capture time.
 */
public final class Tracker {

    static final String DUPLICATE = "copies of a TCP packet already seen (a tap or a mirror port; counted once)";
    static final String OTHER_INTERFACE = "TCP packets seen again on another interface (the same flow captured twice; counted once)";

    /**
     * How long, in capture time, a flow's recent packets are remembered for the copy check after its latest one. A
     * copy comes within {@link PacketCopies#WINDOW_NANOS} of its first sending, so a flow quiet for longer than that
     * has nothing left to match; the margin beyond it keeps copies across a file whose clock steps back by up to
     * 4 s. It was 60 s: a capture that opens a few hundred thousand connections within a minute then kept every
     * one of their rings, and the collector spent half the analysis's CPU on them (the bench's 5 M-packet capture).
     */
    static final long FLOW_MEMORY_NANOS = 5_000_000_000L;

    /** Rings of forgotten flows kept for new ones (most flows' rings are grown), at most this many. */
    static final int SPARE_RINGS = 1024;

    private final Map<String, Long> otherFrames = new LinkedHashMap<>();
    /**
     * Per flow, its latest packets (for copies), looked up with {@link #probe}: no key is made per packet. The rings
     * are also in a list through them, the least recently seen first ({@link PacketCopies#older}), which
     * {@link #forget()} reads from its head (a LinkedHashMap in access order made an iterator per packet for it).
     * Keyed by the flows' fields ({@link FlowTable}).
     */
    private final FlowTable<PacketCopies> copies = new FlowTable<>();
    private final FlowKey probe = FlowKey.probe();
    private PacketCopies leastRecent;
    private PacketCopies mostRecent;
    private final PacketCopies[] spare = new PacketCopies[SPARE_RINGS];
    private int spares;
    private long frames;
    private long tcpPackets;
    private long firstNanos = Long.MIN_VALUE;
    private long lastNanos = Long.MIN_VALUE;
    private long firstTcpNanos;
    private long previousTcpNanos;
    private long elapsed;
    private FlowKey flow;

    /** A frame of the capture, at {@code nanos}: called first for every frame. */
    public void frame(long nanos) {
        frames++;
        if (firstNanos == Long.MIN_VALUE) firstNanos = nanos;
        lastNanos = Math.max(lastNanos, nanos);   // the latest time seen: a file's clock may step back
    }

    /** A frame (or part of one) counted but not decoded, with what it is. */
    public void other(String label) {
        otherFrames.merge(label, 1L, Long::sum);
    }

    /** {@code n} frames counted but not decoded, with what they are (put in place of any count so far). */
    void other(String label, long n) {
        otherFrames.put(label, n);
    }

    /** Takes away {@code n} frames counted as {@code label} (the fragments of datagrams never completed). */
    void uncount(String label, long n) {
        otherFrames.computeIfPresent(label, (k, v) -> v - n == 0 ? null : v - n);
    }

    /**
     * A TCP segment of the frame just seen: its index among the capture's TCP packets, or -1 when it is a copy of a
     * packet already seen (then counted among the other frames). {@link #elapsed()} is then its elapsed time.
     */
    public long tcp(TcpSegment s, long nanos) {
        PacketCopies ring = copies.get(probe.set(s.src(), s.dst()));
        if (ring == null) {
            ring = spares == 0 ? new PacketCopies() : spare[--spares];
            ring.key = probe.copy();
            copies.put(ring.key, ring);
        } else {
            unlink(ring);
        }
        link(ring);
        FlowKey key = ring.key;
        flow = key;
        int copyOf = ring.seen(key.forward(s.src()), s, nanos);
        forget();
        if (copyOf >= 0) {
            other(copyOf == s.frame().interfaceIndex() ? DUPLICATE : OTHER_INTERFACE);
            return -1;
        }
        // Time charged to a packet: since the previous TCP packet; never negative when a file's clock steps back.
        if (tcpPackets == 0) firstTcpNanos = nanos;
        elapsed = tcpPackets == 0 ? 0 : Math.max(0, nanos - previousTcpNanos);
        previousTcpNanos = nanos;
        return tcpPackets++;
    }

    /** Forgets the flows whose latest packet is older than {@link #FLOW_MEMORY_NANOS} before the capture's latest. */
    private void forget() {
        while (leastRecent != null && leastRecent.latest() < lastNanos - FLOW_MEMORY_NANOS) {
            PacketCopies ring = leastRecent;
            copies.remove(ring.key);
            unlink(ring);
            if (spares < spare.length) {
                ring.clear();
                spare[spares++] = ring;
            }
        }
    }

    /** Puts the ring at the end of the list, the most recently seen. */
    private void link(PacketCopies ring) {
        ring.older = mostRecent;
        ring.newer = null;
        if (mostRecent != null) mostRecent.newer = ring;
        else leastRecent = ring;
        mostRecent = ring;
    }

    private void unlink(PacketCopies ring) {
        if (ring.older != null) ring.older.newer = ring.newer;
        else leastRecent = ring.newer;
        if (ring.newer != null) ring.newer.older = ring.older;
        else mostRecent = ring.older;
        ring.older = ring.newer = null;
    }

    /** How many flows the copy check remembers now. */
    int flowsRemembered() {
        return copies.size();
    }

    /** The flow of the latest TCP packet. */
    FlowKey flow() {
        return flow;
    }

    /** The elapsed time of the latest TCP packet counted: since the previous one. */
    public long elapsed() {
        return elapsed;
    }

    public long frames() {
        return frames;
    }

    public long tcpPackets() {
        return tcpPackets;
    }

    /** The first frame's time, or {@link Long#MIN_VALUE} before any. */
    public long firstNanos() {
        return firstNanos;
    }

    /** The latest time of the frames so far, or {@link Long#MIN_VALUE} before any. */
    public long lastNanos() {
        return lastNanos;
    }

    public long firstTcpNanos() {
        return firstTcpNanos;
    }

    public Map<String, Long> otherFrames() {
        return otherFrames;
    }
}
