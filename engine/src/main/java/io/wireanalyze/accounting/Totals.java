package io.wireanalyze.accounting;

import io.wireanalyze.phase.Phase;

import java.util.EnumMap;
import java.util.Map;

/**
 * The running totals of accounted connections: per phase packets, bytes, retransmissions, elapsed time and first
 * and last packet; the capture's first application call and first marker call. Totals of disjoint sets of
 * connections {@link #merge} into exactly the totals of their union, in any order and grouping: sums, minima and
 * maxima of whole numbers (nanoseconds), so no rounding depends on the order.
 */
final class Totals {

    private static final int N = Phase.values().length;

    final long[] packets = new long[N];
    final long[] wireBytes = new long[N];
    final long[] payloadBytes = new long[N];
    final long[] retransmissions = new long[N];
    final long[] elapsedNanos = new long[N];
    final long[] firstNanos = new long[N];
    final long[] lastNanos = new long[N];
    /** The first application call (by frame): its request frame, its packet's place among TCP packets and its time. */
    long firstCallFrame = Long.MAX_VALUE;
    long firstCallIndex = -1;
    long firstCallNanos;
    /** When the capture's first marker call was sent (Long.MAX_VALUE: none yet). */
    long firstMarkerNanos = Long.MAX_VALUE;

    Totals() {
        java.util.Arrays.fill(firstNanos, Long.MAX_VALUE);
        java.util.Arrays.fill(lastNanos, Long.MIN_VALUE);
    }

    void packet(Phase phase, int wire, int payload, boolean retransmission, long elapsed, long nanos) {
        int p = phase.ordinal();
        packets[p]++;
        wireBytes[p] += wire;
        payloadBytes[p] += payload;
        if (retransmission) retransmissions[p]++;
        elapsedNanos[p] += elapsed;
        firstNanos[p] = Math.min(firstNanos[p], nanos);
        lastNanos[p] = Math.max(lastNanos[p], nanos);
    }

    void call(long requestFrame, long tcpIndex, long nanos) {
        if (requestFrame < firstCallFrame) {
            firstCallFrame = requestFrame;
            firstCallIndex = tcpIndex;
            firstCallNanos = nanos;
        }
    }

    void marker(long nanos) {
        firstMarkerNanos = Math.min(firstMarkerNanos, nanos);
    }

    /** Adds {@code other}'s connections to these. */
    void merge(Totals other) {
        for (int p = 0; p < N; p++) {
            packets[p] += other.packets[p];
            wireBytes[p] += other.wireBytes[p];
            payloadBytes[p] += other.payloadBytes[p];
            retransmissions[p] += other.retransmissions[p];
            elapsedNanos[p] += other.elapsedNanos[p];
            firstNanos[p] = Math.min(firstNanos[p], other.firstNanos[p]);
            lastNanos[p] = Math.max(lastNanos[p], other.lastNanos[p]);
        }
        call(other.firstCallFrame, other.firstCallIndex, other.firstCallNanos);
        marker(other.firstMarkerNanos);
    }

    long tcpPackets() {
        long n = 0;
        for (long p : packets) n += p;
        return n;
    }

    Map<Phase, AnalysisResult.PhaseStats> phases() {
        Map<Phase, AnalysisResult.PhaseStats> out = new EnumMap<>(Phase.class);
        for (Phase ph : Phase.values()) {
            int p = ph.ordinal();
            double span = packets[p] == 0 ? 0 : (lastNanos[p] - firstNanos[p]) / 1e6;
            out.put(ph, new AnalysisResult.PhaseStats(packets[p], wireBytes[p], payloadBytes[p], elapsedNanos[p] / 1e6, span,
                    retransmissions[p]));
        }
        return out;
    }
}
