package io.wireanalyze.report;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class FmtTest {

    /** What the reports wrote before {@link Fmt#plain}: the rounded {@code BigDecimal}'s plain text. */
    private static String viaBigDecimal(double d, int scale) {
        return Fmt.round(d, scale).toPlainString();
    }

    @Test
    void plainTextIsTheRoundedBigDecimalsOnEdgesAndAMillionRandomNumbers() {
        double[] edges = {0, -0.0, 1, -1, 0.5, 0.0005, 0.00049, -0.0005, 0.0004, 9.9995, 9.9994, 99.9995, 999.9999, -999.9995,
                0.001, 0.0015, 2.675, 1.0005, 1.00049999, 123456.7895, 1e-3, 1e-4, 9.9999e-4, 1e7, 1e7 + 0.0005, 12345678.9,
                1e21, 1e-300, Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 0.1 + 0.2, 100, 1000.0001, 5e-324};
        for (int scale : new int[]{3, 4}) {
            for (double d : edges) assertEquals(viaBigDecimal(d, scale), Fmt.plain(d, scale), d + " at scale " + scale);
        }
        Random random = new Random(20261127);
        for (int i = 0; i < 1_000_000; i++) {
            double d = switch (i % 5) {
                case 0 -> random.nextDouble() * 1000;                                  // times in ms
                case 1 -> Math.round(random.nextDouble() * 1e7) / 1e4;                  // few decimals, many exact halves
                case 2 -> (random.nextInt(2_000_001) - 1_000_000) / 2000.0;            // halves at the fourth decimal
                case 3 -> Double.longBitsToDouble(random.nextLong());                  // anything a double can be
                default -> random.nextGaussian() * Math.pow(10, random.nextInt(16) - 6);
            };
            if (Double.isNaN(d) || Double.isInfinite(d)) continue;
            int scale = 3 + (i & 1);
            assertEquals(viaBigDecimal(d, scale), Fmt.plain(d, scale), d + " at scale " + scale);
        }
    }

    /**
     * The times and ratios a report writes, where {@link Fmt#plain} reads the double's value rather than its digits:
     * milliseconds from nanoseconds (a capture's times, up to a day and a half past the scaled range), ratios of
     * counts, and numbers a hair either side of every half of the last kept decimal.
     */
    @Test
    void plainTextIsTheRoundedBigDecimalsOnTimesRatiosAndHalves() {
        Random random = new Random(20261129);
        for (int i = 0; i < 1_000_000; i++) {
            double d = switch (i % 4) {
                case 0 -> (random.nextLong() & Long.MAX_VALUE) % 130_000_000_000_000L / 1e6;   // ns to ms, up to 36 hours
                case 1 -> (double) random.nextInt(1_000_000) / (1 + random.nextInt(1_000_000));
                case 2 -> (random.nextInt(2_000_000) + 0.5) / 1000 + (random.nextInt(41) - 20) * 1e-9;
                default -> Math.nextAfter((random.nextInt(20_000_000) + 0.5) / 10000, random.nextBoolean() ? 0 : 1e9)
                        * (random.nextBoolean() ? 1 : -1);
            };
            int scale = 3 + (i & 1);
            assertEquals(viaBigDecimal(d, scale), Fmt.plain(d, scale), d + " at scale " + scale);
        }
    }

    /** The report's digits without divisions: {@link Fmt#tenth} and {@link Fmt#digitCount} against the JDK's. */
    @Test
    void aTenthAndTheDigitCountAreTheDivisionsOnEveryPowerOfTenAndAMillionRandomInts() {
        java.util.List<Integer> ns = new java.util.ArrayList<>(java.util.List.of(0, 1, 9, Integer.MAX_VALUE, Integer.MAX_VALUE - 1));
        for (long p = 10; p <= Integer.MAX_VALUE; p *= 10) {
            for (long n = Math.max(0, p - 11); n <= Math.min(Integer.MAX_VALUE, p + 11); n++) ns.add((int) n);
        }
        Random random = new Random(20261129);
        for (int i = 0; i < 1_000_000; i++) ns.add(random.nextInt(Integer.MAX_VALUE) >>> random.nextInt(31));
        for (int n : ns) {
            assertEquals(n / 10, Fmt.tenth(n), "a tenth of " + n);
            assertEquals(Integer.toString(n).length(), Fmt.digitCount(n), "digits of " + n);
        }
    }

    @Test
    void noNumberForNullNaNOrInfinity() {
        assertNull(Fmt.plain(null, 3));
        assertNull(Fmt.plain(Double.NaN, 3));
        assertNull(Fmt.plain(Double.POSITIVE_INFINITY, 4));
    }

    @Test
    void anRmiHashIsSixteenUnsignedHexDigits() {
        for (long h : new long[]{0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x44154dc9d4e63bdfL, -6937640539011522368L}) {
            assertEquals(String.format(java.util.Locale.ROOT, "0x%016x", h), Fmt.hash(h));
        }
        Random random = new Random(5);
        for (int i = 0; i < 10_000; i++) {
            long h = random.nextLong();
            assertEquals(String.format(java.util.Locale.ROOT, "0x%016x", h), Fmt.hash(h));
        }
        assertNull(Fmt.hash(null));
    }
}
