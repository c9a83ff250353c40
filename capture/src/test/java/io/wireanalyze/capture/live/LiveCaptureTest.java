package io.wireanalyze.capture.live;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.PcapFileSource;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LiveCaptureTest {

    static final int DATA_BYTES = 100_000;
    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path tmp;

    @Test
    void capturesHandshakeDataAndFinOfALoopbackConnection() throws Exception {
        LivePreconditions.requireRootAndLibpcap();
        Path out = tmp.resolve("lo.pcap");
        byte[] sent = pattern(DATA_BYTES);
        try (ServerSocket server = new ServerSocket(0, 1, LOOPBACK)) {
            int port = server.getLocalPort();
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out).withFilter("tcp port " + port));
            capture.start();
            byte[] received = exchange(server, sent);
            CaptureStats stats = capture.stop();

            assertArrayEquals(sent, received, "bytes the server read");
            assertEquals(0, stats.dropped(), "dropped: " + stats);
            assertEquals(0, stats.droppedByInterface(), "dropped by interface: " + stats);
            assertFalse(stats.lostAny());
            List<TcpSegment> segments = readSegments(out, port);
            assertTrue(stats.received() >= segments.size(), stats + " vs " + segments.size() + " frames in the file");
            assertConnectionComplete(segments, port, sent);
        }
    }

    @Test
    void stopReturnsPromptlyOnAQuietInterfaceAndTwiceIsFine() throws Exception {
        LivePreconditions.requireRootAndLibpcap();
        Path out = tmp.resolve("quiet.pcap");
        try (ServerSocket unused = new ServerSocket(0, 1, LOOPBACK)) {
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out).withFilter("tcp port " + unused.getLocalPort()));
            capture.start();
            Thread.sleep(300);
            long t = System.nanoTime();
            CaptureStats first = capture.stop();
            long millis = (System.nanoTime() - t) / 1_000_000;
            assertTrue(millis < 3_000, "stop() took " + millis + " ms (expected: < 3000)");
            t = System.nanoTime();
            CaptureStats second = capture.stop();
            assertTrue((System.nanoTime() - t) / 1_000_000 < 100, "second stop() returns at once");
            assertSame(first, second);
            assertEquals(new CaptureStats(0, 0, 0), first);
        }
        try (FrameSource source = CaptureFiles.open(out)) {
            assertNull(source.next(), "no frames on a quiet port");
            assertNull(source.stopReason());
            assertEquals(LinkType.ETHERNET, ((PcapFileSource) source).header().linkType());
        }
    }

    @Test
    void stopBeforeStartReturnsZeroCounters() throws CaptureException {
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(tmp.resolve("never.pcap")));
        assertEquals(CaptureStats.NONE, capture.stop());
        assertEquals(CaptureStats.NONE, capture.stop());
        assertFalse(Files.exists(tmp.resolve("never.pcap")));
    }

    @Test
    void startTwiceIsRejected() throws CaptureException {
        LivePreconditions.requireRootAndLibpcap();
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(tmp.resolve("twice.pcap")).withFilter("tcp port 9"));
        capture.start();
        try {
            IllegalStateException e = assertThrows(IllegalStateException.class, capture::start);
            assertEquals("capture on lo: start() in state RUNNING (expected: NEW)", e.getMessage());
        } finally {
            capture.stop();
        }
    }

    @Test
    void unknownInterfaceIsOneLineListingTheAvailableOnes() throws CaptureException {
        LivePreconditions.requireLibpcap();
        List<String> available = LiveCapture.interfaces();
        assertTrue(available.contains("lo"), "interfaces " + available);
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(tmp.resolve("x.pcap")).onInterface("nosuch0"));
        CaptureException e = assertThrows(CaptureException.class, capture::start);
        assertEquals("no interface named nosuch0: available interfaces: " + String.join(", ", available), e.getMessage());
    }

    @Test
    void badFilterIsOneLineQuotingIt() throws CaptureException {
        LivePreconditions.requireRootAndLibpcap();
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(tmp.resolve("x.pcap")).withFilter("tcp port"));
        CaptureException e = assertThrows(CaptureException.class, capture::start);
        assertTrue(e.getMessage().startsWith("bad capture filter \"tcp port\": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertEquals(CaptureStats.NONE, capture.stop());
    }

    @Test
    void unwritableOutputIsOneLineNamingIt() {
        LivePreconditions.requireRootAndLibpcap();
        Path out = tmp.resolve("no-such-dir").resolve("x.pcap");
        LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out));
        CaptureException e = assertThrows(CaptureException.class, capture::start);
        assertTrue(e.getMessage().startsWith("cannot write " + out + ": "), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void missingLibpcapIsOneLineSayingHowToInstallIt() throws Exception {
        // pcap4j loads the library named by this property; a name that does not exist is a machine without libpcap.
        Child child = Child.run(List.of(), List.of("-Dorg.pcap4j.core.pcapLibName=wireanalyze-no-such-pcap"),
                "start", "lo", tmp.resolve("x.pcap").toString());
        assertEquals(List.of(
                "checkLibpcap: libpcap is not installed: run `apt-get install libpcap0.8` (as root)",
                "error: libpcap is not installed: run `apt-get install libpcap0.8` (as root)"), child.stdout(), child.stderr());
    }

    @Test
    void missingPermissionIsOneLineSayingToRunAsRoot() throws Exception {
        LivePreconditions.requireLibpcap();
        String expected = "no permission to capture on lo: run as root (sudo ./wireanalyze capture ...)";
        if (!LivePreconditions.isRoot()) {
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(tmp.resolve("x.pcap")));
            assertEquals(expected, assertThrows(CaptureException.class, capture::start).getMessage());
            return;
        }
        // As root, drop the capabilities a packet socket needs (util-linux setpriv) for the child JVM.
        Child child = Child.run(List.of("setpriv", "--bounding-set=-net_raw,-net_admin", "--inh-caps=-net_raw,-net_admin"),
                List.of(), "start", "lo", tmp.resolve("x.pcap").toString());
        assertEquals(List.of("checkLibpcap: null", "error: " + expected), child.stdout(), child.stderr());
    }

    @Test
    void sigtermStopsTheCaptureThroughAShutdownHookLeavingAValidPcap() throws Exception {
        LivePreconditions.requireRootAndLibpcap();
        Path out = tmp.resolve("sigterm.pcap");
        byte[] sent = pattern(DATA_BYTES);
        try (ServerSocket server = new ServerSocket(0, 1, LOOPBACK)) {
            int port = server.getLocalPort();
            Child child = Child.start(List.of(), List.of(), "until-terminated", out.toString(), "tcp port " + port);
            try {
                assertEquals("started", child.readLine(), child.stderr());
                assertArrayEquals(sent, exchange(server, sent));
                // SIGTERM. Through the ProcessHandle: Process.destroy() would also close our end of its stdout.
                assertTrue(child.process.toHandle().destroy(), "SIGTERM sent");
                assertTrue(child.process.waitFor(20, TimeUnit.SECONDS), "child exited after SIGTERM");
            } finally {
                if (child.process.isAlive()) child.process.destroyForcibly();
            }
            assertEquals(143, child.process.exitValue(), "exit status after SIGTERM (128 + 15)");
            String stopped = child.readLine();
            assertNotNull(stopped, child.stderr());
            assertTrue(stopped.matches("stopped: CaptureStats\\[received=\\d+, dropped=0, droppedByInterface=0]"), stopped);
            assertFalse(child.stderr().contains("org.pcap4j"), "pcap4j stays quiet:\n" + child.stderr());
            assertConnectionComplete(readSegments(out, port), port, sent);
        }
    }

    // ---- helpers ------------------------------------------------------------------------------------

    /** Connects to {@code server}, sends {@code data}, closes; returns what the server read before EOF. */
    private static byte[] exchange(ServerSocket server, byte[] data) throws IOException {
        try (Socket client = new Socket(LOOPBACK, server.getLocalPort()); Socket accepted = server.accept()) {
            OutputStream out = client.getOutputStream();
            out.write(data);
            client.shutdownOutput();                                       // client FIN
            byte[] received = accepted.getInputStream().readAllBytes();
            accepted.shutdownOutput();                                     // server FIN
            assertEquals(-1, client.getInputStream().read(), "client sees the server's FIN");
            return received;
        }
    }

    private static List<TcpSegment> readSegments(Path file, int port) throws IOException {
        List<TcpSegment> segments = new ArrayList<>();
        try (FrameSource source = CaptureFiles.open(file)) {
            for (Frame f = source.next(); f != null; f = source.next()) {
                TcpSegment s = TcpSegment.of(f);
                assertNotNull(s, "frame " + f.number() + " is IPv4/TCP");
                assertTrue(s.sourcePort() == port || s.destinationPort() == port, "frame " + f.number() + " matches the filter");
                segments.add(s);
            }
            assertNull(source.stopReason(), "file complete");
        }
        return segments;
    }

    /** SYN, SYN-ACK, all client data in order, and a FIN each way. */
    private static void assertConnectionComplete(List<TcpSegment> segments, int port, byte[] sent) {
        List<TcpSegment> toServer = segments.stream().filter(s -> s.destinationPort() == port).toList();
        List<TcpSegment> toClient = segments.stream().filter(s -> s.sourcePort() == port).toList();
        TcpSegment syn = toServer.stream().filter(s -> s.has(TcpSegment.SYN) && !s.has(TcpSegment.ACK)).findFirst()
                .orElseThrow(() -> new AssertionError("no SYN to port " + port + " among " + segments.size() + " frames"));
        assertTrue(toClient.stream().anyMatch(s -> s.has(TcpSegment.SYN) && s.has(TcpSegment.ACK)), "SYN-ACK");
        assertTrue(toServer.stream().anyMatch(s -> s.has(TcpSegment.FIN)), "client FIN");
        assertTrue(toClient.stream().anyMatch(s -> s.has(TcpSegment.FIN)), "server FIN");
        TreeMap<Long, byte[]> bySequence = new TreeMap<>();
        for (TcpSegment s : toServer) {
            if (s.payload().length > 0) bySequence.put((s.sequence() - syn.sequence() - 1) & 0xFFFF_FFFFL, s.payload());
        }
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        bySequence.forEach((offset, payload) -> {
            assertEquals(stream.size(), offset.longValue(), "next segment starts where the last ended");
            stream.writeBytes(payload);
        });
        assertArrayEquals(sent, stream.toByteArray(), "client payload in the capture");
    }

    private static byte[] pattern(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) b[i] = (byte) (i * 31 % 251);
        return b;
    }

    /** A child JVM running {@link LiveCaptureChild}. */
    private record Child(Process process, BufferedReader stdoutReader, Path stderrFile) {

        static Child start(List<String> prefix, List<String> jvmOptions, String... args) throws IOException {
            List<String> command = new ArrayList<>(prefix);
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), LiveCaptureChild.class.getName()));
            command.addAll(List.of(args));
            Path stderr = Files.createTempFile("live-capture-child", ".stderr");
            Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
            InputStream stdout = p.getInputStream();
            return new Child(p, new BufferedReader(new InputStreamReader(stdout, StandardCharsets.UTF_8)), stderr);
        }

        static Child run(List<String> prefix, List<String> jvmOptions, String... args) throws Exception {
            Child c = start(prefix, jvmOptions, args);
            assertTrue(c.process.waitFor(30, TimeUnit.SECONDS), "child JVM finished");
            return c;
        }

        String readLine() throws IOException {
            return stdoutReader.readLine();
        }

        List<String> stdout() throws IOException {
            return stdoutReader.lines().toList();
        }

        String stderr() {
            try {
                return Files.readString(stderrFile);
            } catch (IOException e) {
                return "(stderr unreadable: " + e.getMessage() + ")";
            }
        }
    }
}
