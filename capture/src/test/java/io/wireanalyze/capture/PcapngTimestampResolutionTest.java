package io.wireanalyze.capture;

import org.junit.jupiter.api.Test;

import java.util.OptionalLong;

import static io.wireanalyze.capture.PcapngTimestampResolution.Base.POWER_OF_10;
import static io.wireanalyze.capture.PcapngTimestampResolution.Base.POWER_OF_2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PcapngTimestampResolutionTest {

    private static final PcapngTimestampResolution NANOS = new PcapngTimestampResolution(POWER_OF_10, 9);

    @Test
    void convertsMicrosecondsTheDefault() {
        assertEquals(OptionalLong.of(1718291266_163_791_000L),
                PcapngTimestampResolution.MICROSECONDS.toEpochNanos(1718291266_163_791L, 0));
    }

    @Test
    void readsIfTsresolAsPowersOfTenOrTwo() {
        assertEquals(PcapngTimestampResolution.MICROSECONDS, PcapngTimestampResolution.of(0x06));
        assertEquals(NANOS, PcapngTimestampResolution.of(0x09));
        assertEquals(new PcapngTimestampResolution(POWER_OF_2, 20), PcapngTimestampResolution.of(0x94));
        assertEquals(new PcapngTimestampResolution(POWER_OF_2, 63), PcapngTimestampResolution.of(0xBF));
        assertNull(PcapngTimestampResolution.unusable(0x13));
        assertNull(PcapngTimestampResolution.unusable(0xBF));
        assertEquals("0x14, 10^-20 s (expected: 10^-19 s or coarser)", PcapngTimestampResolution.unusable(0x14));
        assertEquals("0xc0, 2^-64 s (expected: 2^-63 s or coarser)", PcapngTimestampResolution.unusable(0xC0));
        assertThrows(IllegalArgumentException.class, () -> new PcapngTimestampResolution(POWER_OF_10, 20));
    }

    @Test
    void usesAllSixtyFourBitsUnsigned() {
        // 2^64 - 1 units of 10^-19 s: 1.8446744073709551615 s, rounded down to the nanosecond.
        assertEquals(OptionalLong.of(1_844_674_407L), new PcapngTimestampResolution(POWER_OF_10, 19).toEpochNanos(-1L, 0));
        // 2^64 - 1 units of 2^-63 s: 1 s and (2^63 - 1) / 2^63 s.
        assertEquals(OptionalLong.of(1_999_999_999L), new PcapngTimestampResolution(POWER_OF_2, 63).toEpochNanos(-1L, 0));
        // 2^64 - 1 whole seconds is no time a Frame can hold.
        assertEquals(OptionalLong.empty(), new PcapngTimestampResolution(POWER_OF_2, 0).toEpochNanos(-1L, 0));
    }

    @Test
    void convertsBinaryFractionsRoundingDown() {
        PcapngTimestampResolution twoToMinus32 = new PcapngTimestampResolution(POWER_OF_2, 32);
        assertEquals(OptionalLong.of(1718291266_500_000_000L), twoToMinus32.toEpochNanos((1718291266L << 32) | 0x8000_0000L, 0));
        assertEquals(OptionalLong.of(1718291266_000_000_000L), twoToMinus32.toEpochNanos((1718291266L << 32) | 4, 0));
        assertEquals(OptionalLong.of(1718291266_000_000_001L), twoToMinus32.toEpochNanos((1718291266L << 32) | 5, 0));
        assertEquals(OptionalLong.of(7_000_000_000L), new PcapngTimestampResolution(POWER_OF_2, 0).toEpochNanos(7, 0));
        assertEquals(OptionalLong.of(5_000_000_000L), new PcapngTimestampResolution(POWER_OF_10, 0).toEpochNanos(5, 0));
    }

    @Test
    void reachesTheLastRepresentableNanosecondAndNoFurther() {
        assertEquals(OptionalLong.of(Long.MAX_VALUE), NANOS.toEpochNanos(Long.MAX_VALUE, 0));
        assertEquals(OptionalLong.empty(), NANOS.toEpochNanos(Long.MIN_VALUE, 0));                   // 2^63 ns
        assertEquals(OptionalLong.empty(), PcapngTimestampResolution.MICROSECONDS.toEpochNanos(Long.MAX_VALUE, 0));
    }

    @Test
    void addsTheOffsetEvenBeforeTheEpoch() {
        PcapngTimestampResolution us = PcapngTimestampResolution.MICROSECONDS;
        assertEquals(OptionalLong.of(163_791_000L), us.toEpochNanos(1718291266_163_791L, -1718291266L));
        assertEquals(OptionalLong.of(-836_209_000L), us.toEpochNanos(1718291266_163_791L, -1718291267L));
        assertEquals(OptionalLong.of(1_000_000_000L + 163_791_000L), us.toEpochNanos(163_791L, 1));
        assertEquals(OptionalLong.empty(), us.toEpochNanos(1, Long.MIN_VALUE));
        assertEquals(OptionalLong.empty(), us.toEpochNanos(1, Long.MAX_VALUE));
        assertEquals(OptionalLong.empty(), NANOS.toEpochNanos(Long.MAX_VALUE, 1));
    }
}
