package io.wireanalyze.capture.net;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.capture.live.LiveCapture;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The namespace, the veth pair and tbf for real: made, used by a server inside the namespace and a client outside
 * under a live capture on the veth, and removed. Needs root (skipped without it, failed under CI=true).
 */
class EmulatedLinkTest {

    @BeforeAll
    static void needsRoot() {
        String why = !Privileges.mayAdministerNetworks() ? "emulated networks need root (CAP_NET_ADMIN)"
                : Commands.missing().orElse(LiveCapture.checkLibpcap());
        if (why != null && "true".equals(System.getenv("CI"))) fail(why + " (CI=true: these tests must run there, not be skipped)");
        assumeTrue(why == null, why);
    }

    @Test
    void lan100CarriesWireSizedSegmentsAtOneHundredMegabitsAndIsRemovedAfterwards(@TempDir Path dir) throws Exception {
        Path pcap = dir.resolve("veth.pcap");
        EmulatedLink link;
        long[] millis = new long[10];
        try (EmulatedLink l = EmulatedLink.open(NetworkSpec.of(Network.LAN100))) {
            link = l;
            assertTrue(l.exists());
            assertTrue(l.serverAddress().startsWith("198.1"), l.serverAddress());
            String shown = Commands.require(List.of("ip", "-d", "link", "show", "dev", l.captureInterface())).out();
            assertTrue(shown.contains("mtu 1500") && shown.contains("gso_max_segs 1"), shown);
            String qdisc = Commands.require(List.of("tc", "-n", l.namespace(), "qdisc", "show")).out();
            assertTrue(qdisc.contains("tbf") && qdisc.contains("rate 100Mbit"), qdisc);

            List<String> cmd = new ArrayList<>(l.serverCommand());
            cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                    EchoServer.class.getName(), l.serverAddress(), "5555"));
            Process server = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            try {
                assertEquals("READY", new BufferedReader(new InputStreamReader(server.getInputStream())).readLine());
                LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(pcap).onInterface(l.captureInterface()).withFilter("tcp port 5555"));
                capture.start();
                try (Socket s = new Socket(l.serverAddress(), 5555)) {
                    s.setTcpNoDelay(true);
                    OutputStream out = s.getOutputStream();
                    for (int i = 0; i < millis.length; i++) {
                        long t = System.nanoTime();
                        out.write(new byte[EchoServer.MESSAGE]);
                        assertEquals(1, s.getInputStream().read());
                        millis[i] = (System.nanoTime() - t) / 1000;
                    }
                }
                Thread.sleep(200);
                CaptureStats stats = capture.stop();
                assertEquals(0, stats.dropped());
            } finally {
                server.destroyForcibly().waitFor();
            }
        }
        assertFalse(link.exists(), "removed: " + link.describe());

        // Every segment fits the 1500-byte MTU (1514 with the Ethernet header): no offloaded super-segment reached libpcap.
        long frames = 0, payload = 0;
        int largest = 0;
        try (FrameSource src = CaptureFiles.open(pcap)) {
            for (Frame f = src.next(); f != null; f = src.next()) {
                frames++;
                largest = Math.max(largest, f.originalLength());
                payload += Math.max(0, f.originalLength() - 66);   // Ethernet 14, IPv4 20, TCP 20 + 12 of timestamps
            }
        }
        assertTrue(largest <= 1514 && largest >= 1400, "largest frame " + largest + " bytes (expected: 1514 at most, full segments present)");
        assertTrue(frames >= 10 * 17, "frames " + frames + " (expected: at least 17 segments per 24000 bytes)");
        assertTrue(payload >= 240_000, "payload " + payload);
        // 24000 bytes in 17 frames take 2.01 ms at 100 Mbit/s; tbf's two-frame burst lets the first 2 through at once.
        java.util.Arrays.sort(millis);
        assertTrue(millis[5] >= 1800, "median 24 KB exchange " + millis[5] + " us (expected: >= 1800 us at 100 Mbit/s)");
    }

    @Test
    void aDelayNeedsNetemAndWithoutItNothingIsLeftBehind() throws Exception {
        NetworkSpec delayed = new NetworkSpec(Network.CUSTOM, Network.CUSTOM.preset().withRate(100_000_000).withDelay(Duration.ofMillis(2)));
        String before = Commands.require(List.of("ip", "-o", "link", "show")).out();
        String netnsBefore = Commands.require(List.of("ip", "netns", "list")).out();
        try (EmulatedLink link = EmulatedLink.open(delayed)) {
            // This kernel has netem: the qdisc is there with the delay.
            String qdisc = Commands.require(List.of("tc", "qdisc", "show", "dev", link.captureInterface())).out();
            assertTrue(qdisc.contains("netem") && qdisc.contains("delay 2ms"), qdisc);
        } catch (NetworkException e) {
            assertEquals(EmulatedLink.netemMissing("Error: Specified qdisc kind is unknown."), e.getMessage());
        }
        assertEquals(count(before, "wa" + ProcessHandle.current().pid() + "-"), count(Commands.require(List.of("ip", "-o", "link", "show")).out(),
                "wa" + ProcessHandle.current().pid() + "-"));
        assertEquals(netnsBefore, Commands.require(List.of("ip", "netns", "list")).out());
    }

    @Test
    void whatAKilledRunLeftBehindIsRemovedByTheNextOne() throws Exception {
        String stale = "wa-4194999-0";   // above Linux's largest pid: no such process
        Commands.require(List.of("ip", "netns", "add", stale));
        try (EmulatedLink link = EmulatedLink.open(NetworkSpec.of(Network.LAN1G))) {
            assertFalse(Commands.require(List.of("ip", "netns", "list")).out().contains(stale));
            assertTrue(Commands.require(List.of("tc", "qdisc", "show", "dev", link.captureInterface())).out().contains("rate 1Gbit"));
        } finally {
            Commands.run(List.of("ip", "netns", "del", stale));
        }
    }

    private static long count(String text, String needle) {
        return text.lines().filter(l -> l.contains(needle)).count();
    }
}
