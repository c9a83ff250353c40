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

    /**
     * {@link #round}'s number as its plain text ({@link BigDecimal#toPlainString()}): {@code 12.75}, {@code 100},
     * {@code 0}; null for null, NaN, infinity. A report writes one for every time it gives, so the text is made from
     * {@link Double#toString}'s digits (what {@link BigDecimal#valueOf(double)} reads) without the three
     * {@code BigDecimal}s and their strings; the rare number in exponent form goes through {@link #round}.
     * {@code FmtTest} checks the two agree.
     */
    static String plain(Double d, int scale) {
        if (d == null || d.isNaN() || d.isInfinite()) return null;
        String fast = scaled(d, scale);
        if (fast != null) return fast;
        String s = Double.toString(d);
        int dot = s.indexOf('.');
        if (dot < 0 || s.indexOf('E') >= 0) return round(d, scale).toPlainString();
        int start = s.charAt(0) == '-' ? 1 : 0;
        int fracEnd = Math.min(s.length(), dot + 1 + scale);
        // the integer part's digits, then the kept fraction's, with a place in front for a carry
        char[] digits = new char[1 + (dot - start) + (fracEnd - dot - 1)];
        digits[0] = '0';
        s.getChars(start, dot, digits, 1);
        s.getChars(dot + 1, fracEnd, digits, 1 + dot - start);
        if (fracEnd < s.length() && s.charAt(fracEnd) >= '5') {   // half-up: the first digit dropped decides
            int i = digits.length - 1;
            while (digits[i] == '9') digits[i--] = '0';
            digits[i]++;
        }
        int fraction = fracEnd - dot - 1;
        int end = digits.length;
        while (fraction > 0 && digits[end - 1] == '0') {
            end--;
            fraction--;
        }
        int first = 0;
        while (first < end - fraction - 1 && digits[first] == '0') first++;
        boolean zero = true;
        for (int i = first; i < end && zero; i++) zero = digits[i] == '0';
        if (zero) return "0";
        StringBuilder b = new StringBuilder(end - first + 2);
        if (start == 1) b.append('-');
        b.append(digits, first, end - fraction - first);
        if (fraction > 0) b.append('.').append(digits, end - fraction, fraction);
        return b.toString();
    }

    /** Below this magnitude {@link #scaled} answers (see there). */
    private static final double SCALED_BELOW = 1e8;
    /** How near a half of the last kept decimal {@link #scaled} leaves the number to {@link Double#toString}'s digits. */
    private static final double NEAR_HALF = 1e-3;

    /**
     * {@link #plain}'s text for {@code scale} 3 or 4, from the double's binary value rather than {@link Double#toString}'s
     * digits (which took a fifth of a JSON report's formatting): null where the two could differ, and {@link #plain}
     * then reads the digits. They cannot differ when the number is below {@link #SCALED_BELOW} and its scaled fraction
     * is not within {@link #NEAR_HALF} of a half. There the digits {@code Double.toString} gives lie within half an ulp
     * of the value (below 7.5e-9 of it), and the product {@code |d| * 10^scale} (below 1e12) is within 6.2e-5 of the
     * exact one: together at most 1.4e-4 of a unit of the last kept decimal, so half-up rounding of either falls on
     * the same side of every half, and on the same whole number. {@code FmtTest} checks it against the digits' rounding.
     */
    private static String scaled(double d, int scale) {
        byte[] c = new byte[SCALED_BYTES];
        int at = scaled(d, scale, c);
        return at < 0 ? null : new String(c, at, c.length - at, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** The most bytes {@link #scaled(double, int, byte[])} writes: a sign, 13 digits, a point and 4 decimals. */
    static final int SCALED_BYTES = 1 + 13 + 1 + 4;

    /**
     * {@link #scaled(double, int)}'s text as ASCII bytes at the end of {@code c} ({@link #SCALED_BYTES} long): where it
     * starts, or -1 where that gives null. The JSON report writes a message's time so, without a string.
     */
    static int scaled(double d, int scale, byte[] c) {
        double a = Math.abs(d);
        if (!(a < SCALED_BELOW) || (scale != 3 && scale != 4)) return -1;
        long unit = scale == 3 ? 1000 : 10000;
        double y = a * unit;
        double whole = Math.floor(y);
        double fraction = y - whole;
        if (Math.abs(fraction - 0.5) < NEAR_HALF) return -1;
        long m = (long) whole + (fraction > 0.5 ? 1 : 0);
        int at = c.length;
        if (m == 0) {
            c[--at] = '0';
            return at;
        }
        // below SCALED_BELOW both parts fit an int: the digits are taken with int division (C1's code calls the
        // runtime for each long one)
        int integer = (int) (m / unit);
        int decimals = (int) (m % unit);
        int kept = scale;
        while (kept > 0) {   // trailing zeros dropped
            int q = tenth(decimals);
            if (decimals != 10 * q) break;
            decimals = q;
            kept--;
        }
        for (int i = 0; i < kept; i++) {
            int q = tenth(decimals);
            c[--at] = (byte) ('0' + decimals - 10 * q);
            decimals = q;
        }
        if (kept > 0) c[--at] = '.';
        at = digits(integer, c, at);
        if (d < 0) c[--at] = '-';
        return at;
    }

    /** The decimal digits of {@code n} (not negative; "0" for 0) ending before {@code end} in {@code c}: where they start. */
    static int digits(int n, byte[] c, int end) {
        int at = end;
        do {
            int q = tenth(n);
            c[--at] = (byte) ('0' + n - 10 * q);
            n = q;
        } while (n > 0);
        return at;
    }

    /** How many decimal digits {@code n} (not negative) has: comparisons, not divisions. */
    static int digitCount(int n) {
        int d = 1;
        if (n >= 100000000) {
            d += 8;
            n /= 100000000;
        }
        if (n >= 10000) {
            d += 4;
            if (n >= 10000000) return d + 3;
            if (n >= 1000000) return d + 2;
            if (n >= 100000) return d + 1;
            return d;
        }
        if (n >= 1000) return d + 3;
        if (n >= 100) return d + 2;
        if (n >= 10) return d + 1;
        return d;
    }

    /**
     * {@code n / 10} for {@code n} not negative, by a multiplication and a shift (exact for every such int): C1's code
     * divides with the processor's division, a few times slower, where C2's multiplies so itself.
     */
    static int tenth(int n) {
        return (int) ((n * 0xCCCCCCCDL) >>> 35);
    }

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** An RMI hash as Wireshark shows it: unsigned, 16 hex digits, {@code 0x44154dc9d4e63bdf}. */
    static String hash(Long hash) {
        if (hash == null) return null;
        char[] c = new char[18];
        c[0] = '0';
        c[1] = 'x';
        long h = hash;
        for (int i = 17; i >= 2; i--) {
            c[i] = HEX[(int) (h & 15)];
            h >>>= 4;
        }
        return new String(c);
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
