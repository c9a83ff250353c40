package io.wireanalyze.compare;

import java.util.List;
import java.util.Objects;

/**
 * A figure over the repetitions of a run: its mean, coefficient of variation (sample standard deviation over the
 * mean; null with one value or a zero mean), min, max and how many values.
 */
public record Stat(double mean, Double cv, double min, double max, int n) {

    /** Over the values that exist; null when none does. */
    public static Stat of(List<Double> values) {
        List<Double> v = values.stream().filter(Objects::nonNull).filter(d -> !d.isNaN()).toList();
        if (v.isEmpty()) return null;
        double sum = 0, min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        for (double d : v) {
            sum += d;
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        double mean = sum / v.size();
        Double cv = null;
        if (v.size() > 1 && mean != 0) {
            double sq = 0;
            for (double d : v) sq += (d - mean) * (d - mean);
            cv = Math.sqrt(sq / (v.size() - 1)) / Math.abs(mean);
        }
        return new Stat(mean, cv, min, max, v.size());
    }
}
