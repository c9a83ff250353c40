package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.protocol.ByteCount;
import io.wireanalyze.protocol.soap.SoapDetails;
import io.wireanalyze.protocols.ProtocolTable;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The byte counts per measured invocation: each as its {@link ByteCount.Sum} says, whatever protocol declared it. */
class InvocationStatsTest {

    private static InvocationRecord call(long requestBytes, long replyBytes, Map<String, Long> counts) {
        return new InvocationRecord(1, "op", 10, 11L, 1.0, 4, 2, 2, requestBytes, replyBytes, false, false, null, 0,
                null, null, null, null, null, "op", counts);
    }

    @Test
    void framingAbsentFromOneCallCountsAsNoneOfIt() {
        InvocationStats s = InvocationStats.of(List.of(call(300, 100, Map.of("framingBytes", 200L)), call(300, 100, Map.of())));
        assertEquals(100.0, s.count(ByteCount.FRAMING), "(200 + 0) / 2");
        assertEquals(300.0, s.innerBytes(), "400 message bytes less 100 of framing");
    }

    @Test
    void valuesAbsentFromOneCallAreUnknown() {
        InvocationStats s = InvocationStats.of(List.of(call(300, 100, Map.of("valueBytes", 40L, "securityBytes", 0L)),
                call(300, 100, Map.of("securityBytes", 90L))));
        assertNull(s.count(ByteCount.VALUES), "the second call's Body was encrypted: its values cannot be told");
        assertNull(s.markupBytes());
        assertEquals(45.0, s.count(SoapDetails.SECURITY));
    }

    @Test
    void markupIsWhatFramingAndValuesLeave() {
        InvocationStats s = InvocationStats.of(List.of(call(300, 100, Map.of("framingBytes", 150L, "valueBytes", 50L)),
                call(500, 100, Map.of("framingBytes", 250L, "valueBytes", 70L))));
        assertEquals(200.0, s.count(ByteCount.FRAMING));
        assertEquals(60.0, s.count(ByteCount.VALUES));
        assertEquals(500.0 - 200 - 60, s.markupBytes());
        assertEquals(List.of(ByteCount.FRAMING, ByteCount.VALUES), List.copyOf(s.counts().keySet()), "in the table's order");
    }

    @Test
    void warmupAndMarkerCallsAreLeftOut() {
        var warmup = new InvocationRecord(1, "op", 1, 2L, 1.0, 4, 2, 2, 300, 100, true, false, null, 0,
                null, null, null, null, null, "op", Map.of("valueBytes", 1000L));
        InvocationStats s = InvocationStats.of(List.of(warmup, call(300, 100, Map.of("valueBytes", 40L))));
        assertEquals(40.0, s.count(ByteCount.VALUES));
    }

    @Test
    void theTableListsEveryCountOnce() {
        assertEquals(ProtocolTable.COUNTS.size(), ProtocolTable.COUNTS.stream().map(ByteCount::key).distinct().count());
        assertEquals(ByteCount.FRAMING, ProtocolTable.COUNTS.get(0), "framing first: JSON keeps its place before the legs");
    }
}
