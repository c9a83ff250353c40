package io.wireanalyze.accounting;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;

/**
 * How the {@link Analyzer}, which reads the frames, tracks connections and reassembles their streams, hands each
 * connection's bytes and end to the {@link Lane} that decodes and accounts it. Every call comes with its place in the
 * capture ({@link Connection#next()}): a connection's work is done in the order of its calls, and what the connection
 * learns or asks there has that place. Connections are decoded apart: nothing a
 * lane does waits for another, and the result does not depend on how many lanes there are or which goes first.
 */
interface Lanes {

    /** The lane a new connection goes to, for the rest of its life. */
    int laneOf(Connection c);

    void data(long place, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged);

    void gap(long place, Connection c, boolean fromInitiator, long offset, long length);

    void end(long place, Connection c, boolean fromInitiator);

    /** See {@link Lane#ended}. */
    void ended(long place, Connection c, boolean conclude);

    void conclude(long place, Connection c);

    /** See {@link Lane#flush}: the connection's first rows accounted now if their place is final. */
    void flush(Connection c, int every);

    /** Returns once every call made so far has been done. */
    void drain();

    Lane[] lanes();

    /** Stops the lanes' threads, if any; the analysis is over (or abandoned). */
    void close();

    /** Lanes on the analyzer's own thread: each call done as it is made. */
    final class InOrder implements Lanes {
        private final Lane[] lanes;

        /** @param n lanes to account connections into, by connection id (the result is the same for any number) */
        InOrder(int n, IntFunction<Lane> lane) {
            lanes = new Lane[n];
            for (int i = 0; i < n; i++) lanes[i] = lane.apply(i);
        }

        @Override
        public int laneOf(Connection c) {
            return c.id % lanes.length;
        }

        @Override
        public void data(long place, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
            lanes[c.lane].data(place, c, fromInitiator, offset, bytes, peerAcknowledged);
        }

        @Override
        public void gap(long place, Connection c, boolean fromInitiator, long offset, long length) {
            lanes[c.lane].gap(place, c, fromInitiator, offset, length);
        }

        @Override
        public void end(long place, Connection c, boolean fromInitiator) {
            lanes[c.lane].end(place, c, fromInitiator);
        }

        @Override
        public void ended(long place, Connection c, boolean conclude) {
            lanes[c.lane].ended(c, conclude, place);
        }

        @Override
        public void conclude(long place, Connection c) {
            lanes[c.lane].conclude(place, c);
        }

        @Override
        public void flush(Connection c, int every) {
            lanes[c.lane].flush(c, every);
        }

        @Override
        public void drain() {
        }

        @Override
        public Lane[] lanes() {
            return lanes;
        }

        @Override
        public void close() {
        }
    }

    /**
     * One lane on the analyzer's thread that holds every call until {@link #drain} and then does each connection's work
     * whole, the connections in the order {@code arrange} puts them in (shuffled, reversed): a test of the claim that
     * connections are decoded apart (the result is the same in any order). Holds the whole capture's work: for tests.
     */
    final class Deferred implements Lanes {
        private final Lane[] lanes = new Lane[1];
        private final java.util.Map<Connection, java.util.List<Runnable>> work = new java.util.LinkedHashMap<>();
        private final java.util.function.Consumer<java.util.List<Connection>> arrange;

        Deferred(java.util.function.Consumer<java.util.List<Connection>> arrange, IntFunction<Lane> lane) {
            lanes[0] = lane.apply(0);
            this.arrange = arrange;
        }

        private void add(Connection c, Runnable r) {
            work.computeIfAbsent(c, k -> new java.util.ArrayList<>()).add(r);
        }

        @Override
        public int laneOf(Connection c) {
            return 0;
        }

        @Override
        public void data(long place, Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
            add(c, () -> lanes[0].data(place, c, fromInitiator, offset, bytes, peerAcknowledged));
        }

        @Override
        public void gap(long place, Connection c, boolean fromInitiator, long offset, long length) {
            add(c, () -> lanes[0].gap(place, c, fromInitiator, offset, length));
        }

        @Override
        public void end(long place, Connection c, boolean fromInitiator) {
            add(c, () -> lanes[0].end(place, c, fromInitiator));
        }

        @Override
        public void ended(long place, Connection c, boolean conclude) {
            add(c, () -> lanes[0].ended(c, conclude, place));
        }

        @Override
        public void conclude(long place, Connection c) {
            add(c, () -> lanes[0].conclude(place, c));
        }

        /** Nothing is decoded before the end here, so no row is known to be final: each connection is accounted whole. */
        @Override
        public void flush(Connection c, int every) {
            c.flushAt = c.log.size() + every;
        }

        @Override
        public void drain() {
            java.util.List<Connection> connections = new java.util.ArrayList<>(work.keySet());
            arrange.accept(connections);
            for (Connection c : connections) for (Runnable r : work.get(c)) r.run();
            work.clear();
        }

        @Override
        public Lane[] lanes() {
            return lanes;
        }

        @Override
        public void close() {
        }
    }
}
