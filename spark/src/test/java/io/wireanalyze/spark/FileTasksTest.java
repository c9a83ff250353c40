package io.wireanalyze.spark;

import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.testing.TestCaptures;
import scala.Tuple2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * What a file's task tells the driver before the pass over the headers, read without reading the file through; the runs
 * of packets it shuffles, and a part's task merging them back into capture order.
 */
class FileTasksTest {

    @Test
    void aFilesSummaryIsItsFirstFramesTime() throws IOException {
        Path pcap = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        long first;
        try (FrameSource source = CaptureFiles.open(pcap)) {
            Frame f = source.next();
            first = f.timestampNanos();
        }
        FileTasks.Summary s = FileTasks.summary(3, pcap.toString());
        assertEquals(3, s.file());
        assertTrue(s.any());
        assertEquals(first, s.firstNanos());
        assertNull(s.stopReason(), "a file with frames: its reading's end is read with its headers");
        assertNull(s.error());
    }

    @Test
    void aFileWithoutFramesSaysHowItsReadingEndedAndAnUnreadableOneWhy(@TempDir Path dir) throws IOException {
        Path whole = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        // The pcap header and half a record header: no frame, and a reason.
        Path cut = Files.write(dir.resolve("cut.pcap"), Arrays.copyOf(Files.readAllBytes(whole), 24 + 8));
        FileTasks.Summary s = FileTasks.summary(0, cut.toString());
        assertFalse(s.any());
        assertNotNull(s.stopReason(), "the reading of " + cut + " ended early");
        assertNull(s.error());

        Path junk = Files.writeString(dir.resolve("junk.pcap"), "not a capture at all, not even close");
        FileTasks.Summary bad = FileTasks.summary(1, junk.toString());
        assertFalse(bad.any());
        assertNotNull(bad.error());
        assertTrue(bad.error().contains(junk.toString()), bad.error());
    }

    @Test
    void aCopyOfAPartSaysWhetherTheFileHadMore(@TempDir Path dir) throws IOException {
        byte[] bytes = new byte[100_000];
        for (int i = 0; i < bytes.length; i++) bytes[i] = (byte) i;
        Path to = dir.resolve("copy");
        assertTrue(FileTasks.copy(new ByteArrayInputStream(bytes), to, 70_000));
        assertArrayEquals(Arrays.copyOf(bytes, 70_000), Files.readAllBytes(to));
        assertFalse(FileTasks.copy(new ByteArrayInputStream(bytes), to, 100_000), "exactly the limit: the whole file");
        assertArrayEquals(bytes, Files.readAllBytes(to));
        assertFalse(FileTasks.copy(new ByteArrayInputStream(bytes), to, Long.MAX_VALUE));
        assertArrayEquals(bytes, Files.readAllBytes(to));
    }

    /** Every frame of a fixture, read directly. */
    private static List<Frame> frames(Path pcap) throws IOException {
        List<Frame> all = new ArrayList<>();
        try (FrameSource source = CaptureFiles.open(pcap)) {
            for (Frame f; (f = source.next()) != null; ) {
                byte[] bytes = new byte[f.bytes().remaining()];
                f.bytes().duplicate().get(bytes);
                all.add(new Frame(f.number(), f.timestampNanos(), f.link(), f.rawLinkType(), java.nio.ByteBuffer.wrap(bytes),
                        f.originalLength(), f.interfaceIndex()));
            }
        }
        return all;
    }

    /** The runs of every part, each part's sorted by key as the shuffle sorts them. */
    private static List<List<Tuple2<Long, byte[]>>> shuffled(int parts, Iterator<Tuple2<Long, byte[]>>... files) {
        List<List<Tuple2<Long, byte[]>>> byPart = new ArrayList<>();
        for (int p = 0; p < parts; p++) byPart.add(new ArrayList<>());
        for (Iterator<Tuple2<Long, byte[]>> runs : files) {
            runs.forEachRemaining(r -> byPart.get((int) (r._1() >>> SparkAnalysis.INDEX_BITS)).add(r));
        }
        for (List<Tuple2<Long, byte[]>> part : byPart) part.sort(Comparator.comparingLong(Tuple2::_1));
        return byPart;
    }

