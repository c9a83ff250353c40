package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.tcp.Direction;
import io.wireanalyze.tcp.BufferPool;
import io.wireanalyze.tcp.StreamReassembler;

import java.util.ArrayList;
import java.util.List;

/**
 * One TCP connection: while open its reassembly and decoding state, its packets and the messages found; after
 * {@link #closeStreams} and {@link #conclude} only what accounting reads (the packets, the messages, each direction's
 * {@link StreamReassembler.Summary}, the protocol and which side was the client), its live state dropped; once
 * accounted, nothing. The analyzer's thread owns its TCP state, streams and packets until it hands the connection's
 * end to its lane; the lane's thread owns its decoder, facts and messages ({@link Lanes}). Nothing in it is another
 * connection's: what connections tell each other goes through its {@link ConnectionFacts} and is settled at the end.
 */
final class Connection {

    final int id;
    final Endpoint initiator;
    final Endpoint responder;
    final boolean sawSyn;
    final long synSeq;
    StreamReassembler[] streams = new StreamReassembler[2];   // [initiator, responder]; null once concluded
    ConnectionDecoder decoder;                                 // null once concluded
    /** A FIN was seen, per side; and the side's decoder was told it ended (every byte before the FIN in). */
    final boolean[] closed = new boolean[2];
    final boolean[] ended = new boolean[2];
    boolean reset;
    /** Its packets not accounted yet: all of them until it ends, unless it was accounted as it went ({@link Ledger#flush}). */
    PacketLog log;
    /** What the rows accounted as it went left ({@link Ledger#flush}): null until then. */
    Ledger.Carried carried;
    /** The log's size at which its first rows are offered to the ledger next ({@link Lane#flush}). */
    int flushAt = Analyzer.FLUSH_ROWS;
    /** Where its log goes back to when it is accounted. */
    final PacketLog.Recycler logs;
    /** The analysis' queue it waits in to be accounted (open, closing, closed), or null. */
    ConnectionQueue queue;
    /** Its neighbours in that queue. */
    Connection before, after;
    /** The latest capture time of its packets. */
    long lastNanos = Long.MIN_VALUE;
    /** The TCP index of its latest packet in the file. */
    long lastIndex;
    /** Its bytes fit a protocol without proving it: accounted when the capture ends, when every server is known. */
    boolean held;
    /** When it was held: the place of its end (held connections are settled in that order). */
    long heldOrder;
    /**
     * Places in the capture, for what the connection learns and asks ({@link ConnectionFacts}): the work of its packet
     * of TCP index {@code i} has places {@code i * PLACES} on, in the order it is done; its end (its streams flushed,
     * its decoder told, its accounting) comes right after its last packet's work. A place depends on the connection's
     * own packets and their index in the capture only, so any engine that knows those indices (threads, or a
     * cluster's tasks) gives every piece of work the same place.
     */
    static final long PLACES = 1L << 20;
    private long place;
    private long within;
    /** The lane that decodes and accounts it ({@link Lanes}). */
    int lane;
    /** The capture's first frame's time, what its report times count from. */
    long captureStartNanos;
    /** Its streams' listeners, per side ([initiator, responder]), while they are open. */
    io.wireanalyze.tcp.StreamListener[] listeners;
    /** Where its decoder's messages go. */
    final java.util.function.Consumer<Message> sink = this::add;
    /** What it tells the capture and asks of it, with the place of the work in hand. */
    ConnectionFacts facts;
    /** Messages in the order decoded, and per direction (C2S, S2C) in stream order; each one's capture place. */
    final List<Message> messages = new ArrayList<>();
    private long[] stamps = new long[8];
    final List<List<Message>> byDirection = List.of(new ArrayList<>(), new ArrayList<>());
    /** Per direction (C2S, S2C), the index in {@link #messages} of each message of {@link #byDirection}. */
    private final int[][] indexOf = {new int[8], new int[8]};
    /**
     * Whether each direction's messages came in stream order, their offsets and ends never falling (as nearly always):
     * the ledger may account rows that lie before the last one as it goes ({@link Ledger#flush}).
     */
    private boolean inStreamOrder = true;
    private StreamReassembler.Summary[] ends;
    private ProtocolName protocol;
    private boolean initiatorIsClient;

    Connection(int id, Endpoint initiator, Endpoint responder, boolean sawSyn, long synSeq, int maxBufferedStreamBytes,
               long maxHoleWaitNanos) {
        this(id, initiator, responder, sawSyn, synSeq, maxBufferedStreamBytes, maxHoleWaitNanos, BufferPool.NONE);
    }

    /** @param buffers the analyzer's pool its streams' rings of recent bytes come from (and go back to when closed) */
    Connection(int id, Endpoint initiator, Endpoint responder, boolean sawSyn, long synSeq, int maxBufferedStreamBytes,
               long maxHoleWaitNanos, BufferPool buffers) {
        this(id, initiator, responder, sawSyn, synSeq, maxBufferedStreamBytes, maxHoleWaitNanos, buffers, PacketLog.Recycler.NONE);
    }

