package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import org.junit.jupiter.api.Test;

import java.util.Objects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Which part (worker, task, Spark partition) analyses a flow: one for both directions, and spread over the parts. */
class FlowKeyTest {

    /**
     * Host pairs numbered together (client n talks to server n, with the same two ports each time, as the bench's
     * replays and many test rigs number them): the flows' plain hashes all have one parity, so modulo 2 they all went
     * to one worker. Mixed, each of 2, 3 and 7 parts gets its share to within a tenth.
     */
    @Test
    void hostPairsNumberedTogetherAreSpreadOverTheParts() {
        int flows = 10_000;
        for (int parts : new int[]{2, 3, 7}) {
            int[] count = new int[parts];
            int[] plain = new int[parts];
            for (int n = 0; n < flows; n++) {
                FlowKey k = FlowKey.of(Endpoint.ipv4(0xC6120001 + n, 40_000), Endpoint.ipv4(0xC6130001 + n, 1099));
                count[k.part(parts)]++;
                plain[Math.floorMod(Objects.hashCode(k.a()) * 31 + Objects.hashCode(k.b()), parts)]++;   // unmixed
            }
            for (int p = 0; p < parts; p++) {
                double share = (double) count[p] * parts / flows;
                assertTrue(share > 0.9 && share < 1.1, parts + " parts: part " + p + " has " + count[p] + " of " + flows);
            }
            if (parts == 2) assertEquals(flows, Math.max(plain[0], plain[1]), "the plain hash's parity (what this mends)");
        }
    }

    @Test
    void bothDirectionsGoToOnePart() {
        Endpoint client = Endpoint.ipv4(0xC6120005, 51_234), server = Endpoint.ipv4(0xC6130009, 8080);
        for (int parts = 1; parts <= 8; parts++) {
            int p = FlowKey.of(client, server).part(parts);
            assertEquals(p, FlowKey.of(server, client).part(parts));
            assertEquals(p, FlowKey.probe().set(server, client).part(parts));
            assertTrue(p >= 0 && p < parts);
        }
    }
}
