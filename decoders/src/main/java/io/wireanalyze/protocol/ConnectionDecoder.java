package io.wireanalyze.protocol;

import io.wireanalyze.tcp.BufferPool;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.function.Consumer;

/**
 * Decodes both directions of one TCP connection. Until a probe claims the connection, the first bytes of
 * each side are buffered and offered to every protocol's probe; once one says MINE the connection is pinned
 * to it (Wireshark's conversation_set_dissector). Sides are "initiator" (sent the SYN, or was seen first)
 * and "responder"; the probe says which of them is the client.
 */
public final class ConnectionDecoder {

    /** Bytes of each side buffered while probing; past this the connection is UNKNOWN. */
    static final int MAX_PROBE_BYTES = 64 * 1024;

    private final List<Decoding> protocols;
    private final AnalysisScope scope;
    private final boolean sawSyn;
    private final Facts facts;
    private final BufferPool buffers;
    private final StreamDriver[] drivers = new StreamDriver[2];   // [initiator, responder]
    private final boolean[] ended = new boolean[2];
    private ProtocolName protocol;
    private ProtocolSession session;
    private boolean initiatorIsClient = true;
    private boolean probeGap;
    private ProbeResult maybe;
    private Decoding maybeProtocol;

    /**
     * @param protocols the analysis' protocols, in probe order
     * @param scope     the analysis' limits and method names
     * @param sawSyn    whether the connection's SYN was captured
     * @param facts     what the connection tells the others of its capture and asks of them
     */
    public ConnectionDecoder(List<Decoding> protocols, AnalysisScope scope, boolean sawSyn, Facts facts) {
        this(protocols, scope, sawSyn, facts, BufferPool.NONE);
    }

    /**
     * @param buffers where the connection's stream buffers come from and go back to when nothing is pending: the pool
     *                of the analyzer that decodes it, shared with its other connections
     */
    public ConnectionDecoder(List<Decoding> protocols, AnalysisScope scope, boolean sawSyn, Facts facts, BufferPool buffers) {
        this.buffers = buffers;
        this.protocols = protocols;
        this.scope = scope;
        this.sawSyn = sawSyn;
        this.facts = facts;
        drivers[0] = unknownDriver();
        drivers[1] = unknownDriver();
        order = new CausalOrder(this::event, scope.limits().maxBufferedStreamBytes());
    }

    private final CausalOrder order;
    private Consumer<Message> out = m -> { };

    /** An event whose turn came: decoded now. */
    private void event(int side, CausalOrder.Event e) {
        boolean fromInitiator = side == 0;
        if (e instanceof CausalOrder.Data d) decodeData(fromInitiator, d.offset(), d.bytes(), out);
        else if (e instanceof CausalOrder.Gap g) decodeGap(fromInitiator, g.offset(), g.length(), out);
        else decodeEnd(fromInitiator, out);
    }

    private StreamDriver unknownDriver() {
        return new StreamDriver(ProtocolName.UNKNOWN, scope.limits().maxMessageBytes(), buffers);
    }

    /** The pinned protocol ({@link ProtocolName#UNKNOWN} when none claimed it), or null while still probing. */
    public ProtocolName protocol() {
        return protocol;
    }

    /**
     * The connection's protocol as reports name it: the pinned one's, or what a layer carries once it knows
     * ({@link ProtocolSession#carried()}: {@code jrmp-tls}); {@link ProtocolName#UNKNOWN} when none claimed it.
     */
    public ProtocolName reported() {
        ProtocolName carried = session == null ? null : session.carried();
        return carried != null ? carried : protocol == null ? ProtocolName.UNKNOWN : protocol;
    }

    /** Whether the initiator side is the client (decided by SYN or by the probe). */
    public boolean initiatorIsClient() {
        return initiatorIsClient;
    }

    public Direction direction(boolean fromInitiator) {
        return fromInitiator == initiatorIsClient ? Direction.C2S : Direction.S2C;
    }

    /** Bytes of one side whose causal place is unknown (no acknowledgement to go by). */
    public void data(boolean fromInitiator, long offset, ByteBuffer bytes, Consumer<Message> out) {
        data(fromInitiator, offset, bytes, Long.MIN_VALUE, out);
    }

    /**
     * Bytes of one side at stream {@code offset}; {@code peerAcknowledged} is the other side's stream offset the
     * segment acknowledged (or {@link Long#MIN_VALUE}): they are decoded once the other side is decoded that far.
     */
    public void data(boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged, Consumer<Message> out) {
        this.out = out;
        order.offer(fromInitiator ? 0 : 1, new CausalOrder.Data(offset, bytes, peerAcknowledged));
    }

    public void gap(boolean fromInitiator, long offset, long length, Consumer<Message> out) {
        this.out = out;
        order.offer(fromInitiator ? 0 : 1, new CausalOrder.Gap(offset, length));
    }

    /** The side ended (FIN or RST). */
    public void end(boolean fromInitiator, Consumer<Message> out) {
        this.out = out;
        order.offer(fromInitiator ? 0 : 1, new CausalOrder.End());
    }

