package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

/** {@link FlowTable} against a {@code HashMap} of the same flows, through growth, removals that shift, and clearing. */
class FlowTableTest {

    private static Endpoint endpoint(Random r) {
        int port = r.nextInt(4) == 0 ? 1099 : 40000 + r.nextInt(40);
        if (r.nextInt(5) == 0) return new Endpoint(true, 0x20010db8_00000000L + r.nextInt(3), r.nextInt(3), port);
        return Endpoint.ipv4(0xC6120000 | r.nextInt(6), port);
    }

    @Test
    void agreesWithAHashMapThroughGrowthAndRemovals() {
        Random r = new Random(27);
        for (int round = 0; round < 20; round++) {
            FlowTable<Integer> table = new FlowTable<>();
            Map<FlowKey, Integer> map = new HashMap<>();
            int ops = 2000 + r.nextInt(20000);
            for (int n = 0; n < ops; n++) {
                Endpoint x = endpoint(r), y = endpoint(r);
                // a probe, set per look-up as the tracker's is; the table is given copies
                FlowKey probe = FlowKey.probe().set(r.nextBoolean() ? x : y, r.nextBoolean() ? y : x);
                switch (r.nextInt(10)) {
                    case 0, 1, 2, 3 -> assertEquals(map.put(probe.copy(), n), table.put(probe.copy(), n));
                    case 4, 5, 6 -> assertEquals(map.remove(probe), table.remove(probe));
                    default -> assertEquals(map.get(probe), table.get(probe));
                }
                assertEquals(map.size(), table.size());
                if (n % 997 == 0) {
                    List<Integer> values = new ArrayList<>(map.values());
                    values.sort(Comparator.naturalOrder());
                    List<Integer> ours = table.values();
                    ours.sort(Comparator.naturalOrder());
                    assertEquals(values, ours);
                }
            }
            for (FlowKey k : map.keySet()) assertEquals(map.get(k), table.get(k));
            table.clear();
            assertEquals(0, table.size());
            for (FlowKey k : map.keySet()) assertNull(table.get(k));
        }
    }

    @Test
    void bothDirectionsAreOneFlow() {
        FlowTable<String> table = new FlowTable<>();
        Endpoint client = Endpoint.ipv4(0xC6120001, 40000), server = Endpoint.ipv4(0xC6120002, 1099);
        table.put(FlowKey.of(client, server), "flow");
        assertSame("flow", table.get(FlowKey.probe().set(server, client)));
        assertNull(table.get(FlowKey.of(client, Endpoint.ipv4(0xC6120002, 1098))));
        assertNull(table.get(FlowKey.of(new Endpoint(true, 0, 0xC6120001L, 40000), server)), "IPv6 is not IPv4");
        assertNull(table.remove(FlowKey.of(server, client), "another connection of the same 4-tuple"), "only its own value goes");
        assertEquals(1, table.size());
        assertEquals("flow", table.remove(FlowKey.of(server, client)));
        assertEquals(0, table.size());
    }
}
