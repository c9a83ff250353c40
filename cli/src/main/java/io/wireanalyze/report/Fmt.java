package io.wireanalyze.report;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Locale;

/** Number and name formatting shared by the reports: fixed {@link Locale#ROOT}, ms with 3 decimals. */
final class Fmt {

    static final String NA = "n/a";

    private Fmt() {}

    /** Milliseconds with microsecond precision: {@code 12.749}. */
    static String ms(double ms) {
        return String.format(Locale.ROOT, "%.3f", ms);
    }

    static String ms(Double ms) {
        return ms == null ? NA : ms(ms.doubleValue());
    }

    /** A share of a whole as a percentage with one decimal, "n/a" when the whole is zero. */
    static String percent(double part, double whole) {
        return whole == 0 ? NA : String.format(Locale.ROOT, "%.1f%%", 100 * part / whole);
    }

    /** A ratio (0..1) as a percentage with one decimal. */
    static String percent(Double ratio) {
        return ratio == null ? NA : String.format(Locale.ROOT, "%.1f%%", 100 * ratio);
    }

    /** A mean or other fractional count with two decimals. */
    static String decimal(Double d) {
        return d == null ? NA : String.format(Locale.ROOT, "%.2f", d);
    }

    static String count(long n) {
        return Long.toString(n);
    }

    /** {@code d} rounded half-up to {@code scale} decimals, without trailing zeros; null for null, NaN, infinity. */
    static BigDecimal round(Double d, int scale) {
        if (d == null || d.isNaN() || d.isInfinite()) return null;
        return BigDecimal.valueOf(d).setScale(scale, RoundingMode.HALF_UP).stripTrailingZeros();
    }

    /** An RMI hash as Wireshark shows it: unsigned, 16 hex digits, {@code 0x44154dc9d4e63bdf}. */
    static String hash(Long hash) {
        return hash == null ? null : String.format(Locale.ROOT, "0x%016x", hash);
    }

    /** The last path element of a capture's source: {@code /a/b/x.pcap} gives {@code x.pcap}. */
    static String fileName(String source) {
        int slash = Math.max(source.lastIndexOf('/'), source.lastIndexOf('\\'));
        return slash < 0 ? source : source.substring(slash + 1);
    }

    /** The file name without its extension: {@code /a/b/x.pcap} gives {@code x}. */
    static String baseName(String source) {
        String name = fileName(source);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
