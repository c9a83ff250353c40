package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.tcp.BufferPool;
import io.wireanalyze.tcp.StreamListener;
import io.wireanalyze.tcp.StreamReassembler;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The analysis of one capture. {@link #analyze} is the library's entry point: frames in, accounting out. Frames
 * come in capture order: TCP segments are found, connections tracked by 4-tuple and SYN, each direction reassembled
 * and decoded with the protocols of {@link AnalysisOptions#protocols()}. A connection is accounted when it is done:
 * {@link #LINGER_NANOS} of capture time after both FINs or an RST (longer when bytes before a FIN are missing), after
 * {@link #IDLE_HORIZON_NANOS} without a packet, when a SYN reuses its 4-tuple, or when the capture ends. Its
 * packets go to the running {@link Totals}, its records (connection, messages, invocations, packet rows) to
 * {@link Spill}s, and its state is dropped: what the analysis holds grows with the open connections, not with the
 * packets. What depends on other connections waits for the capture's end: a connection whose bytes only fit a
 * protocol (pinned when another proved its server), warm-up on connections without a marker, the legs of relayed
 * calls ({@link Legs}), and what connections told each other ({@link io.wireanalyze.protocol.Facts}: a registry's
 * stub names the calls on another connection, a naming context handed out makes requests to it naming traffic),
 * joined in a {@link Settlement} and filled into the records as they are read out.
 * <p>
 * An analyzer is one part of a {@link SplitAnalysis}: on its own (one thread, the whole capture), or a part that gets
 * the packets of some flows with the figures of the pass over every header ({@link SplitAnalysis.Headers}) and is
 * settled with the others ({@link AnalysisOptions#workers()} threads, {@link PartWorkers}; or a cluster's tasks). A
 * connection is decoded alone, so the result is the same, byte for byte, however the flows are split and in any
 * order. A fact that changes how another connection decodes (a naming context handed out on one connection and used
 * on another) is found when the capture ends ({@link #anotherRound()}); {@link #analyze(Capture, AnalysisOptions,
 * Consumer, int)} then reads the capture again with the facts settled, until no answer changes.
 */
public final class Analyzer {

    /** A capture that can be read (again): the analysis reads it once more only when a settled fact asks for it. */
    @FunctionalInterface
    public interface Capture {
        FrameSource open() throws IOException;
    }

    /** The most rounds an analysis reads a capture in (each settles more facts; a chain of naming contexts ends soon). */
    public static final int MAX_ROUNDS = 8;

    private final AnalysisOptions options;
    private final AnalysisScope scope;
    /** The facts a previous round settled ({@link Settlement#NONE} in the first). */
    private final Settlement settled;
    /** When the capture ended: the facts settled, if another round would decode differently with them; else null. */
    private Settlement anotherRound;
    /** The protocols, started for this analysis: what they share between connections lives as long as it does. */
    private final List<Decoding> decodings = new ArrayList<>();
    private final FlowTable<Connection> live = new FlowTable<>();
    /**
     * Open connections, the least recently active first; those finished (both FINs, or an RST) with bytes still
     * missing before the end, likewise; and those ended whole.
     */
    private final ConnectionQueue active = new ConnectionQueue();
    private final ConnectionQueue closing = new ConnectionQueue();
    private final ConnectionQueue closed = new ConnectionQueue();
    private final long holeWaitNanos;
    /**
     * The byte arrays its connections hand on to each other (stream buffers, rings of recent bytes): this analyzer's
     * connections are reassembled and decoded on its thread, one call after another ({@link Lanes.InOrder}, or
     * {@link Lanes.Deferred} when drained).
     */
    private final BufferPool buffers = new BufferPool(BUFFERS_POOLED_BYTES);
    /** Logs of accounted connections, for new ones ({@link PacketLog.Recycler}). */
    private final PacketLog.Recycler logs = new PacketLog.Recycler();
    /** The most bytes the pool of byte arrays keeps. */
    static final long BUFFERS_POOLED_BYTES = 16L << 20;
    /** The capture as a whole: frames, times, copies, TCP indices (the one pass over every packet's headers). */
    private final SplitAnalysis.Headers headers;
    private final Tracker tracker;
    private final Totals totals = new Totals();
    /** Where connections are decoded and accounted, each into its lane's totals, merged when the capture ends. */
    private final Lanes lanes;
    private final RecordSpills records;
    private final int recordsInMemory;
    private int connectionCount;
    /** In a part: each connection's first packet's TCP index, by its number in the part (what the settle step ranks). */
    private long[] firsts = new long[64];
    /**
     * A part of a split analysis ({@link SplitAnalysis}): its connections are numbered by the TCP index of their first
     * packet, renumbered when the parts are settled; and held connections are pinned with the servers other parts
     * proved, too.
     */
    private final boolean part;
    private final Set<Lane.Server> knownElsewhere;
    /** A part's capture start (its first frame's time), which the pass over the headers found. */
    private long captureStartNanos;
    /** The capture's latest time when its latest TCP packet came: connections idle since long enough are accounted. */
    private long lastNanos = Long.MIN_VALUE;
    /** The TCP index of the latest TCP packet. */
    private long lastIndex;
    private boolean finished;

    /**
     * How long, in capture time, a connection is kept after its last packet when no FIN or RST ended it: it is then
     * accounted, and a packet of its 4-tuple after that starts a connection of its own.
     */
    public static final long IDLE_HORIZON_NANOS = 15 * 60 * 1_000_000_000L;
    /**
     * How long a connection ended whole (both FINs, every byte before them in; or an RST) is kept after its last
     * packet, for its last ACKs or a retransmitted FIN. One finished with bytes missing before a FIN waits as long as
     * a hole does ({@code --max-hole-wait-ms}, at least this), for the segments a tap reordered.
     */
    public static final long LINGER_NANOS = 1_000_000_000L;
    /**
     * A connection ended is kept, besides, until this many TCP packets of the capture have come after its latest: a
     * packet of it that the file puts after a quiet second (a tap or a multi-queue card moved it a few places, across the
     * second) still joins it instead of starting a connection of its own.
     */
    public static final long LINGER_PACKETS = 64;
    /**
     * Records of each kind (messages, invocations...) held in memory before they are sorted into a temporary file:
     * 65,536, fewer in a small heap (one per 16 KiB of the maximum heap, at least 1,024: 16,384 at -Xmx256m).
     */
    public static final int RECORDS_IN_MEMORY = (int) Math.max(1024, Math.min(65_536, Runtime.getRuntime().maxMemory() / (16 << 10)));
    /**
     * A connection's log of packets is offered to its ledger each time it has grown by this many rows: those whose place
     * is final are accounted then and leave it ({@link Ledger#flush}), so that a long connection holds its messages and
     * its latest packets, not all of them. Most connections end before (a few dozen packets) and are accounted whole.
     */
    static final int FLUSH_ROWS = 4096;
    /** This analysis' {@link #FLUSH_ROWS} (a test makes every connection flush at every row). */
    private int flushRows = FLUSH_ROWS;
    /** The most rows one connection's log held (after its flush), for tests of what a long connection holds. */
    private int mostRowsHeld;

    public Analyzer(AnalysisOptions options) {
        this(options, RECORDS_IN_MEMORY);
    }

    /**
     * @param recordsInMemory records of each kind held before they go, sorted, to a temporary file (a small number
     *                        makes every capture spill: the results are the same)
     */
    public Analyzer(AnalysisOptions options, int recordsInMemory) {
        this(options, recordsInMemory, Settlement.NONE);
    }

    /** A round of the analysis with the facts a previous round settled; on worker threads if the options say so. */
    Analyzer(AnalysisOptions options, int recordsInMemory, Settlement settled) {
        this(options, recordsInMemory, settled, lane -> new Lanes.InOrder(1, lane));
    }

    /**
     * A part of a split analysis, on the caller's thread, with what the previous round settled.
     *
     * @param captureStartNanos the capture's first frame's time
     */
    Analyzer(AnalysisOptions options, int recordsInMemory, Settlement settled, Set<Lane.Server> knownElsewhere,
             long captureStartNanos) {
        this(options, recordsInMemory, settled, lane -> new Lanes.InOrder(1, lane), true, knownElsewhere);
        this.captureStartNanos = captureStartNanos;
    }

    /**
     * @param ledgers partial ledgers to account the connections into (by connection id), merged at the end: the
     *                result is the same for any number, the contract that lets workers account connections apart
     */
    Analyzer(AnalysisOptions options, int recordsInMemory, int ledgers) {
        this(options, recordsInMemory, Settlement.NONE, lane -> new Lanes.InOrder(ledgers, lane));
    }

    /**
     * A test hook: connections decoded and accounted whole, one after another in an order shuffled with {@code seed},
     * when the capture ends ({@link Lanes.Deferred}). Holds the whole capture.
     */
    static Analyzer shuffled(AnalysisOptions options, long seed, Settlement settled) {
        java.util.Random random = new java.util.Random(seed);
        return new Analyzer(options, RECORDS_IN_MEMORY, settled,
                lane -> new Lanes.Deferred(list -> java.util.Collections.shuffle(list, random), lane));
    }

    /** A test hook: connections decoded and accounted whole when the capture ends, the last one first. */
    static Analyzer reversed(AnalysisOptions options) {
        return new Analyzer(options, RECORDS_IN_MEMORY, Settlement.NONE, lane -> new Lanes.Deferred(java.util.Collections::reverse, lane));
    }

    /** @param lanes where connections are decoded and accounted, made from the lane factory it is given */
    private Analyzer(AnalysisOptions options, int recordsInMemory, Settlement settled,
                     java.util.function.Function<java.util.function.IntFunction<Lane>, Lanes> lanes) {
        this(options, recordsInMemory, settled, lanes, false, Set.of());
    }

    private Analyzer(AnalysisOptions options, int recordsInMemory, Settlement settled,
                     java.util.function.Function<java.util.function.IntFunction<Lane>, Lanes> lanes, boolean part,
                     Set<Lane.Server> knownElsewhere) {
        this(options, recordsInMemory, settled, lanes, part, knownElsewhere, null);
    }

    /**
     * A running view's analysis ({@link LiveAnalysis}): one lane on the caller's thread, whose accounted connections'
     * records go to {@code view} only (it is never finished, so nothing is kept to settle).
     */
    static Analyzer forView(AnalysisOptions options, Ledger.Sink view) {
        return new Analyzer(options, RECORDS_IN_MEMORY, Settlement.NONE, lane -> new Lanes.InOrder(1, lane), false, Set.of(), view);
    }

    /** @param view where accounted records go instead of the analysis' own spills; null: to those */
    private Analyzer(AnalysisOptions options, int recordsInMemory, Settlement settled,
                     java.util.function.Function<java.util.function.IntFunction<Lane>, Lanes> lanes, boolean part,
                     Set<Lane.Server> knownElsewhere, Ledger.Sink view) {
        this.part = part;
        this.knownElsewhere = knownElsewhere;
        this.headers = new SplitAnalysis.Headers(options);
        this.tracker = headers.tracker;
        this.options = options;
        this.settled = settled;
        this.scope = new AnalysisScope(options.limits(), options.methodNames(), options.methodWords(), new SharedMemo());
        for (Protocol p : options.protocols()) decodings.add(p.start(scope));
        this.recordsInMemory = recordsInMemory;
        this.holeWaitNanos = Math.max(LINGER_NANOS, options.limits().maxHoleWaitMillis() * 1_000_000L);
        this.records = new RecordSpills(new Codecs(), recordsInMemory, options.messageLimit());
        this.lanes = lanes.apply(i -> new Lane(options, view != null ? view : records));
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
        return analyze(source, options, observer, RECORDS_IN_MEMORY);
    }

    /**
     * {@link #analyze(FrameSource, AnalysisOptions, Consumer)} holding at most {@code recordsInMemory} records of a kind.
     * A capture whose facts ask for another round (see {@link #anotherRound()}) cannot be read again from a source:
     * that is an {@link IOException} saying so; {@link #analyze(Capture, AnalysisOptions, Consumer, int)} reads it again.
     */
    public static AnalysisResult analyze(FrameSource source, AnalysisOptions options, Consumer<Frame> observer,
                                         int recordsInMemory) throws IOException {
        boolean[] opened = new boolean[1];
        return analyze(() -> {
            if (opened[0]) throw new IOException(source.name() + ": a naming context handed out on one connection is used on "
                    + "another, which needs a second reading of the capture; analyse it from a file");
            opened[0] = true;
            return new FrameSource() {   // the caller's to close
                @Override
                public Frame next() throws IOException {
                    return source.next();
                }

                @Override
                public String name() {
                    return source.name();
                }

                @Override
                public String stopReason() {
                    return source.stopReason();
                }

                @Override
                public void close() {
                }
            };
        }, options, observer, recordsInMemory);
    }

    /**
     * Analyses the capture, reading it again while the facts its connections told each other change how one of them
     * decodes (rare: a naming context handed out on one connection and used on another; at most {@link #MAX_ROUNDS});
     * every frame is shown to {@code observer} once, in the first reading.
     */
    public static AnalysisResult analyze(Capture capture, AnalysisOptions options, Consumer<Frame> observer,
                                         int recordsInMemory) throws IOException {
        if (options.workers() > 0) return SplitAnalysis.onWorkers(capture, options, observer, recordsInMemory);
        return analyze(capture, options, observer, recordsInMemory, FLUSH_ROWS);
    }

    /**
     * A test hook: the analysis on one thread with each connection's log offered to its ledger every {@code flushRows}
     * rows ({@link #FLUSH_ROWS}); 1 accounts every packet as soon as its place is final.
     */
    static AnalysisResult analyzeFlushingEvery(Capture capture, AnalysisOptions options, int flushRows) throws IOException {
        return analyze(capture, options, f -> { }, RECORDS_IN_MEMORY, flushRows);
    }

    private static AnalysisResult analyze(Capture capture, AnalysisOptions options, Consumer<Frame> observer,
                                          int recordsInMemory, int flushRows) throws IOException {
        Settlement facts = Settlement.NONE;
        for (int round = 1; ; round++) {
            Analyzer analyzer = new Analyzer(options, recordsInMemory, facts).flushingEvery(flushRows);
            try (FrameSource source = capture.open()) {
                Frame f;
                while ((f = source.next()) != null) {
                    if (round == 1) observer.accept(f);
                    analyzer.accept(f);
                }
                AnalysisResult result = analyzer.finish(source.name(), source.stopReason());
                if (analyzer.anotherRound() == null || round == MAX_ROUNDS) return result;
                result.close();
                facts = analyzer.anotherRound();
            } finally {
                analyzer.close();
            }
        }
    }

    /** A test hook: each connection's log offered to its ledger every {@code rows} rows ({@link #FLUSH_ROWS}); before any frame. */
    Analyzer flushingEvery(int rows) {
        if (rows < 1) throw new IllegalArgumentException("flushing every " + rows + " rows");
        flushRows = rows;
        return this;
    }

    /** The most rows one connection's log held after its flushes, so far. */
    int mostRowsHeld() {
        return mostRowsHeld;
    }

    /** Packets accounted as their connections went ({@link Ledger#flush}), so far. */
    long rowsFlushed() {
        long n = 0;
        for (Lane lane : lanes.lanes()) n += lane.flushed;
        return n;
    }

    /**
     * After {@link #finish}: the facts the connections told each other, when another round with them would decode a
     * connection differently (it asked for a fact that another connection learned before, and got no answer); else
     * null, and the result is final.
     */
    public Settlement anotherRound() {
        return anotherRound;
    }

    /** Stops the analysis' workers, if any (after {@link #finish}, or to abandon it). */
    public void close() {
        lanes.close();
    }

    /** Takes the next frame of the capture. */
    public void accept(Frame frame) {
        if (finished) throw new IllegalStateException("the analysis has finished");
        TcpSegment s = headers.accept(frame);
        if (s != null) segment(s, headers.flow(), headers.tcpIndex(), headers.elapsed(), headers.clock());
    }

    /**
     * A TCP packet counted in the capture (of flow {@code key}), with its index among its TCP packets and its elapsed
     * time; {@code clock} is the capture's latest time so far, against which idle connections are accounted.
     */
    void segment(TcpSegment s, FlowKey key, long tcpIndex, long elapsed, long clock) {
        lastNanos = clock;
        lastIndex = tcpIndex;
        Connection c = live.get(key);
        boolean pureSyn = s.syn() && !s.hasAck();
        // A new connection: the first packet of a flow, or a SYN or SYN-ACK reusing the 4-tuple ({@link PortReuse}).
        // The other side's own SYN (simultaneous open) belongs to the same connection.
        boolean reuse = c != null && PortReuse.startsNewConnection(c, s);
        if (reuse) done(c);
        if (c == null || reuse) {
            boolean synAckFirst = s.syn() && !pureSyn;   // the SYN was not captured: its receiver initiated
            int buffered = options.limits().maxBufferedStreamBytes();
            long wait = options.limits().maxHoleWaitMillis() * 1_000_000L;
            int id = ++connectionCount;
            if (part) {
                if (id > firsts.length) firsts = java.util.Arrays.copyOf(firsts, firsts.length * 2);
                firsts[id - 1] = tcpIndex;
            }
            c = synAckFirst ? new Connection(id, s.dst(), s.src(), true, -1, buffered, wait, buffers, logs)
                    : new Connection(id, s.src(), s.dst(), pureSyn, s.seq(), buffered, wait, buffers, logs);
            c.lane = lanes.laneOf(c);
            c.facts = new ConnectionFacts(settled, lanes.lanes()[c.lane].facts);
            c.decoder = new ConnectionDecoder(decodings, scope, c.sawSyn, c.facts, buffers);
            c.captureStartNanos = part ? captureStartNanos : tracker.firstNanos();
            c.listeners = new StreamListener[]{listener(c, true), listener(c, false)};
            c.flushAt = flushRows;
            live.put(key, c);
        }
        Connection conn = c;
        boolean fromInitiator = s.src().equals(conn.initiator);
        int side = fromInitiator ? 0 : 1;
        conn.at(tcpIndex);   // this packet's TCP index: the place of the work it causes
        if (s.syn()) conn.streams[side].syn(s.seq());
        StreamListener listener = conn.listeners[side];
        // What the sender acknowledges of the other direction: a hole there that the peer got is a capture loss.
        if (s.hasAck() && !s.rst()) {
            StreamReassembler reverse = conn.streams[1 - side];
            reverse.acknowledged(reverse.offsetOf(s.ack()), s.frame().timestampNanos(), conn.listeners[1 - side]);
        }
        long seq = s.syn() ? s.seq() + 1 : s.seq();
        long peerAcknowledged = s.hasAck() && !s.rst() ? conn.streams[1 - side].offsetOf(s.ack()) : Long.MIN_VALUE;
        StreamReassembler stream = conn.streams[side];
        long placed = stream.accept(seq & 0xffffffffL, s.payload(), s.payloadLength(), s.fin(), peerAcknowledged, listener);
        long now = s.frame().timestampNanos();
        conn.log.add(s.frame().number(), now, tcpIndex, elapsed, fromInitiator, s.flags(), s.frame().originalLength(),
                s.payloadLength(), placed, s.hasAck() ? s.ack() : -1, stream.retransmission());
        if (conn.log.size() >= conn.flushAt) lanes.flush(conn, flushRows);
        mostRowsHeld = Math.max(mostRowsHeld, conn.log.size());
        conn.lastNanos = Math.max(conn.lastNanos, now);
        conn.lastIndex = tcpIndex;
        for (int i = 0; i < 2; i++) conn.streams[i].expire(now, conn.listeners[i]);
        if (s.fin()) conn.closed[side] = true;
        // A direction ends once every byte before its FIN is in: with reordering the FIN may come before the
        // last data, which then still counts.
        for (int i = 0; i < 2; i++) {
            if (conn.closed[i] && !conn.ended[i] && conn.streams[i].complete()) {
                conn.ended[i] = true;
                lanes.end(conn.next(), conn, i == 0);
            }
        }
        if (s.rst()) conn.reset = true;
        // An RST ends both directions when the connection is done ({@link #endReset}), not at once: data captured
        // after the RST it caused (a tap, a multi-queue card, two merged interfaces reorder) still goes to its message,
        // as in the file's order.
        touch(conn);
        evictIdle();
    }

    /**
     * Moves the connection to the end of its queue: open, finished with bytes missing, or ended whole (both FINs with
     * every byte before them in; or an RST with nothing waiting behind a hole).
     */
    private void touch(Connection c) {
        remove(c);
        boolean whole = c.ended[0] && c.ended[1] || c.reset && !c.streams[0].holding() && !c.streams[1].holding();
        (!c.finished() ? active : whole ? closed : closing).add(c);
    }

    /**
     * An RST ended the connection: the directions that no FIN ended end now that it gets no more packets, what waits
     * behind a hole flushed first. Done when the connection is done rather than at the RST, so that a segment the RST
     * answers, captured after it, is decoded where it belongs.
     */
    private void endReset(Connection c) {
        if (!c.reset) return;
        for (int i = 0; i < 2; i++) {
            if (c.ended[i]) continue;
            c.ended[i] = true;
            c.streams[i].flush(c.listeners[i]);
            lanes.end(c.next(), c, i == 0);
        }
    }

    private static void remove(Connection c) {
        if (c.queue != null) c.queue.remove(c);
    }

    /** Accounts the connections idle for longer than their horizon in capture time: finished ones sooner. */
    private void evictIdle() {
        evict(closed, lastNanos - LINGER_NANOS, lastIndex - LINGER_PACKETS);
        evict(closing, lastNanos - holeWaitNanos, lastIndex - LINGER_PACKETS);
        evict(active, lastNanos - IDLE_HORIZON_NANOS, Long.MAX_VALUE);
    }

    /** Accounts the connections of the queue whose latest packet came before {@code before} and before TCP index {@code beforeIndex}. */
    private void evict(ConnectionQueue queue, long before, long beforeIndex) {
        while (!queue.isEmpty()) {
            Connection c = queue.first();
            if (c.lastNanos >= before || c.lastIndex >= beforeIndex) return;
            done(c);
        }
    }

    /**
     * The connection gets no more packets: what waits behind holes is decoded, and it is accounted, unless its bytes
     * only fit a protocol (then it waits for the capture's end, when every proven server is known).
     */
    private void done(Connection c) {
        remove(c);
        FlowKey key = FlowKey.of(c.initiator, c.responder);
        live.remove(key, c);
        ended(c, true);
    }

    /** The capture has nothing more for the connection: its streams flushed and its lane told ({@link Lane#ended}). */
    private void ended(Connection c, boolean conclude) {
        endReset(c);
        for (int i = 0; i < 2; i++) c.streams[i].flush(c.listeners[i]);
        c.closeStreams();
        lanes.ended(c.last(), c, conclude);
    }

    /**
     * Connections whose bytes fit a protocol without proving it (a lone JRMP Ping on a connection joined
     * mid-way) are pinned when another connection in the capture proved that their server speaks it. Once the lanes
     * are drained: the held connections in the order they ended.
     */
    private List<Connection> pinByKnownServers(Set<Lane.Server> unpinned) {
        Set<Lane.Server> knownServers = new HashSet<>(knownElsewhere);
        List<Connection> held = new ArrayList<>();
        for (Lane lane : lanes.lanes()) {
            knownServers.addAll(lane.knownServers);
            held.addAll(lane.held);
            lane.held.clear();
        }
        held.sort(Comparator.comparingLong(c -> c.heldOrder));
        for (Connection c : held) {
            ProtocolName p = c.decoder.maybeProtocol();
            Endpoint server = c.decoder.maybeInitiatorIsClient() ? c.responder : c.initiator;
            Lane.Server maybe = new Lane.Server(p, server);
            if (knownServers.contains(maybe)) c.decoder.pinMaybe();
            else unpinned.add(maybe);
        }
        return held;
    }

    /** One side's reassembled stream, handed to the connection's lane. */
    private StreamListener listener(Connection conn, boolean fromInitiator) {
        return new StreamListener() {
            @Override
            public void data(long offset, ByteBuffer bytes) {
                lanes.data(conn.next(), conn, fromInitiator, offset, bytes, Long.MIN_VALUE);
            }

            @Override
            public void data(long offset, ByteBuffer bytes, long peerAcknowledged) {
                lanes.data(conn.next(), conn, fromInitiator, offset, bytes, peerAcknowledged);
            }

            @Override
            public void gap(long offset, long length) {
                lanes.gap(conn.next(), conn, fromInitiator, offset, length);
            }
        };
    }

    /**
     * The accounting so far, for a running view ({@link LiveAnalysis}), the analysis going on unchanged: the totals of
     * the connections accounted are added to {@code totals}, and the connections not yet accounted (open, finished but
     * lingering, or held for the capture's end) are accounted as far as they have come into {@code totals} and
     * {@code sink} (see {@link Ledger#provisional()}). Returns the packets of messages still arriving, in no phase.
     *
     * @param open told of each connection not yet accounted, in the order of their ids
     */
    long soFar(Totals totals, Ledger.Sink sink, Consumer<Connection> open) {
        for (Lane lane : lanes.lanes()) totals.merge(lane.totals);
        List<Connection> pending = live.values();
        for (Lane lane : lanes.lanes()) pending.addAll(lane.held);
        pending.sort(Comparator.comparingInt(c -> c.id));
        long arriving = 0;
        for (Connection c : pending) {
            open.accept(c);
            Ledger ledger = Ledger.provisional(options, c, c.captureStartNanos);
            ledger.account(totals, sink);
            arriving += ledger.arriving;
        }
        return arriving;
    }

    /** The pass over every frame's headers: frames, times, TCP packets so far. */
    Tracker tracker() {
        return tracker;
    }

    /** The capture has ended: accounts the connections still open and returns the whole result. */
    public AnalysisResult finish(String source, String stopReason) {
        SplitAnalysis.Part done = finishPart();
        headers.end();
        SplitAnalysis.Settled settled = SplitAnalysis.settle(List.of(done), tracker, recordsInMemory, source, stopReason);
        anotherRound = settled.anotherRound() == null ? null : settled.anotherRound().facts();
        return settled.result();
    }

    /**
     * This analysis' connections have no more packets: accounts those still open and returns its part of the result,
     * for {@link SplitAnalysis#settle}.
     */
    SplitAnalysis.Part finishPart() {
        if (finished) throw new IllegalStateException("the analysis has finished");
        finished = true;
        List<Connection> open = live.values();
        open.sort(Comparator.comparingInt(c -> c.id));
        live.clear();
        active.clear();
        closing.clear();
        closed.clear();
        for (Connection c : open) ended(c, false);
        lanes.drain();
        Set<Lane.Server> unpinned = new HashSet<>();
        List<Connection> held = pinByKnownServers(unpinned);
        held.sort(Comparator.comparingInt(c -> c.id));
        for (Connection c : open) if (!c.held) lanes.conclude(c.last(), c);
        for (Connection c : held) lanes.conclude(c.last(), c);
        lanes.drain();
        lanes.close();
        Lane[] all = lanes.lanes();
        for (int i = all.length - 1; i >= 0; i--) totals.merge(all[i].totals);
        List<FactLog> logs = new ArrayList<>();
        Set<Lane.Server> known = new HashSet<>();
        for (Lane lane : all) {
            logs.add(lane.facts);
            known.addAll(lane.knownServers);
        }
        return new SplitAnalysis.Part(totals, logs, known, unpinned, part, java.util.Arrays.copyOf(firsts, part ? connectionCount : 0),
                records.connections.sorted(),
                records.sortedMessages(), records.invocations.sorted(),
                options.keepPackets() ? records.packets.sorted() : List.of(), records.codecs,
                records.messageLimit(), records.messagesLeftOut());
    }

    /** A message with what the capture's facts supply to it ({@link io.wireanalyze.protocol.Details#wants()}). */
    static MessageRecord settled(Codecs.Keyed<MessageRecord> k, Settlement facts) {
        MessageRecord r = k.value();
        io.wireanalyze.protocol.FactRef ref = r.message().info().details().wants();
        if (ref == null) return r;
        String value = facts.at(ref, k.stamp());
        if (value == null) return r;
        var info = r.message().info();
        var m = r.message().withInfo(info.withDetails(info.details().supplied(ref, value)).withMethod(ref.method(info.method(), value)));
        return new MessageRecord(r.frame(), r.lastFrame(), r.timeMs(), r.connection(), m, r.packets());
    }

}
