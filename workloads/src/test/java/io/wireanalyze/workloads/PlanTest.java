package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanTest {

    @Test
    void parseBuildsAOneClientPlanThatKeepsItsStubUntilExit() {
        Plan p = Plan.parse(20, "chars:6000", 10).orElseThrow();
        assertEquals(new Plan(20, Payload.chars(6000), 10, 1, Duration.ZERO, StubRelease.AT_EXIT), p);
    }

    @Test
    void parseReportsThePayloadError() {
        assertEquals("payload 'intz:5': unknown kind 'intz' (expected: ints:N, chars:N, objects:N, none, or a getter name)",
                Plan.parse(5, "intz:5", 0).error().orElseThrow());
    }

    @Test
    void parseReportsBoundsBeforeThePayload() {
        assertEquals("invocations: -1 (expected: 0..10000000)", Plan.parse(-1, "intz", 0).error().orElseThrow());
        assertEquals("warmup: -2 (expected: 0..10000000)", Plan.parse(1, "none", -2).error().orElseThrow());
    }

    @Test
    void constructorRejectsZeroClientsAndANegativeHold() {
        IllegalArgumentException clients = assertThrows(IllegalArgumentException.class,
                () -> Plan.of(1, Payload.none(), 0).withClients(0));
        assertEquals("clients: 0 (expected: 1..64)", clients.getMessage());
        IllegalArgumentException hold = assertThrows(IllegalArgumentException.class,
                () -> Plan.of(1, Payload.none(), 0).withHold(Duration.ofMillis(-5)));
        assertEquals("hold: -5 ms (expected: 0..3600000 ms)", hold.getMessage());
    }

    @Test
    void marksOnlyAfterWarmupCalls() {
        Plan warm = Plan.of(5, Payload.ints(100), 2);
        assertTrue(warm.marks());
        assertEquals(2 + 1 + 5, warm.callsPerClient());
        Plan cold = Plan.of(5, Payload.ints(100), 0);
        assertFalse(cold.marks());
        assertEquals(5, cold.callsPerClient());
    }
}
