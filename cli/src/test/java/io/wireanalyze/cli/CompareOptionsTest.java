package io.wireanalyze.cli;

import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.*;

/** Usage errors of --network and compare's plan: exit 2 and one line, before anything runs. */
class CompareOptionsTest {

    @Test
    void shapingOptionsNeedTheCustomNetwork() {
        Cli c = Cli.run("capture", "--protocol", "jrmp", "--rate", "10mbit");
        assertEquals(2, c.exitCode());
        assertTrue(c.err().startsWith("--rate, --mtu, --delay and --loss apply to --network custom only (not loopback)\n"), c.err());
        Cli wan = Cli.run("compare", "--network", "wan");
        assertEquals(2, wan.exitCode());
        assertTrue(wan.err().contains("'wan' (expected: one of loopback, lan100, lan1g, custom)"), wan.err());
        Cli mtu = Cli.run("compare", "--network", "custom", "--mtu", "100");
        assertEquals(2, mtu.exitCode());
        assertTrue(mtu.err().startsWith("mtu: 100 (expected: 576..65536)\n"), mtu.err());
        Cli iface = Cli.run("capture", "--protocol", "jrmp", "--network", "lan100", "--interface", "eth0");
        assertEquals(2, iface.exitCode());
        assertTrue(iface.err().startsWith("--interface applies to --network loopback only (an emulated network captures on its veth)\n"), iface.err());
    }

    @Test
    void compareTakesItsProtocolsFromTheWorkloadTableAndRefusesOthers() {
        // Every workload of the table is built since #12; a protocol the table does not have is a usage error.
        assertEquals(Arrays.stream(WorkloadKind.values()).filter(k -> k.variantOf().isEmpty()).toList(), CompareCommand.builtProtocols(),
                "every workload but the variants, which run when named");
        assertEquals(12, CompareCommand.builtProtocols().size());
        assertEquals(java.util.Optional.of("hessian --hessian-version 1"), WorkloadKind.HESSIAN1.variantOf());
        Cli c = Cli.run("compare", "--protocols", "jrmp,ormi");
        assertEquals(2, c.exitCode());
        assertTrue(c.err().contains("unknown protocol 'ormi'"), c.err());
    }

    @Test
    void badPlanValuesAreUsageErrors() {
        Cli payload = Cli.run("compare", "--payload", "ints:6000,floats:3");
        assertEquals(2, payload.exitCode());
        assertTrue(payload.err().startsWith("--payload: payload 'floats:3': unknown kind 'floats'"), payload.err());
        Cli format = Cli.run("compare", "--format", "xml");
        assertEquals(2, format.exitCode());
        assertTrue(format.err().contains("xml"), format.err());
        Cli clients = Cli.run("compare", "--clients", "1,65");
        assertEquals(2, clients.exitCode());
        assertTrue(clients.err().startsWith("--clients: 65 (expected: 1..64)\n"), clients.err());
    }
}
