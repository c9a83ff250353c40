package io.wireanalyze.capture.live;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/** Packets handed to Java one by one (watch's capture): into a RingWriter, stopped promptly however quiet the interface. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LiveSourceTest {

    static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path tmp;

    @Test
    void writesEveryPacketOfALoopbackConnectionAndStopsPromptlyWhenQuiet() throws Exception {
        LivePreconditions.requireRootAndLibpcap();
        Path out = tmp.resolve("w.pcap");
        try (ServerSocket server = new ServerSocket(0, 1, LOOPBACK)) {
            int port = server.getLocalPort();
            LiveSource source = LiveSource.open(LiveCaptureOptions.writingTo(Path.of("/dev/null")).withFilter("tcp port " + port));
            assertEquals(1, source.linkType(), "lo is Ethernet to libpcap");
            RingWriter writer = RingWriter.single(out, source.linkType(), source.snaplen());
            source.start(writer::write);
            byte[] sent = new byte[50_000];
            Thread reader = new Thread(() -> {
                try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
                    in.readAllBytes();
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            reader.start();
            try (Socket c = new Socket(LOOPBACK, port)) {
                c.getOutputStream().write(sent);
            }
            reader.join(10_000);
            Thread.sleep(1_500);   // quiet: a blocking read would wait here for ever
            long t = System.nanoTime();
            CaptureStats stats = source.stop();
            long millis = (System.nanoTime() - t) / 1_000_000;
            writer.close();
            assertTrue(millis < 1_500, "stop() took " + millis + " ms (expected: < 1500)");
            assertSame(stats, source.stop(), "a second stop gives the same counters");
            assertEquals(0, stats.dropped(), stats.toString());

            List<TcpSegment> segments = new ArrayList<>();
            try (FrameSource f = CaptureFiles.open(out)) {
                Frame frame;
                while ((frame = f.next()) != null) segments.add(PacketParser.parse(frame).segment());
            }
            assertEquals(writer.packets(), segments.size());
            // lo: libpcap counts each packet twice (the outgoing copy it discards), read after the last packet.
            assertEquals(2L * segments.size(), stats.received(), stats.toString());
            assertTrue(segments.get(0).syn() && !segments.get(0).hasAck(), "the SYN first");
            long payload = segments.stream().mapToLong(TcpSegment::capturedPayloadLength).sum();
            assertEquals(sent.length, payload);
            assertEquals(2, segments.stream().filter(TcpSegment::fin).count(), "both FINs");
        }
    }

    @Test
    void aBadFilterIsOneLineNamingIt() throws Exception {
        LivePreconditions.requireRootAndLibpcap();
        CaptureException e = assertThrows(CaptureException.class,
                () -> LiveSource.open(LiveCaptureOptions.writingTo(Path.of("/dev/null")).withFilter("tcp port banana")));
        assertTrue(e.getMessage().startsWith("bad capture filter \"tcp port banana\": "), e.getMessage());
    }
}
