package io.wireanalyze.accounting;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;

/**
 * How the {@link Analyzer}, which reads the frames, tracks connections and reassembles their streams, hands each
 * connection's bytes and end to the {@link Lane} that decodes and accounts it. Every call has its place in one
 * sequence, the order the analyzer made them: a connection's work is done in that order, and the place goes with it
 * (what the connection learns or asks there has that place in the capture). Connections are decoded apart: nothing a
 * lane does waits for another, and the result does not depend on how many lanes there are or which goes first.
 */
interface Lanes {

    /** The lane a new connection goes to, for the rest of its life. */
    int laneOf(Connection c);

    void data(Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged);

    void gap(Connection c, boolean fromInitiator, long offset, long length);

    void end(Connection c, boolean fromInitiator);

    /** See {@link Lane#ended}. */
    void ended(Connection c, boolean conclude);

    void conclude(Connection c);

    /** Returns once every call made so far has been done. */
    void drain();

    Lane[] lanes();

    /** Stops the lanes' threads, if any; the analysis is over (or abandoned). */
    void close();

    /** Lanes on the analyzer's own thread: each call done as it is made. */
    final class InOrder implements Lanes {
        private final Lane[] lanes;
        private long order;

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
        public void data(Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
            lanes[c.lane].data(order++, c, fromInitiator, offset, bytes, peerAcknowledged);
        }

        @Override
        public void gap(Connection c, boolean fromInitiator, long offset, long length) {
            lanes[c.lane].gap(order++, c, fromInitiator, offset, length);
        }

        @Override
        public void end(Connection c, boolean fromInitiator) {
            lanes[c.lane].end(order++, c, fromInitiator);
        }

        @Override
        public void ended(Connection c, boolean conclude) {
            lanes[c.lane].ended(c, conclude, order++);
        }

        @Override
        public void conclude(Connection c) {
            lanes[c.lane].conclude(order++, c);
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
        private long order;

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
        public void data(Connection c, boolean fromInitiator, long offset, ByteBuffer bytes, long peerAcknowledged) {
            long n = order++;
            add(c, () -> lanes[0].data(n, c, fromInitiator, offset, bytes, peerAcknowledged));
        }

        @Override
        public void gap(Connection c, boolean fromInitiator, long offset, long length) {
            long n = order++;
            add(c, () -> lanes[0].gap(n, c, fromInitiator, offset, length));
        }

        @Override
        public void end(Connection c, boolean fromInitiator) {
            long n = order++;
            add(c, () -> lanes[0].end(n, c, fromInitiator));
        }

        @Override
        public void ended(Connection c, boolean conclude) {
            long n = order++;
            add(c, () -> lanes[0].ended(c, conclude, n));
        }

        @Override
        public void conclude(Connection c) {
            long n = order++;
            add(c, () -> lanes[0].conclude(n, c));
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
