package io.wireanalyze.protocol;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Records whose {@code equals} and {@code hashCode} are written out (the generated ones go through method handles, slow
 * in C1's code) keep the record's contract: equal when every component is, and the generated hash,
 * {@code 31 * h + component} from the first component on.
 */
class WrittenOutEqualityTest {

    @Test
    void protocolNamesAreEqualByTheirLabel() {
        ProtocolName a = new ProtocolName("iiop"), b = new ProtocolName(new String("iiop"));
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertEquals("iiop".hashCode(), a.hashCode());
        assertNotEquals(a, new ProtocolName("jrmp"));
        assertNotEquals(a, ProtocolName.UNKNOWN);
        assertEquals(new ProtocolName(null), new ProtocolName(null));
        assertEquals(0, new ProtocolName(null).hashCode());
        assertNotEquals(new ProtocolName(null), a);
        assertNotEquals(a, "iiop");
    }

    @Test
    void byteCountsAreEqualByEveryComponent() {
        ByteCount framing = new ByteCount("framingBytes", "outer framing bytes", ByteCount.Sum.ABSENT_IS_NONE);
        assertEquals(ByteCount.FRAMING, framing);
        assertEquals(ByteCount.FRAMING.hashCode(), framing.hashCode());
        assertEquals(("framingBytes".hashCode() * 31 + "outer framing bytes".hashCode()) * 31 + ByteCount.Sum.ABSENT_IS_NONE.hashCode(),
                framing.hashCode());
        assertNotEquals(ByteCount.FRAMING, new ByteCount("framingBytes", "outer framing bytes", ByteCount.Sum.ABSENT_IS_UNKNOWN));
        assertNotEquals(ByteCount.FRAMING, new ByteCount("framingBytes", "other", ByteCount.Sum.ABSENT_IS_NONE));
        assertNotEquals(ByteCount.FRAMING, new ByteCount("valueBytes", "outer framing bytes", ByteCount.Sum.ABSENT_IS_NONE));
        assertNotEquals(ByteCount.FRAMING, ByteCount.VALUES);
    }
}
