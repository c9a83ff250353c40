package io.wireanalyze.capture;

import java.util.OptionalLong;

/**
 * The unit of an interface's packet timestamps: the if_tsresol option of its Interface Description Block
 * (draft-ietf-opsawg-pcapng section 4.2). The option is one byte: if its most significant bit is 0 the
 * rest is a negative power of 10 (6: microseconds, the default; 9: nanoseconds), if it is 1 a negative
 * power of 2. A timestamp is a 64-bit count of these units since 1970-01-01 00:00:00 UTC.
 *
 * @param base     the base of the power
 * @param exponent the negated exponent: the unit is base^-exponent seconds
 */
public record PcapngTimestampResolution(Base base, int exponent) {

    /** Whether if_tsresol counts powers of 10 or of 2. */
    public enum Base { POWER_OF_10, POWER_OF_2 }

    /** The resolution of an interface without an if_tsresol option: 10^-6 seconds. */
    public static final PcapngTimestampResolution MICROSECONDS = new PcapngTimestampResolution(Base.POWER_OF_10, 6);

    /** if_tsresol: set means a power of 2. */
    static final int BINARY_FLAG = 0x80;
    /** 10^19 is the largest power of 10 an unsigned 64-bit tick count can reach (Wireshark's limit too). */
    static final int MAX_DECIMAL_EXPONENT = 19;
    /** 2^63: a larger power would leave no bits for seconds (Wireshark's limit too). */
    static final int MAX_BINARY_EXPONENT = 63;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The largest whole second whose nanoseconds fit in a signed 64-bit count (2262-04-11). */
    private static final long MAX_SECONDS = Long.MAX_VALUE / NANOS_PER_SECOND;
    /** 10^0 .. 10^19; 10^19 does not fit in a signed long and is used as an unsigned value. */
    private static final long[] POWERS_OF_10 = powersOf10();

    public PcapngTimestampResolution {
        int max = base == Base.POWER_OF_2 ? MAX_BINARY_EXPONENT : MAX_DECIMAL_EXPONENT;
        if (exponent < 0 || exponent > max) {
            throw new IllegalArgumentException("exponent " + exponent + " (expected: 0 to " + max + " for " + base + ")");
        }
    }

    /**
     * Why an if_tsresol value cannot be used, or {@code null} when it can: an exponent larger than a
     * 64-bit tick count can use.
     */
    static String unusable(int tsresol) {
        int value = tsresol & 0xFF;
        int exponent = value & ~BINARY_FLAG;
        boolean binary = (value & BINARY_FLAG) != 0;
        int max = binary ? MAX_BINARY_EXPONENT : MAX_DECIMAL_EXPONENT;
        if (exponent <= max) return null;
        String power = binary ? "2^-" : "10^-";
        return String.format("0x%02x", value) + ", " + power + exponent + " s (expected: " + power + max + " s or coarser)";
    }

    /** The resolution of an if_tsresol value that is not {@link #unusable(int)}. */
    static PcapngTimestampResolution of(int tsresol) {
        int value = tsresol & 0xFF;
        return new PcapngTimestampResolution((value & BINARY_FLAG) != 0 ? Base.POWER_OF_2 : Base.POWER_OF_10,
                value & ~BINARY_FLAG);
    }

    /**
     * Nanoseconds since the epoch of a packet timestamp, rounded down as Wireshark does, with the
     * interface's if_tsoffset added; empty when the time is not representable (before 1677 or after 2262).
     *
     * @param ticks         the 64-bit timestamp (unsigned) in units of this resolution
     * @param offsetSeconds the interface's if_tsoffset (signed)
     */
    public OptionalLong toEpochNanos(long ticks, long offsetSeconds) {
        long seconds;
        long nanos;
        if (base == Base.POWER_OF_2) {
            seconds = ticks >>> exponent;
            long fraction = exponent == 0 ? 0 : ticks & ((1L << exponent) - 1);
            // fraction * 10^9 / 2^exponent in 128 bits: fraction < 2^63, so the signed high word is exact.
            long low = fraction * NANOS_PER_SECOND;
            long high = Math.multiplyHigh(fraction, NANOS_PER_SECOND);
            nanos = exponent == 0 ? 0 : (high << (64 - exponent)) | (low >>> exponent);
        } else {
            long unitsPerSecond = POWERS_OF_10[exponent];
            seconds = Long.divideUnsigned(ticks, unitsPerSecond);
            long fraction = Long.remainderUnsigned(ticks, unitsPerSecond);
            nanos = exponent <= 9 ? fraction * POWERS_OF_10[9 - exponent]
                    : Long.divideUnsigned(fraction, POWERS_OF_10[exponent - 9]);
        }
        if (seconds < 0 || seconds > MAX_SECONDS || offsetSeconds > MAX_SECONDS || offsetSeconds < -2 * MAX_SECONDS) {
            return OptionalLong.empty();
        }
        long total = seconds + offsetSeconds;
        if (total > MAX_SECONDS || total < -MAX_SECONDS) return OptionalLong.empty();
        long epochNanos = total * NANOS_PER_SECOND + nanos;
        if (total >= 0 && epochNanos < 0) return OptionalLong.empty();
        return OptionalLong.of(epochNanos);
    }

    /** For messages: "10^-6 s", "2^-20 s". */
    @Override
    public String toString() {
        return (base == Base.POWER_OF_2 ? "2^-" : "10^-") + exponent + " s";
    }

    private static long[] powersOf10() {
        long[] powers = new long[MAX_DECIMAL_EXPONENT + 1];
        powers[0] = 1;
        for (int i = 1; i < powers.length; i++) powers[i] = powers[i - 1] * 10;   // 10^19 wraps to its unsigned value
        return powers;
    }
}