    /** @param logs the analyzer's logs of accounted connections, its own taken from there */
    Connection(int id, Endpoint initiator, Endpoint responder, boolean sawSyn, long synSeq, int maxBufferedStreamBytes,
               long maxHoleWaitNanos, BufferPool buffers, PacketLog.Recycler logs) {
        this.id = id;
        this.logs = logs;
        this.log = logs.take();
        this.initiator = initiator;
        this.responder = responder;
        this.sawSyn = sawSyn;
        this.synSeq = synSeq;
        streams[0] = new StreamReassembler(maxBufferedStreamBytes, maxHoleWaitNanos, buffers);
        streams[1] = new StreamReassembler(maxBufferedStreamBytes, maxHoleWaitNanos, buffers);
    }

    /** Its packet of TCP index {@code tcpIndex} is in hand: the places of the work it causes. */
    void at(long tcpIndex) {
        place = tcpIndex * PLACES;
        within = 0;
    }

    /** The place of the next piece of its work (after its latest packet's earlier work). */
    long next() {
        return place + Math.min(within++, PLACES - 2);
    }

    /** The place of its end: after every piece of its latest packet's work. */
    long last() {
        return place + PLACES - 1;
    }

    void add(Message m) {
        if (messages.size() == stamps.length) stamps = java.util.Arrays.copyOf(stamps, stamps.length * 2);
        stamps[messages.size()] = facts.now;
        int d = m.direction().ordinal();
        List<Message> same = byDirection.get(d);
        if (!same.isEmpty()) {
            Message last = same.get(same.size() - 1);
            if (m.offset() < last.offset() || m.end() < last.end()) inStreamOrder = false;
        }
        if (same.size() == indexOf[d].length) indexOf[d] = java.util.Arrays.copyOf(indexOf[d], 2 * same.size());
        indexOf[d][same.size()] = messages.size();
        messages.add(m);
        same.add(m);
    }

    /** The index in {@link #messages} of message {@code j} of direction {@code d} ({@link #byDirection}). */
    int indexOf(Direction d, int j) {
        return indexOf[d.ordinal()][j];
    }

    /** See {@link #inStreamOrder}. */
    boolean inStreamOrder() {
        return inStreamOrder;
    }

    /** Its packets so far: those accounted as it went and those in its log. */
    long packets() {
        return (carried == null ? 0 : carried.sums.rows) + (log == null ? 0 : log.size());
    }

    /** The reassembler of direction {@code d} while the connection is open (before {@link #closeStreams}). */
    StreamReassembler stream(Direction d) {
        return streams[(d == Direction.C2S) == isInitiatorClient() ? 0 : 1];
    }

    /** Its streams are flushed and get nothing more: keeps their final state, drops the rest. */
    void closeStreams() {
        ends = new StreamReassembler.Summary[]{streams[0].summary(), streams[1].summary()};
        streams[0].release();
        streams[1].release();
        streams = null;
        listeners = null;
    }

    /** Its decoding is over (after {@link #closeStreams}): keeps what accounting needs and drops the rest. */
    void conclude() {
        protocol = decoder.reported();
        initiatorIsClient = decoder.initiatorIsClient();
        decoder = null;
    }

    /** The capture place at which message {@code i} was decoded. */
    long stamp(int i) {
        return stamps[i];
    }

    Direction direction(boolean fromInitiator) {
        return fromInitiator == isInitiatorClient() ? Direction.C2S : Direction.S2C;
    }

    /**
     * The final state of direction {@code d} (after {@link #conclude}); of an open connection (a running view's
     * provisional accounting, {@link LiveAnalysis}), its state so far.
     */
    StreamReassembler.Summary end(Direction d) {
        int side = (d == Direction.C2S) == isInitiatorClient() ? 0 : 1;
        return ends != null ? ends[side] : streams[side].summary();
    }

    private StreamReassembler.Summary end(int side) {
        return ends != null ? ends[side] : streams[side].summary();
    }

    long gapBytes() {
        return end(0).gapBytes() + end(1).gapBytes();
    }

    long conflictingBytes() {
        return end(0).conflictingBytes() + end(1).conflictingBytes();
    }

    /** Its protocol as reports name it (after {@link #conclude}; before, as its decoder names it so far). */
    ProtocolName protocol() {
        return decoder != null ? decoder.reported() : protocol;
    }

    private boolean isInitiatorClient() {
        return decoder != null ? decoder.initiatorIsClient() : initiatorIsClient;
    }

    Endpoint client() {
        return isInitiatorClient() ? initiator : responder;
    }

    Endpoint server() {
        return isInitiatorClient() ? responder : initiator;
    }

    boolean finished() {
        return reset || (closed[0] && closed[1]);
    }
}
