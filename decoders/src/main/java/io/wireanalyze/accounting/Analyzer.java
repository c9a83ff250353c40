package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.tcp.StreamListener;
import io.wireanalyze.tcp.StreamReassembler;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Pass one over a capture's frames, in order: finds TCP segments, tracks connections by 4-tuple and SYN,
 * reassembles each direction, and decodes messages. {@link #finish} then accounts every packet to a phase.
 */
public final class Analyzer {

    private record FlowKey(Endpoint a, Endpoint b) {
        static FlowKey of(Endpoint x, Endpoint y) {
            return x.compareTo(y) <= 0 ? new FlowKey(x, y) : new FlowKey(y, x);
        }
    }

    private static final String REASSEMBLED = "IPv4 fragments (reassembled; counted in the frame that completes them)";

    private final AnalysisOptions options;
    private final Map<FlowKey, Connection> live = new HashMap<>();
    private final List<Connection> connections = new ArrayList<>();
    private final List<PacketRecord> packets = new ArrayList<>();
    private final Map<String, Long> otherFrames = new LinkedHashMap<>();
    private final io.wireanalyze.frame.Ipv4Defragmenter defragmenter = new io.wireanalyze.frame.Ipv4Defragmenter();
    /** CORBA naming contexts handed out on any connection: a reference from the naming service is naming traffic wherever it is used. */
    private final io.wireanalyze.protocol.giop.NamingRegistry naming = new io.wireanalyze.protocol.giop.NamingRegistry();
    private long frames;
    private long firstNanos = Long.MIN_VALUE;
    private long lastNanos = Long.MIN_VALUE;

    public Analyzer(AnalysisOptions options) {
        this.options = options;
    }

    /** Takes the next frame of the capture. */
    public void accept(Frame frame) {
        frames++;
        if (firstNanos == Long.MIN_VALUE) firstNanos = frame.timestampNanos();
        lastNanos = Math.max(lastNanos, frame.timestampNanos());   // the latest time seen: a file's clock may step back
        PacketParser.Result r = PacketParser.parse(frame);
        if (r.kind() == PacketParser.Kind.IP_FRAGMENT && r.payload() != null) {
            // Reassembled, the datagram counts once, in the frame that completed it (as in Wireshark).
            Frame whole = defragmenter.offer(frame, r.payload());
            if (whole == null) {
                otherFrames.merge(REASSEMBLED, 1L, Long::sum);
                return;
            }
            r = PacketParser.parse(whole);
        }
        if (r.kind() != PacketParser.Kind.TCP) {
            otherFrames.merge(label(r), 1L, Long::sum);
            return;
        }
        segment(r.segment());
    }

    private static String label(PacketParser.Result r) {
        return switch (r.kind()) {
            case NOT_IP -> "not IP";
            case UDP -> r.payload() != null && io.wireanalyze.protocol.giop.MiopPacket.parse(r.payload()) != null ? "MIOP (GIOP over UDP multicast)" : "UDP";
            case NOT_TCP -> "other IP";
            case IP_FRAGMENT -> "IP fragment (not reassembled: IPv6, or its header damaged)";
            case UNSUPPORTED_LINK -> "unsupported link type";
            case TRUNCATED -> "truncated headers";
            case TCP -> "TCP";
        };
    }

    private void segment(TcpSegment s) {
        FlowKey key = FlowKey.of(s.src(), s.dst());
        Connection c = live.get(key);
        boolean pureSyn = s.syn() && !s.hasAck();
        // A new connection: the first packet of a flow, or a SYN reusing the 4-tuple (after the old connection
        // finished, or from the initiator with a new sequence number). The other side's own SYN (simultaneous
        // open) belongs to the same connection.
        boolean reuse = pureSyn && c != null && (c.finished() || !c.sawSyn
                || (s.src().equals(c.initiator) && c.synSeq != s.seq()));
        if (c == null || reuse) {
            boolean synAckFirst = s.syn() && !pureSyn;   // the SYN was not captured: its receiver initiated
            c = synAckFirst ? new Connection(connections.size() + 1, s.dst(), s.src(), true, -1, options, naming)
                    : new Connection(connections.size() + 1, s.src(), s.dst(), pureSyn, s.seq(), options, naming);
            connections.add(c);
            live.put(key, c);
        }
        Connection conn = c;
        boolean fromInitiator = s.src().equals(conn.initiator);
        int side = fromInitiator ? 0 : 1;
        if (s.syn()) conn.streams[side].syn(s.seq());
        StreamListener listener = listenerFor(conn, fromInitiator);
        // What the sender acknowledges of the other direction: a hole there that the peer got is a capture loss.
        if (s.hasAck() && !s.rst()) {
            StreamReassembler reverse = conn.streams[1 - side];
            reverse.acknowledged(reverse.offsetOf(s.ack()), listenerFor(conn, !fromInitiator));
        }
        long seq = s.syn() ? s.seq() + 1 : s.seq();
        var placed = conn.streams[side].accept(seq & 0xffffffffL, s.payload(), s.payloadLength(), s.fin(), listener);
        packets.add(new PacketRecord(s.frame().number(), s.frame().timestampNanos(), conn.id, fromInitiator, s.flags(),
                s.frame().originalLength(), s.payloadLength(), placed.offset(), s.hasAck() ? s.ack() : -1,
                placed.retransmission()));
        if (s.fin() && !conn.closed[side]) {
            conn.closed[side] = true;
            conn.streams[side].flush(listener);
            conn.decoder.end(fromInitiator, conn::add);
        }
        if (s.rst() && !conn.reset) {
            conn.reset = true;
            for (int i = 0; i < 2; i++) {
                boolean init = i == 0;
                conn.streams[i].flush(listenerFor(conn, init));
                conn.decoder.end(init, conn::add);
            }
        }
    }

    /**
     * Connections whose bytes fit a protocol without proving it (a lone JRMP Ping on a connection joined
     * mid-way) are pinned when another connection in the capture proved that their server speaks it.
     */
    private void pinByKnownServers() {
        java.util.Set<String> known = new java.util.HashSet<>();
        for (Connection c : connections) {
            var p = c.decoder.protocol();
            if (p != null && p != io.wireanalyze.protocol.WireProtocol.UNKNOWN) known.add(p + " " + c.server());
        }
        for (Connection c : connections) {
            var p = c.decoder.maybeProtocol();
            if (p == null) continue;
            Endpoint server = c.decoder.maybeInitiatorIsClient() ? c.responder : c.initiator;
            if (known.contains(p + " " + server)) c.decoder.pinMaybe();
        }
    }

    private static StreamListener listenerFor(Connection conn, boolean fromInitiator) {
        return new StreamListener() {
            @Override
            public void data(long offset, ByteBuffer bytes) {
                conn.decoder.data(fromInitiator, offset, bytes, conn::add);
            }

            @Override
            public void gap(long offset, long length) {
                conn.decoder.gap(fromInitiator, offset, length, conn::add);
            }
        };
    }

    /** Ends pass one and accounts every packet. */
    public AnalysisResult finish(String source, String stopReason) {
        for (Connection c : connections) {
            for (int i = 0; i < 2; i++) c.streams[i].flush(listenerFor(c, i == 0));
            c.decoder.captureEnded();
        }
        pinByKnownServers();
        long lost = defragmenter.incompleteFragments();
        if (lost > 0) {
            otherFrames.computeIfPresent(REASSEMBLED, (k, v) -> v - lost == 0 ? null : v - lost);
            otherFrames.put("IPv4 fragments of datagrams never completed (not analysed)", lost);
        }
        for (Connection c : connections) c.decoder.finish(c::add);
        long start = firstNanos == Long.MIN_VALUE ? 0 : firstNanos;
        var info = new AnalysisResult.CaptureInfo(frames, packets.size(), otherFrames,
                frames == 0 ? 0 : Math.max(0, lastNanos - start) / 1e6, stopReason, start);
        return new Ledger(options, connections, packets, start).account(source, info);
    }
}
