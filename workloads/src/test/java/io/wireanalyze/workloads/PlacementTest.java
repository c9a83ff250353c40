package io.wireanalyze.workloads;

import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** Where the JVMs go: a server's command line starts with its placement's command; every child learns both addresses. */
class PlacementTest {

    private static final Placement NAMESPACE = new Placement("198.18.0.2", "198.18.0.1", List.of("ip", "netns", "exec", "wa-test"));

    @Test
    void aServerIsLaunchedThroughThePlacementsCommandAndAClientDirectly() {
        LaunchSettings launch = LaunchSettings.defaults().withPlacement(NAMESPACE);
        List<String> server = JvmProcess.command(JvmSide.SERVER, launch, PlacementTest.class, Map.of("k", "v"), List.of("--x"));
        List<String> client = JvmProcess.command(JvmSide.CLIENT, launch, PlacementTest.class, Map.of("k", "v"), List.of("--x"));
        assertEquals(List.of("ip", "netns", "exec", "wa-test", launch.java().toString()), server.subList(0, 5));
        assertEquals(launch.java().toString(), client.get(0));
        for (List<String> c : List.of(server, client)) {
            assertTrue(c.contains("-Dwireanalyze.host=198.18.0.2"), c.toString());
            assertTrue(c.contains("-Dwireanalyze.client-host=198.18.0.1"), c.toString());
            assertTrue(c.indexOf("-Dwireanalyze.host=198.18.0.2") < c.indexOf("-Dk=v"), "the workload's own properties come last: " + c);
        }
    }

    @Test
    void loopbackIsTheDefaultEverywhere() {
        assertEquals(Placement.LOOPBACK, LaunchSettings.defaults().placement());
        assertEquals(Placement.LOOPBACK, WorkloadKind.JRMP.defaultArgs().placement());
        JrmpWorkload w = (JrmpWorkload) WorkloadKind.JRMP.create(WorkloadKind.JRMP.defaultArgs());
        assertEquals("127.0.0.1", w.config().host());
        assertEquals("RMI registry on 127.0.0.1:1099", w.listeners().get(0).toString());
        List<String> c = JvmProcess.command(JvmSide.SERVER, LaunchSettings.defaults(), PlacementTest.class, Map.of(), List.of());
        assertEquals(LaunchSettings.defaults().java().toString(), c.get(0));
    }

    @Test
    void everyWorkloadPlacedOnANetworkListensOnItsServerAddress() {
        int placed = 0;
        for (WorkloadKind kind : WorkloadKind.values()) {
            if (kind.notBuilt().isPresent()) continue;
            Workload w = kind.create(kind.defaultArgs().withPlacement(NAMESPACE));
            for (Listener l : w.listeners()) assertEquals("198.18.0.2", l.at().host(), kind + ": " + l);
            for (String note : w.notes()) assertFalse(note.contains("127.0.0.1"), kind + ": " + note);
            placed++;
        }
        assertEquals(15, placed, "every workload of the table runs on emulated networks");
    }

    @Test
    void aPlacementNamesIpv4HostsOnly() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Placement("::1", "127.0.0.1", List.of()));
        assertEquals("host: '::1' (expected: a name or IPv4 address)", e.getMessage());
    }
}
