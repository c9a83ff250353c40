package io.wireanalyze.capture.net;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.*;

class LinkSpecTest {

    @Test
    void ratesAndDelaysAreReadAsTcWritesThem() {
        assertEquals(Optional.of(100_000_000L), LinkSpec.parseRate("100mbit"));
        assertEquals(Optional.of(1_000_000_000L), LinkSpec.parseRate("1Gbit"));
        assertEquals(Optional.of(512_000L), LinkSpec.parseRate("512kbit"));
        assertEquals(Optional.of(64_000L), LinkSpec.parseRate("64000"));
        assertEquals(Optional.empty(), LinkSpec.parseRate("fast"));
        assertEquals(Optional.empty(), LinkSpec.parseRate("0mbit"));
        assertEquals(Optional.of(Duration.ofMillis(2)), LinkSpec.parseDelay("2ms"));
        assertEquals(Optional.of(Duration.ofNanos(500_000)), LinkSpec.parseDelay("500us"));
        assertEquals(Optional.of(Duration.ofMillis(100)), LinkSpec.parseDelay("0.1s"));
        assertEquals(Optional.empty(), LinkSpec.parseDelay("2"));
    }

    @Test
    void theReportNamesTheNetworkItsFiguresCameFrom() {
        assertEquals("lan100 (100 Mbit/s, MTU 1500; servers in a network namespace behind a veth pair)", NetworkSpec.of(Network.LAN100).describe());
        assertEquals("lan1g (1 Gbit/s, MTU 1500; servers in a network namespace behind a veth pair)", NetworkSpec.of(Network.LAN1G).describe());
        assertEquals("loopback (lo, unlimited rate, MTU 65536)", NetworkSpec.LOOPBACK.describe());
        LinkSpec custom = Network.CUSTOM.preset().withRate(10_000_000).withMtu(9000).withDelay(Duration.ofMillis(2)).withLoss(0.5);
        assertEquals("10 Mbit/s, MTU 9000, delay 2 ms, loss 0.5%", custom.describe());
        assertTrue(custom.needsNetem());
        assertFalse(Network.LAN100.preset().needsNetem());
    }

    @Test
    void boundsAreOneLineErrors() {
        assertEquals("mtu: 100 (expected: 576..65536)",
                assertThrows(IllegalArgumentException.class, () -> Network.CUSTOM.preset().withMtu(100)).getMessage());
        assertEquals("loopback: 10 Mbit/s, MTU 65536 (expected: lo as it is; --rate, --mtu, --delay and --loss need --network custom)",
                assertThrows(IllegalArgumentException.class, () -> new NetworkSpec(Network.LOOPBACK, Network.LOOPBACK.preset().withRate(10_000_000))).getMessage());
    }

    @Test
    void subnetsAreSlash30sOfTheBenchmarkingRangeNotInUse() {
        assertEquals("198.18.0.1", new Subnet(0).clientAddress());
        assertEquals("198.18.0.2", new Subnet(0).serverAddress());
        assertEquals("198.19.255.254", new Subnet(Subnet.COUNT - 1).serverAddress());
        String used = "4: eth0    inet 10.0.0.5/24 brd 10.0.0.255 scope global eth0\n"
                + "9: wa1-0h    inet 198.18.0.41/30 scope global wa1-0h\n";
        assertEquals(11, Subnet.free(10, used).orElseThrow().index());
        assertEquals(0, Subnet.free(Subnet.COUNT, used).orElseThrow().index());
    }
}
