package io.wireanalyze.bench;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The TCP frames of one fixture capture, ready to be replayed: Ethernet/IPv4 frames only (other link types, IPv6
 * and non-TCP frames are left out and counted), with their header offsets and their time since the first frame.
 * A connection the fixture leaves open (its capture stopped before the programs exited) is ended by an RST from
 * its client 1 ms after the template's last frame, as when a client JVM exits: replayed thousands of times, open
 * connections would otherwise pile up as no real capture's do.
 *
 * @param source    the fixture it was read from
 * @param frames    its TCP frames in capture order
 * @param endpoints every address and port seen, by index; {@link TemplateFrame#src()} and {@code dst()} point here
 * @param addresses the distinct IPv4 addresses, by index; {@link Endpoint#address()} points here
 * @param skipped   frames left out
 * @param closers   RSTs added to end the connections the fixture left open (the last frames)
 */
record SessionTemplate(Path source, List<TemplateFrame> frames, List<Endpoint> endpoints, List<Integer> addresses,
                       long skipped, int closers) {

    static final int ETHERNET_HEADER = 14;
    static final int ETHERTYPE_IPV4 = 0x0800;
    static final int ETHERTYPE_VLAN = 0x8100, ETHERTYPE_QINQ = 0x88A8;

    /**
     * One TCP frame.
     *
     * @param bytes          the captured bytes (a copy)
     * @param originalLength length on the wire
     * @param relNanos       time since the template's first frame, never less than the frame before's
     * @param ipOffset       where the IPv4 header starts
     * @param tcpOffset      where the TCP header starts
     * @param payloadOffset  where the TCP payload starts
     * @param payloadLength  TCP payload bytes captured (the IP total length bounds it: no Ethernet padding)
     * @param complete       the whole frame was captured (a cut frame is replayed as it is, never re-segmented)
     */
    record TemplateFrame(byte[] bytes, int originalLength, long relNanos, int ipOffset, int tcpOffset, int payloadOffset,
                         int payloadLength, int flags, int src, int dst, boolean complete) {
    }

    /**
     * @param address index into {@link #addresses()}
     * @param client  whether it opens its connections (sent the SYN; without one, the higher port)
     */
    record Endpoint(int address, int port, boolean client) {
    }

    /** Reads the TCP frames of {@code capture}; a template may be empty (nothing replayable in it). */
    static SessionTemplate load(Path capture) throws IOException {
        List<TemplateFrame> frames = new ArrayList<>();
        Map<Long, Integer> endpointIndex = new HashMap<>();
        List<long[]> endpointKeys = new ArrayList<>();   // {address index, port}
        List<Integer> addresses = new ArrayList<>();
        long skipped = 0;
        long first = Long.MIN_VALUE, last = 0;
        try (FrameSource source = CaptureFiles.open(capture)) {
            for (Frame f = source.next(); f != null; f = source.next()) {
                TemplateFrame t = tcpFrame(f, first == Long.MIN_VALUE ? f.timestampNanos() : first, last, endpointIndex,
                        endpointKeys, addresses);
                if (t == null) {
                    skipped++;
                    continue;
                }
                if (first == Long.MIN_VALUE) first = f.timestampNanos();
                last = t.relNanos();
                frames.add(t);
            }
            if (source.stopReason() != null)
                throw new IOException(capture + ": read only in part (" + source.stopReason() + "); a template must be whole");
        }
        List<Endpoint> endpoints = roles(frames, endpointKeys);
        int closers = close(frames, endpoints);
        return new SessionTemplate(capture, List.copyOf(frames), endpoints, List.copyOf(addresses), skipped, closers);
    }

    /** Appends an RST|ACK for every connection without a FIN or RST; returns how many. */
    private static int close(List<TemplateFrame> frames, List<Endpoint> endpoints) {
        if (frames.isEmpty()) return 0;
        Map<Long, Integer> lastFrom = new java.util.LinkedHashMap<>();   // flow -> index of its last frame, the client's if any
        java.util.Set<Long> ended = new java.util.HashSet<>();
        for (int i = 0; i < frames.size(); i++) {
            TemplateFrame t = frames.get(i);
            long flow = (long) Math.min(t.src(), t.dst()) << 32 | Math.max(t.src(), t.dst());
            if ((t.flags() & (TcpSegment.FIN | TcpSegment.RST)) != 0) ended.add(flow);
            Integer prev = lastFrom.get(flow);
            if (prev == null || endpoints.get(t.src()).client() || !endpoints.get(frames.get(prev).src()).client()) lastFrom.put(flow, i);
        }
        long at = frames.get(frames.size() - 1).relNanos() + 1_000_000;
        int n = 0;
        for (Map.Entry<Long, Integer> e : lastFrom.entrySet()) {
            if (ended.contains(e.getKey())) continue;
            TemplateFrame t = frames.get(e.getValue());
            byte[] b = java.util.Arrays.copyOf(t.bytes(), t.payloadOffset());
            int ip = t.ipOffset(), tcp = t.tcpOffset();
            int ipLength = t.payloadOffset() - ip;
            b[ip + 2] = (byte) (ipLength >>> 8);
            b[ip + 3] = (byte) ipLength;
            int id = u16(b, ip + 4) + 1;
            b[ip + 4] = (byte) (id >>> 8);
            b[ip + 5] = (byte) id;
            long seq = (u16(b, tcp + 4) & 0xffffL) << 16 | u16(b, tcp + 6);
            seq += t.payloadLength() + ((t.flags() & (TcpSegment.SYN | TcpSegment.FIN)) != 0 ? 1 : 0);
            b[tcp + 4] = (byte) (seq >>> 24);
            b[tcp + 5] = (byte) (seq >>> 16);
            b[tcp + 6] = (byte) (seq >>> 8);
            b[tcp + 7] = (byte) seq;
            int flags = TcpSegment.RST | TcpSegment.ACK;
            b[tcp + 13] = (byte) flags;
            frames.add(new TemplateFrame(b, b.length, at, ip, tcp, t.payloadOffset(), 0, flags, t.src(), t.dst(), true));
            n++;
        }
        return n;
    }

    /** The frame as a template frame, or null when it is no Ethernet/IPv4 TCP segment. */
    private static TemplateFrame tcpFrame(Frame f, long first, long last, Map<Long, Integer> endpointIndex,
                                          List<long[]> endpointKeys, List<Integer> addresses) {
        if (f.link() != LinkType.ETHERNET) return null;
        PacketParser.Result r = PacketParser.parse(f);
        if (r.kind() != PacketParser.Kind.TCP) return null;
        TcpSegment s = r.segment();
        byte[] b = new byte[f.capturedLength()];
        f.bytes().duplicate().get(b);
        int ip = ETHERNET_HEADER;
        int type = u16(b, 12);
        while (type == ETHERTYPE_VLAN || type == ETHERTYPE_QINQ) {
            type = u16(b, ip + 2);
            ip += 4;
        }
        if (type != ETHERTYPE_IPV4) return null;   // IPv6: not replayed
        int tcp = ip + (b[ip] & 0x0f) * 4;
        int payload = tcp + ((b[tcp + 12] & 0xff) >>> 4) * 4;
        int ipEnd = Math.min(b.length, ip + u16(b, ip + 2));
        int src = endpoint(s.src(), endpointIndex, endpointKeys, addresses);
        int dst = endpoint(s.dst(), endpointIndex, endpointKeys, addresses);
        long rel = Math.max(last, f.timestampNanos() - first);
        return new TemplateFrame(b, f.originalLength(), rel, ip, tcp, payload, Math.max(0, ipEnd - payload), s.flags(),
                src, dst, f.originalLength() == b.length && s.payloadLength() == s.capturedPayloadLength());
    }

    private static int endpoint(io.wireanalyze.frame.Endpoint e, Map<Long, Integer> index, List<long[]> keys,
                                List<Integer> addresses) {
        long key = e.lo() << 16 | e.port();
        return index.computeIfAbsent(key, k -> {
            int address = (int) e.lo();
            if (!addresses.contains(address)) addresses.add(address);
            keys.add(new long[]{addresses.indexOf(address), e.port()});
            return keys.size() - 1;
        });
    }

    /** Which endpoints are clients: the sender of a flow's first SYN, or without one the higher port of the flow. */
    private static List<Endpoint> roles(List<TemplateFrame> frames, List<long[]> keys) {
        Boolean[] client = new Boolean[keys.size()];
        Map<Long, Boolean> flowHasSyn = new HashMap<>();
        for (TemplateFrame t : frames) {
            long flow = (long) Math.min(t.src(), t.dst()) << 32 | Math.max(t.src(), t.dst());
            boolean pureSyn = (t.flags() & (TcpSegment.SYN | TcpSegment.ACK)) == TcpSegment.SYN;
            if (pureSyn && flowHasSyn.putIfAbsent(flow, true) == null) {
                if (client[t.src()] == null) client[t.src()] = true;
                if (client[t.dst()] == null) client[t.dst()] = false;
            }
        }
        for (TemplateFrame t : frames) {
            if (client[t.src()] != null && client[t.dst()] != null) continue;
            boolean srcHigher = keys.get(t.src())[1] > keys.get(t.dst())[1];
            if (client[t.src()] == null) client[t.src()] = srcHigher;
            if (client[t.dst()] == null) client[t.dst()] = !srcHigher;
        }
        List<Endpoint> out = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) out.add(new Endpoint((int) keys.get(i)[0], (int) keys.get(i)[1], client[i]));
        return List.copyOf(out);
    }

    private static int u16(byte[] b, int i) {
        return (b[i] & 0xff) << 8 | b[i + 1] & 0xff;
    }
}
