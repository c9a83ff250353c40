package io.wireanalyze.capture;

/**
 * Resolution of the fractional timestamp field of a pcap record, chosen by the file's magic number
 * (draft-ietf-opsawg-pcap section 4: 0xA1B2C3D4 microseconds, 0xA1B23C4D nanoseconds).
 */
public enum TimestampUnit {
    /** ts_usec holds microseconds (magic 0xA1B2C3D4). */
    MICROSECONDS(1_000L),
    /** ts_usec holds nanoseconds (magic 0xA1B23C4D). */
    NANOSECONDS(1L);

    private final long nanosPerTick;

    TimestampUnit(long nanosPerTick) {
        this.nanosPerTick = nanosPerTick;
    }

    /** Nanoseconds since the epoch for a record's (seconds, fraction) pair, both unsigned 32-bit values. */
    public long toEpochNanos(long seconds, long fraction) {
        return seconds * 1_000_000_000L + fraction * nanosPerTick;
    }
}
