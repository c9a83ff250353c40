package io.wireanalyze.accounting;

import java.nio.ByteBuffer;
import java.util.function.IntFunction;

/**
 * How the {@link Analyzer}, which reads the frames, tracks connections and reassembles their streams, hands each
 * connection's bytes and end to the {@link Lane} that decodes and accounts it. Every call has its place in one
 * sequence, the order the analyzer made them: each lane does its connections' work in that order, and what
 * connections share is touched in that order too ({@link io.wireanalyze.protocol.CaptureOrder}), so the result does not
 * depend on how many lanes there are.
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
            order++;
            lanes[c.lane].data(c, fromInitiator, offset, bytes, peerAcknowledged);
        }

        @Override
        public void gap(Connection c, boolean fromInitiator, long offset, long length) {
            order++;
            lanes[c.lane].gap(c, fromInitiator, offset, length);
        }

        @Override
        public void end(Connection c, boolean fromInitiator) {
            order++;
            lanes[c.lane].end(c, fromInitiator);
        }

        @Override
        public void ended(Connection c, boolean conclude) {
            lanes[c.lane].ended(c, conclude, order++);
        }

        @Override
        public void conclude(Connection c) {
            order++;
            lanes[c.lane].conclude(c);
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
}
