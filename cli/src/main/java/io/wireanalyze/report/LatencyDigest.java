package io.wireanalyze.report;

import org.HdrHistogram.DoubleHistogram;

import java.util.Arrays;

/**
 * Latencies of a capture's invocations, in bounded memory: every value while there are at most {@link #EXACT} (the
 * figures are then exact), beyond that an HdrHistogram with {@link #DIGITS} significant digits (the median and p95
 * within 0.1%; count, minimum, mean and maximum stay exact).
 */
final class LatencyDigest {

    static final int EXACT = 100_000;
    static final int DIGITS = 3;

    private double[] values = new double[64];
    private int count;
    private double sum;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private DoubleHistogram histogram;

    void add(double v) {
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
        count++;
        if (histogram != null) {
            record(v);
            return;
        }
        if (count > EXACT) {
            histogram = new DoubleHistogram(DIGITS);
            for (int i = 0; i < count - 1; i++) record(values[i]);
            values = null;
            record(v);
            return;
        }
        if (count > values.length) values = Arrays.copyOf(values, Math.min(EXACT, values.length * 2));
        values[count - 1] = v;
    }

    private void record(double v) {
        histogram.recordValue(Math.max(v, 0));
    }

    int count() {
        return count;
    }

    /** Whether the median and p95 come from the histogram. */
    boolean approximate() {
        return histogram != null;
    }

    /** Null without values. The median averages the two middle values, p95 is the nearest rank (exact values). */
    InvocationStats.Latency latency() {
        if (count == 0) return null;
        if (histogram == null) {
            double[] sorted = Arrays.copyOf(values, count);
            Arrays.sort(sorted);
            int n = sorted.length;
            double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
            double ascending = 0;
            for (double v : sorted) ascending += v;
            int rank = (int) Math.ceil(0.95 * n);
            return new InvocationStats.Latency(sorted[0], median, ascending / n, sorted[Math.max(rank, 1) - 1], sorted[n - 1], false);
        }
        return new InvocationStats.Latency(min, histogram.getValueAtPercentile(50), sum / count,
                histogram.getValueAtPercentile(95), max, true);
    }
}
