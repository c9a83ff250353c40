package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.protocol.ProtocolName;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where some of an analysis' connections are decoded and accounted, by one thread: their reassembled bytes decoded
 * (in the order the {@link Analyzer} saw them), and each accounted into the lane's own {@link Totals} when done.
 * The analysis has one lane ({@link Lanes.InOrder}), or several (a test of the mergeable ledger); the lanes' totals merge
 * into the whole result. A lane also keeps what the analysis settles when the capture ends: the connections held
 * (their bytes fit a protocol without proving it), the servers its connections proved, and the facts they told
 * ({@link FactLog}). Each piece of work comes with its place in the capture ({@code number}), which is the place of
 * what the connection learns or asks while doing it.
 */
final class Lane {

    /** A server that a connection proved to speak a protocol. */
    record Server(ProtocolName protocol, Endpoint endpoint) {
        /** Written out, as the record's own would be (the same fields, the same hash), without its method handles. */
        @Override
        public boolean equals(Object o) {
            return o == this || o instanceof Server s && java.util.Objects.equals(protocol, s.protocol)
                    && java.util.Objects.equals(endpoint, s.endpoint);
        }

        @Override
        public int hashCode() {
            return java.util.Objects.hashCode(protocol) * 31 + java.util.Objects.hashCode(endpoint);
        }
    }

    final Totals totals = new Totals();
    /** Packets its connections accounted as they went ({@link #flush}). */
    long flushed;
    /** Connections held for the capture's end, in the order they ended. */
    final List<Connection> held = new ArrayList<>();
    final Set<Server> knownServers = new HashSet<>();
    /** The server {@link #proved} last. */
    private Server lastProved;
    final FactLog facts = new FactLog();
    private final AnalysisOptions options;
    private final Ledger.Sink sink;

    Lane(AnalysisOptions options, Ledger.Sink sink) {
        this.options = options;
        this.sink = sink;
    }

    void data(long number, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
        c.facts.now = number;
        c.decoder.data(fromInitiator, offset, bytes, peerAcknowledged, c.sink);
    }

    void gap(long number, Connection c, boolean fromInitiator, long offset, long length) {
        c.facts.now = number;
        c.decoder.gap(fromInitiator, offset, length, c.sink);
    }

    /** Every byte of one side, up to its FIN, has been delivered. */
    void end(long number, Connection c, boolean fromInitiator) {
        c.facts.now = number;
        c.decoder.end(fromInitiator, c.sink);
    }

    /**
     * The capture has nothing more for the connection (its streams flushed): its decoder is told, and it is held
     * when its bytes only fit a protocol, else accounted now if {@code conclude}.
     *
     * @param order its place among the analysis' work, which orders the held connections as one thread would
     */
    void ended(Connection c, boolean conclude, long order) {
        c.facts.now = order;
        c.decoder.captureEnded(c.sink);
        ProtocolName p = c.decoder.protocol();
        if (p != null && !p.equals(ProtocolName.UNKNOWN)) proved(p, c.server());
        c.held = c.decoder.maybeProtocol() != null;
        if (c.held) {
            c.heldOrder = order;
            held.add(c);
        } else if (conclude) {
            conclude(order, c);
        }
    }

    /**
     * A server proved by a connection that ended: into {@link #knownServers}, unless it is the one the connection that
     * ended before proved (most often it is: thousands of connections to a few servers, a set's hash and look-up each).
     */
    private void proved(ProtocolName p, io.wireanalyze.frame.Endpoint server) {
        Server last = lastProved;
        if (last != null && last.protocol().equals(p) && last.endpoint().equals(server)) return;
        lastProved = new Server(p, server);
        knownServers.add(lastProved);
    }

    /** Accounts the connection and lets it go. */
    void conclude(long number, Connection c) {
        c.facts.now = number;
        c.decoder.finish(c.sink);
        c.conclude();
        new Ledger(options, c, c.captureStartNanos).account(totals, sink);
        c.logs.give(c.log);   // the ledger is done with it
        c.log = null;
        c.carried = null;
    }

    /**
     * A connection still open has {@link Connection#flushAt} rows in its log: those whose place is final already are
     * accounted now and leave it ({@link Ledger#flush}), when its decoder has pinned a protocol (or none) and its
     * messages came in stream order. Then it is asked again after {@code every} more rows.
     */
    void flush(Connection c, int every) {
        if (c.decoder.protocol() != null && c.inStreamOrder()) flushed += new Ledger(options, c, c.captureStartNanos).flush(totals, sink);
        c.flushAt = c.log.size() + every;
    }
}