    private void decodeData(boolean fromInitiator, long offset, ByteBuffer bytes, Consumer<Message> out) {
        int side = fromInitiator ? 0 : 1;
        if (protocol == ProtocolName.UNKNOWN) return;
        drivers[side].append(offset, bytes);
        if (protocol == null && !probe(false)) return;
        if (session == null) return;
        StreamDriver other = drivers[1 - side];
        if (other.pending() > 0) other.run(session, direction(side == 1), InputState.PEER_REPLIED, out);
        drivers[side].run(session, direction(fromInitiator), InputState.MORE_MAY_FOLLOW, out);
    }

    private void decodeGap(boolean fromInitiator, long offset, long length, Consumer<Message> out) {
        int side = fromInitiator ? 0 : 1;
        if (protocol == null) {
            probeGap = true;   // what was buffered for the probe is not a clean start any more
            drivers[side].discard();
            drivers[side] = unknownDriver();
            return;
        }
        if (session != null) drivers[side].gap(session, direction(fromInitiator), offset, length, out);
    }

    private void decodeEnd(boolean fromInitiator, Consumer<Message> out) {
        int side = fromInitiator ? 0 : 1;
        ended[side] = true;
        if (protocol == null) probe(ended[0] && ended[1]);
        if (session != null) drivers[side].run(session, direction(fromInitiator), InputState.ENDED, out);
        if (drivers[side] != null) drivers[side].release();   // null once pinned to nothing (UNKNOWN)
    }

    /**
     * One side is over for good and is decoded no further (a layer above ends its inner connection side by side: TLS,
     * when a direction ends or loses bytes): what it buffered is decoded as far as it goes and its open unparsed run is
     * emitted, as {@link #finish} does for both. The other side goes on.
     */
    public void finish(boolean fromInitiator, Consumer<Message> out) {
        int side = fromInitiator ? 0 : 1;
        if (protocol == ProtocolName.UNKNOWN) return;
        ended[side] = true;
        if (protocol == null) probe(true);
        if (session == null) return;
        drivers[side].run(session, direction(fromInitiator), InputState.ENDED, out);
        drivers[side].finish(direction(fromInitiator), out);
    }

    /**
     * The capture is over: a connection still undecided is probed as if it had ended, so that a MAYBE (a lone
     * Ping on a connection still open) can be pinned by the known servers before {@link #finish}.
     */
    public void captureEnded(Consumer<Message> out) {
        this.out = out;
        order.drain();
        if (protocol == null) probe(true);
    }

    /** End of capture: everything still buffered is decoded as far as it goes. */
    public void finish(Consumer<Message> out) {
        this.out = out;
        order.drain();
        if (protocol == null) probe(true);
        if (session == null) {
            protocol = protocol == null ? ProtocolName.UNKNOWN : protocol;
            return;
        }
        for (int side = 0; side < 2; side++) {
            drivers[side].run(session, direction(side == 0), InputState.ENDED, out);
            drivers[side].finish(direction(side == 0), out);
        }
    }

    /** Offers the buffered bytes to every probe; true once pinned to a protocol with a session. */
    private boolean probe(boolean over) {
        ByteBuffer a = drivers[0].view(), b = drivers[1].view();
        boolean undecided = false;
        for (Decoding p : protocols) {
            ProbeResult r = p.probe().probe(a, b, sawSyn && !probeGap, over);
            switch (r.verdict()) {
                case MINE -> {
                    pin(p, r);
                    return true;
                }
                case NEED_MORE -> undecided = true;
                case MAYBE -> {
                    if (maybe == null) {
                        maybe = r;
                        maybeProtocol = p;
                    }
                }
                case NOT_MINE -> { }
            }
        }
        if (maybe != null && over) return false;   // decided at the end of the capture: see pinIfServerKnown
        if (!undecided || over || a.remaining() > MAX_PROBE_BYTES || b.remaining() > MAX_PROBE_BYTES) {
            protocol = ProtocolName.UNKNOWN;
            drivers[0].discard();
            drivers[1].discard();
            drivers[0] = drivers[1] = null;
        }
        return false;
    }

    /**
     * The protocol the bytes fit without proving it (see {@link ProbeResult.Verdict#MAYBE}), or null.
     * The caller pins it with {@link #pinMaybe()} once the server is known to speak it.
     */
    public ProtocolName maybeProtocol() {
        return protocol == null && maybeProtocol != null ? maybeProtocol.name() : null;
    }

    /** Whether the initiator would be the client under {@link #maybeProtocol()}. */
    public boolean maybeInitiatorIsClient() {
        return maybe != null && maybe.initiatorIsClient();
    }

    /** Pins the connection to {@link #maybeProtocol()}: another connection proved the server speaks it. */
    public void pinMaybe() {
        if (maybeProtocol() != null) pin(maybeProtocol, maybe);
    }

    private void pin(Decoding p, ProbeResult r) {
        protocol = p.name();
        initiatorIsClient = r.initiatorIsClient();
        session = p.newSession(scope.session(r.midStream() || !sawSyn || probeGap, facts, buffers));
        for (int side = 0; side < 2; side++) drivers[side] = new StreamDriver(protocol, scope.limits().maxMessageBytes(), drivers[side]);
    }
}
