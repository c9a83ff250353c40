package io.wireanalyze.reproduce;

import java.util.Locale;
import java.util.Optional;

/** How a seed's number and ours print. */
public enum ValueUnit {
    MS("ms") {
        @Override
        String format(double v) {
            double a = Math.abs(v);
            return String.format(Locale.ROOT, a < 10 ? "%.3f" : a < 100 ? "%.2f" : "%.1f", v);
        }
    },
    COUNT("count") {
        @Override
        String format(double v) {
            return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
        }
    },
    DECIMAL("decimal") {
        @Override
        String format(double v) {
            return String.format(Locale.ROOT, "%.2f", v);
        }
    },
    RATIO("ratio") {
        @Override
        String format(double v) {
            return String.format(Locale.ROOT, "%.1f%%", 100 * v);
        }
    },
    FACTOR("factor") {
        @Override
        String format(double v) {
            return String.format(Locale.ROOT, "%.2fx", v);
        }
    },
    SLOPE("slope") {
        @Override
        String format(double v) {
            return String.format(Locale.ROOT, "%.6f", v);
        }
    };

    private final String key;

    ValueUnit(String key) {
        this.key = key;
    }

    abstract String format(double v);

    public String key() {
        return key;
    }

    static Optional<ValueUnit> byKey(String key) {
        for (ValueUnit u : values()) if (u.key.equals(key)) return Optional.of(u);
        return Optional.empty();
    }
}
