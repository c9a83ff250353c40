package io.wireanalyze.capture.live;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.MergedSource;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.*;

/** The ring of capture files watch --ring writes: rotation, the newest kept, names in time order, read back whole. */
class RingWriterTest {

    private static final long T0 = 1_764_156_000_123_456_789L;   // 2025-11-26T11:20:00.123456789Z

    /** Packet {@code i}: 200 bytes, its number in the first byte, {@code i} ms after T0 plus {@code i} ns. */
    private static byte[] packet(int i) {
        byte[] b = new byte[200];
        b[0] = (byte) i;
        b[199] = (byte) (i * 7);
        return b;
    }

    private static long stamp(int i) {
        return T0 + i * 1_000_000L + i;
    }

    private static List<Frame> read(FrameSource s) throws IOException {
        List<Frame> out = new ArrayList<>();
        try (s) {
            Frame f;
            while ((f = s.next()) != null) out.add(f);
            assertNull(s.stopReason(), s.name());
        }
        return out;
    }

    @Test
    void aRingKeepsTheNewestFilesEachWithinItsSizeNamedInTimeOrder(@TempDir Path dir) throws IOException {
        // 24-byte header + 4 records of 16 + 200 = 888 bytes: four packets a file of 1000, 25 files, 3 kept.
        try (RingWriter w = RingWriter.ring(dir.resolve("run.pcap"), 1000, 3, LinkType.ETHERNET.number(), 65535)) {
            for (int i = 1; i <= 100; i++) w.write(stamp(i), packet(i), 1400);
            assertEquals(100, w.packets());
            assertEquals(22, w.deleted());
            assertEquals(3, w.kept().size());
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.sorted().toList();
        }
        assertEquals(3, files.size(), files.toString());
        for (int k = 0; k < 3; k++) {
            String name = files.get(k).getFileName().toString();
            assertTrue(name.matches("run_000" + (23 + k) + "_20251126112000\\.pcap"), name);
            assertEquals(888, Files.size(files.get(k)), name);
        }
        // Read back as one capture (what analyze --merge DIR does): packets 89 to 100, in order, bytes and times kept.
        List<Frame> frames = read(MergedSource.open(MergedSource.expand(List.of(dir))));
        assertEquals(12, frames.size());
        for (int k = 0; k < 12; k++) {
            Frame f = frames.get(k);
            int i = 89 + k;
            assertEquals(stamp(i), f.timestampNanos(), "frame " + (k + 1));
            assertEquals(1400, f.originalLength());
            assertEquals(200, f.capturedLength());
            assertEquals((byte) i, f.bytes().get(f.bytes().position()));
            assertEquals((byte) (i * 7), f.bytes().get(f.bytes().position() + 199));
            assertEquals(LinkType.ETHERNET, f.link());
        }
    }

    @Test
    void oneFileHoldsEveryPacketAndTheSnaplenCutsThem(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("one.pcap");
        try (RingWriter w = RingWriter.single(file, LinkType.ETHERNET.number(), 150)) {
            for (int i = 1; i <= 100; i++) w.write(stamp(i), packet(i), 200);
            assertEquals(List.of(file.toAbsolutePath()), w.kept());
        }
        List<Frame> frames = read(CaptureFiles.open(file));
        assertEquals(100, frames.size());
        assertEquals(stamp(100), frames.get(99).timestampNanos());
        assertEquals(150, frames.get(0).capturedLength());
        assertEquals(200, frames.get(0).originalLength());
        assertEquals(24 + 100 * (16 + 150), Files.size(file));
    }

    @Test
    void aPacketLargerThanAFileGetsAFileOfItsOwn(@TempDir Path dir) throws IOException {
        try (RingWriter w = RingWriter.ring(dir.resolve("big.pcap"), 100, 10, LinkType.ETHERNET.number(), 65535)) {
            for (int i = 1; i <= 3; i++) w.write(stamp(i), packet(i), 200);
            assertEquals(3, w.kept().size());
            assertEquals(0, w.deleted());
        }
        assertEquals(3, read(MergedSource.open(MergedSource.expand(List.of(dir)))).size());
    }

    @Test
    void aRingTooSmallForAPacketHeaderIsRefused(@TempDir Path dir) {
        var e = assertThrows(IllegalArgumentException.class, () -> RingWriter.ring(dir.resolve("x.pcap"), 39, 2, 1, 65535));
        assertEquals("ring file size 39 bytes (expected: at least 40)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> RingWriter.ring(dir.resolve("x.pcap"), 1000, 0, 1, 65535));
        assertEquals("ring of 0 files (expected: at least 1)", e.getMessage());
    }
}