    @Test
    void aFilesPacketsGoInRunsOfAPartAndComeBackInCaptureOrder() throws IOException {
        Path pcap = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        List<Frame> frames = frames(pcap);
        assertTrue(frames.size() > 20, frames.size() + " frames");
        // Every frame counted, to part (index mod 3), numbered from 1, TCP index = place, the figures made up but distinct.
        FileTasks.Figures figures = new FileTasks.Figures(0, pcap.toString());
        for (int i = 0; i < frames.size(); i++) figures.add(i, i + 1, i % 3, i, 1000L * i - 500, 7 * i);
        // Runs of at most 600 bytes: a packet over it ends its run.
        List<List<Tuple2<Long, byte[]>>> parts = shuffled(3, FileTasks.packets(figures, 3, 600, FileTasks.HELD_BYTES));
        int runs = 0;
        for (int p = 0; p < 3; p++) {
            for (Tuple2<Long, byte[]> run : parts.get(p)) {
                runs++;
                FileTasks.Packet first = FileTasks.Packet.read(java.nio.ByteBuffer.wrap(run._2()));
                assertEquals((long) p << SparkAnalysis.INDEX_BITS | first.tcpIndex(), run._1(), "a run's key: its part, its first TCP index");
            }
            int at = p;
            for (Iterator<FileTasks.Packet> in = FileTasks.inOrder(parts.get(p).iterator()); in.hasNext(); at += 3) {
                FileTasks.Packet packet = in.next();
                Frame f = frames.get(at);
                assertEquals(at, packet.tcpIndex());
                assertEquals(at + 1, packet.frame().number());
                assertEquals(1000L * at - 500, packet.elapsed());
                assertEquals(7L * at, packet.clock());
                assertEquals(f.timestampNanos(), packet.frame().timestampNanos());
                assertEquals(f.originalLength(), packet.frame().originalLength());
                assertEquals(f.bytes(), packet.frame().bytes(), "frame " + at + "'s bytes");
            }
            assertEquals((frames.size() - p + 2) / 3, (at - p) / 3, "part " + p + "'s packets");
        }
        assertTrue(runs > 6, "runs cut at 600 bytes: " + runs);
    }

    @Test
    void runsOfTwoFilesWhoseTimesOverlapAreMergedByTcpIndex() throws IOException {
        Path pcap = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        List<Frame> frames = frames(pcap);
        // The same file twice, as if two hosts had captured it: its frames take the even TCP indices in one, the odd
        // in the other; one part; runs of about two packets, so that the two files' runs alternate.
        FileTasks.Figures even = new FileTasks.Figures(0, pcap.toString()), odd = new FileTasks.Figures(1, pcap.toString());
        for (int i = 0; i < frames.size(); i++) {
            even.add(i, 2 * i + 1, 0, 2 * i, 2 * i, 0);
            odd.add(i, 2 * i + 2, 0, 2 * i + 1, 2 * i + 1, 0);
        }
        List<Tuple2<Long, byte[]>> part = shuffled(1, FileTasks.packets(even, 1, 200, FileTasks.HELD_BYTES), FileTasks.packets(odd, 1, 200, FileTasks.HELD_BYTES)).get(0);
        long expected = 0;
        for (Iterator<FileTasks.Packet> in = FileTasks.inOrder(part.iterator()); in.hasNext(); expected++) {
            FileTasks.Packet packet = in.next();
            assertEquals(expected, packet.tcpIndex());
            assertEquals(expected + 1, packet.frame().number());
            assertEquals(frames.get((int) (expected / 2)).bytes(), packet.frame().bytes());
        }
        assertEquals(2L * frames.size(), expected);
        assertFalse(FileTasks.inOrder(java.util.Collections.emptyIterator()).hasNext(), "a part without packets");
    }

    @Test
    void withManyPartsTheLargestRunGoesWhenTheTaskHoldsItsShare() throws IOException {
        Path pcap = TestCaptures.fixture("jrmp").resolve("dgc-clean.pcap");
        List<Frame> frames = frames(pcap);
        int parts = 7, largest = 0;
        FileTasks.Figures figures = new FileTasks.Figures(0, pcap.toString());
        for (int i = 0; i < frames.size(); i++) {
            figures.add(i, i + 1, i % parts, i, i, i);
            largest = Math.max(largest, frames.get(i).bytes().remaining() + 57);
        }
        // Runs of a MiB, but 1,500 bytes held at most: runs go early, the largest first, none over the bound by more
        // than its last packet.
        List<List<Tuple2<Long, byte[]>>> byPart = shuffled(parts, FileTasks.packets(figures, parts, 1 << 20, 1500));
        int runs = 0;
        for (int p = 0; p < parts; p++) {
            for (Tuple2<Long, byte[]> run : byPart.get(p)) {
                runs++;
                assertTrue(run._2().length <= 1500 + largest, "a run of " + run._2().length + " bytes");
            }
            int at = p;
            for (Iterator<FileTasks.Packet> in = FileTasks.inOrder(byPart.get(p).iterator()); in.hasNext(); at += parts) {
                FileTasks.Packet packet = in.next();
                assertEquals(at, packet.tcpIndex());
                assertEquals(frames.get(at).bytes(), packet.frame().bytes());
            }
            assertEquals((frames.size() - p + parts - 1) / parts, (at - p) / parts, "part " + p + "'s packets");
        }
        assertTrue(runs > parts, runs + " runs for " + parts + " parts");
    }
}
