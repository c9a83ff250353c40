package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.Ipv4Defragmenter;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.tcp.StreamListener;
import io.wireanalyze.tcp.StreamReassembler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The analysis of one capture. {@link #analyze} is the library's entry point: frames in, accounting out. Inside,
 * pass one takes the frames in order: finds TCP segments, tracks connections by 4-tuple and SYN, reassembles each
 * direction, and decodes messages with the protocols of {@link AnalysisOptions#protocols()}; {@link #finish} then
 * accounts every packet to a phase.
 */
public final class Analyzer {

    private record FlowKey(Endpoint a, Endpoint b) {
        static FlowKey of(Endpoint x, Endpoint y) {
            return x.compareTo(y) <= 0 ? new FlowKey(x, y) : new FlowKey(y, x);
        }
    }

    private static final String REASSEMBLED = "IPv4 fragments (reassembled; counted in the frame that completes them)";
    private static final String DUPLICATE = "copies of a TCP packet already seen (a tap or a mirror port; counted once)";
    private static final String OTHER_INTERFACE = "TCP packets seen again on another interface (the same flow captured twice; counted once)";

    private final AnalysisOptions options;
    private final AnalysisScope scope;
    /** The protocols, started for this analysis: what they share between connections lives as long as it does. */
    private final List<Decoding> decodings = new ArrayList<>();
    private final Map<FlowKey, Connection> live = new HashMap<>();
    private final List<Connection> connections = new ArrayList<>();
    private final List<PacketRecord> packets = new ArrayList<>();
    private final Map<String, Long> otherFrames = new LinkedHashMap<>();
    private final Ipv4Defragmenter defragmenter = new Ipv4Defragmenter();
    private long frames;
    private long firstNanos = Long.MIN_VALUE;
    private long lastNanos = Long.MIN_VALUE;

    public Analyzer(AnalysisOptions options) {
        this.options = options;
        this.scope = new AnalysisScope(options.limits(), options.methodNames(), options.methodWords());
        for (Protocol p : options.protocols()) decodings.add(p.start(scope));
    }

    /** Analyses every frame of {@code source}; the source stays open. */
    public static AnalysisResult analyze(FrameSource source, AnalysisOptions options) throws IOException {
        return analyze(source, options, frame -> { });
    }

    /**
     * Analyses every frame of {@code source}, showing each to {@code observer} first (for progress, or to note what
     * the analysis counts but does not decode); the source stays open.
     */
    public static AnalysisResult analyze(FrameSource source, AnalysisOptions options, Consumer<Frame> observer) throws IOException {
        Analyzer analyzer = new Analyzer(options);
        Frame f;
        while ((f = source.next()) != null) {
            observer.accept(f);
            analyzer.accept(f);
        }
        return analyzer.finish(source.name(), source.stopReason());
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

    private String label(PacketParser.Result r) {
        return switch (r.kind()) {
            case NOT_IP -> "not IP";
            case UDP -> datagram(r.payload());
            case NOT_TCP -> "other IP";
            case IP_FRAGMENT -> "IP fragment (not reassembled: IPv6, or its header damaged)";
            case UNSUPPORTED_LINK -> "unsupported link type";
            case TRUNCATED -> "truncated headers";
            case TCP -> "TCP";
        };
    }

    /** What a UDP payload is: a protocol's datagram (MIOP) or plain UDP. */
    private String datagram(ByteBuffer payload) {
        if (payload != null) {
            for (Protocol p : options.protocols()) {
                String kind = p.datagram(payload.duplicate());
                if (kind != null) return kind;
            }
        }
        return "UDP";
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
            int buffered = options.limits().maxBufferedStreamBytes();
            long wait = options.limits().maxHoleWaitMillis() * 1_000_000L;
            c = synAckFirst ? new Connection(connections.size() + 1, s.dst(), s.src(), true, -1, buffered, wait, decoder(true))
                    : new Connection(connections.size() + 1, s.src(), s.dst(), pureSyn, s.seq(), buffered, wait, decoder(pureSyn));
            connections.add(c);
            live.put(key, c);
        }
        Connection conn = c;
        boolean fromInitiator = s.src().equals(conn.initiator);
        int copyOf = conn.copies.seen(fromInitiator, s);
        if (copyOf >= 0) {
            // The same packet again (its IP identification, TCP header and options equal): counted once.
            otherFrames.merge(copyOf == s.frame().interfaceIndex() ? DUPLICATE : OTHER_INTERFACE, 1L, Long::sum);
            return;
        }
        int side = fromInitiator ? 0 : 1;
        if (s.syn()) conn.streams[side].syn(s.seq());
        StreamListener listener = listenerFor(conn, fromInitiator);
        // What the sender acknowledges of the other direction: a hole there that the peer got is a capture loss.
        if (s.hasAck() && !s.rst()) {
            StreamReassembler reverse = conn.streams[1 - side];
            reverse.acknowledged(reverse.offsetOf(s.ack()), s.frame().timestampNanos(), listenerFor(conn, !fromInitiator));
        }
        long seq = s.syn() ? s.seq() + 1 : s.seq();
        long peerAcknowledged = s.hasAck() && !s.rst() ? conn.streams[1 - side].offsetOf(s.ack()) : Long.MIN_VALUE;
        var placed = conn.streams[side].accept(seq & 0xffffffffL, s.payload(), s.payloadLength(), s.fin(), peerAcknowledged, listener);
        packets.add(new PacketRecord(s.frame().number(), s.frame().timestampNanos(), conn.id, fromInitiator, s.flags(),
                s.frame().originalLength(), s.payloadLength(), placed.offset(), s.hasAck() ? s.ack() : -1,
                placed.retransmission()));
        long now = s.frame().timestampNanos();
        for (int i = 0; i < 2; i++) conn.streams[i].expire(now, listenerFor(conn, i == 0));
        if (s.fin()) conn.closed[side] = true;
        // A direction ends once every byte before its FIN is in: with reordering the FIN may come before the
        // last data, which then still counts.
        for (int i = 0; i < 2; i++) {
            if (conn.closed[i] && !conn.ended[i] && conn.streams[i].complete()) {
                conn.ended[i] = true;
                conn.decoder.end(i == 0, conn::add);
            }
        }
        if (s.rst()) conn.reset = true;
        // An RST ends both directions once nothing waits behind a hole: a segment captured after the RST (a tap
        // reorders) still counts.
        if (conn.reset && !(conn.ended[0] && conn.ended[1]) && !conn.streams[0].holding() && !conn.streams[1].holding()) {
            for (int i = 0; i < 2; i++) {
                if (conn.ended[i]) continue;
                conn.ended[i] = true;
                conn.streams[i].flush(listenerFor(conn, i == 0));
                conn.decoder.end(i == 0, conn::add);
            }
        }
    }

    /**
     * Connections whose bytes fit a protocol without proving it (a lone JRMP Ping on a connection joined
     * mid-way) are pinned when another connection in the capture proved that their server speaks it.
     */
    private void pinByKnownServers() {
        record Server(ProtocolName protocol, Endpoint endpoint) {
        }
        Set<Server> known = new HashSet<>();
        for (Connection c : connections) {
            ProtocolName p = c.decoder.protocol();
            if (p != null && !p.equals(ProtocolName.UNKNOWN)) known.add(new Server(p, c.server()));
        }
        for (Connection c : connections) {
            ProtocolName p = c.decoder.maybeProtocol();
            if (p == null) continue;
            Endpoint server = c.decoder.maybeInitiatorIsClient() ? c.responder : c.initiator;
            if (known.contains(new Server(p, server))) c.decoder.pinMaybe();
        }
    }

    private ConnectionDecoder decoder(boolean sawSyn) {
        return new ConnectionDecoder(decodings, scope, sawSyn);
    }

    private static StreamListener listenerFor(Connection conn, boolean fromInitiator) {
        return new StreamListener() {
            @Override
            public void data(long offset, ByteBuffer bytes) {
                conn.decoder.data(fromInitiator, offset, bytes, conn::add);
            }

            @Override
            public void data(long offset, ByteBuffer bytes, long peerAcknowledged) {
                conn.decoder.data(fromInitiator, offset, bytes, peerAcknowledged, conn::add);
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
            c.decoder.captureEnded(c::add);
        }
        pinByKnownServers();
        long lost = defragmenter.incompleteFragments();
        if (lost > 0) {
            otherFrames.computeIfPresent(REASSEMBLED, (k, v) -> v - lost == 0 ? null : v - lost);
            otherFrames.put("IPv4 fragments of datagrams never completed (not analysed)", lost);
        }
        for (Connection c : connections) {
            c.decoder.finish(c::add);
            c.conclude();
        }
        long start = firstNanos == Long.MIN_VALUE ? 0 : firstNanos;
        var info = new AnalysisResult.CaptureInfo(frames, packets.size(), otherFrames,
                frames == 0 ? 0 : Math.max(0, lastNanos - start) / 1e6, stopReason, start);
        return new Ledger(options, connections, packets, start).account(source, info);
    }
}
