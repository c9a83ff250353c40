package io.wireanalyze.compare;

import java.util.Locale;

/** How comparison figures print: ms with 3 decimals, counts whole where they are, ratios as percentages. */
final class Cells {
    static final String NA = "n/a";

    private Cells() {
    }

    static String value(Figure.Unit unit, Double v) {
        if (v == null || v.isNaN() || v.isInfinite()) return NA;
        return switch (unit) {
            case MS -> String.format(Locale.ROOT, "%.3f", v);
            case COUNT -> v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
            case DECIMAL -> String.format(Locale.ROOT, "%.2f", v);
            case RATIO -> String.format(Locale.ROOT, "%.1f%%", 100 * v);
        };
    }

    static String mean(Figure.Unit unit, Stat s) {
        return s == null ? NA : value(unit, s.mean());
    }

    /** The coefficient of variation as a percentage: {@code 4.1%}; n/a with one repetition. */
    static String cv(Stat s) {
        return s == null || s.cv() == null ? NA : String.format(Locale.ROOT, "%.1f%%", 100 * s.cv());
    }

    /** {@code 88.100..94.400}. */
    static String range(Figure.Unit unit, Stat s) {
        return s == null ? NA : value(unit, s.min()) + ".." + value(unit, s.max());
    }

    /** {@code 91.254 ±4.1%}. */
    static String meanCv(Figure.Unit unit, Stat s) {
        if (s == null) return NA;
        return s.cv() == null ? value(unit, s.mean()) : value(unit, s.mean()) + " ±" + cv(s);
    }

    static String ratio(double r) {
        return String.format(Locale.ROOT, "%.2f", r);
    }
}
