package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PcapFileSourceTest {

    static final String JRMI = "ndpi-jrmi.pcap";

    @TempDir
    Path tmp;

    @Test
    void readsNdpiJrmiCaptureAsTsharkDoes() throws IOException {
        List<TsharkFrames> expected = TsharkFrames.load("/tshark/ndpi-jrmi.tsv", false);
        assertEquals(19, expected.size());
        try (PcapFileSource source = PcapFileSource.open(SharedCaptures.file(JRMI))) {
            assertEquals(new PcapHeader(ByteOrder.LITTLE_ENDIAN, TimestampUnit.MICROSECONDS, 2, 4, 262_144, 1, LinkType.ETHERNET),
                    source.header());
            assertMatchesTshark(expected, readAll(source), JRMI);
            assertNull(source.stopReason());
            assertEquals(Files.size(SharedCaptures.file(JRMI)), source.offset());
        }
    }

    @Test
    void readsEveryFoxItCaptureAsTsharkDoes() throws IOException {
        Map<String, List<TsharkFrames>> expected = TsharkFrames.load("/tshark/fox-it-log4shell-rmi.tsv", true).stream()
                .collect(Collectors.groupingBy(TsharkFrames::file, TreeMap::new, Collectors.toList()));
        Path dir = SharedCaptures.dir().resolve("fox-it-log4shell-rmi");
        List<String> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".pcap")).sorted().toList();
        }
        assertEquals(36, files.size(), "pcap files in " + dir);
        assertEquals(List.copyOf(expected.keySet()), files, "files tshark was run on");
        long total = 0;
        for (String name : files) {
            try (var source = CaptureFiles.open(dir.resolve(name))) {
                List<Frame> frames = readAll(source);
                assertMatchesTshark(expected.get(name), frames, name);
                assertNull(source.stopReason(), name);
                total += frames.size();
            }
        }
        assertEquals(2099, total, "frames in all fox-it captures");
    }

    @Test
    void framesAreReadOnlyViewsOfTheFileBytes() throws IOException {
        Path file = SharedCaptures.file(JRMI);
        byte[] raw = Files.readAllBytes(file);
        long[] offsets = PcapBytes.recordOffsets(raw);
        try (PcapFileSource source = PcapFileSource.open(file)) {
            List<Frame> frames = readAll(source);
            assertEquals(offsets.length, frames.size());
            for (int i = 0; i < frames.size(); i++) {
                ByteBuffer bytes = frames.get(i).bytes();
                assertTrue(bytes.isReadOnly(), "frame " + (i + 1) + " is read-only");
                assertEquals(0, bytes.position());
                assertEquals(ByteOrder.BIG_ENDIAN, bytes.order());
                int start = (int) offsets[i] + PcapBytes.RECORD_HEADER;
                assertArrayEquals(Arrays.copyOfRange(raw, start, start + bytes.remaining()), toArray(bytes),
                        "bytes of frame " + (i + 1));
            }
            // Frame 1 of ndpi-jrmi is a SYN to port 1099: EtherType IPv4 at 12, TCP destination port at 36.
            assertEquals(0x0800, frames.get(0).bytes().getShort(12));
            assertEquals(1099, frames.get(0).bytes().getShort(36));
        }
    }

    @Test
    void framesStayReadableAfterTheReaderMovesOnAndCloses() throws IOException {
        Path file = SharedCaptures.file(JRMI);
        List<Frame> frames;
        try (PcapFileSource source = PcapFileSource.open(file, 200)) {
            frames = readAll(source);
        }
        assertEquals(0x0800, frames.get(0).bytes().getShort(12));
        assertEquals(0x0800, frames.get(18).bytes().getShort(12));
    }

    @Test
    void readsNanosecondPcap() throws IOException {
        Path file = write("jrmi-ns.pcap", PcapBytes.converted(read(JRMI), ByteOrder.LITTLE_ENDIAN, true));
        assertSameFramesWithNanosecondsAdded(file, ByteOrder.LITTLE_ENDIAN, TimestampUnit.NANOSECONDS, true);
    }

    @Test
    void readsBigEndianPcap() throws IOException {
        Path file = write("jrmi-be.pcap", PcapBytes.converted(read(JRMI), ByteOrder.BIG_ENDIAN, false));
        assertSameFramesWithNanosecondsAdded(file, ByteOrder.BIG_ENDIAN, TimestampUnit.MICROSECONDS, false);
    }

    @Test
    void readsBigEndianNanosecondPcap() throws IOException {
        Path file = write("jrmi-be-ns.pcap", PcapBytes.converted(read(JRMI), ByteOrder.BIG_ENDIAN, true));
        assertSameFramesWithNanosecondsAdded(file, ByteOrder.BIG_ENDIAN, TimestampUnit.NANOSECONDS, true);
    }

    @Test
    void readsTheSameFramesThroughSmallMappingWindows() throws IOException {
        Path file = SharedCaptures.file(JRMI);
        List<TsharkFrames> expected = TsharkFrames.load("/tshark/ndpi-jrmi.tsv", false);
        for (int window : new int[] {1, 90, 100, 117, 4096}) {
            try (PcapFileSource source = PcapFileSource.open(file, window)) {
                assertMatchesTshark(expected, readAll(source), "window " + window);
            }
        }
    }

    @Test
    void readsFileLargerThanTwoGibibytes() throws IOException {
        // A sparse file: 8,200 records of 262,144 bytes each, whose bodies are holes that read as zeros.
        int records = 8_200;
        int length = 262_144;
        Path file = tmp.resolve("big.pcap");
        try (var out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            ByteBuffer header = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
            header.putInt(0xA1B2C3D4).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(length).putInt(1).flip();
            out.write(header, 0);
            for (int i = 0; i < records; i++) {
                ByteBuffer rec = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN);
                rec.putInt(1_700_000_000 + i).putInt(i).putInt(length).putInt(length + 1).flip();
                out.write(rec, 24 + (long) i * (16 + length));
            }
            ByteBuffer lastByte = ByteBuffer.wrap(new byte[] {0x5A});
            out.write(lastByte, 24 + (long) records * (16 + length) - 1);
        }
        long size = Files.size(file);
        assertTrue(size > (2L << 30), "file size " + size);
        try (PcapFileSource source = PcapFileSource.open(file)) {
            long count = 0;
            Frame last = null;
            for (Frame f = source.next(); f != null; f = source.next()) {
                assertEquals(length, f.capturedLength());
                assertEquals(length + 1, f.originalLength());
                assertEquals((1_700_000_000L + count) * 1_000_000_000L + count * 1000, f.timestampNanos());
                count++;
                last = f;
            }
            assertNull(source.stopReason());
            assertEquals(records, count);
            assertEquals(records, last.number());
            assertEquals(0x5A, last.bytes().get(length - 1));
            assertEquals(size, source.offset());
        }
    }

    @Test
    void stopsAtTruncatedLastRecordAndKeepsTheFramesBefore() throws IOException {
        byte[] raw = read(JRMI);
        long[] offsets = PcapBytes.recordOffsets(raw);
        long last = offsets[18];
        int inclLen = ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).getInt((int) last + 8);
        int cut = (int) last + 16 + 10;
        Path file = write("cut.pcap", Arrays.copyOf(raw, cut));
        try (PcapFileSource source = PcapFileSource.open(file)) {
            List<Frame> frames = readAll(source);
            assertMatchesTshark(TsharkFrames.load("/tshark/ndpi-jrmi.tsv", false).subList(0, 18), frames, "cut copy");
            assertEquals("truncated record at byte offset " + last + " (frame 19): header says " + inclLen
                    + " bytes, 10 remain", source.stopReason());
            assertNull(source.next(), "next() after the stop");
        }
    }

    @Test
    void stopsAtTruncatedRecordHeader() throws IOException {
        byte[] raw = read(JRMI);
        long last = PcapBytes.recordOffsets(raw)[18];
        Path file = write("cut-header.pcap", Arrays.copyOf(raw, (int) last + 5));
        try (PcapFileSource source = PcapFileSource.open(file)) {
            assertEquals(18, readAll(source).size());
            assertEquals("truncated record header at byte offset " + last + " (frame 19): 5 bytes remain (expected: 16)",
                    source.stopReason());
        }
    }

    @Test
    void stopsAtCapturedLengthAboveLibpcapMaximum() throws IOException {
        byte[] raw = read(JRMI);
        long tenth = PcapBytes.recordOffsets(raw)[9];
        Path file = write("huge.pcap", PcapBytes.withRecordField(raw, tenth, 8, 300_000));
        assertStopsAfter(file, 9, "impossible record length at byte offset " + tenth
                + " (frame 10): incl_len 300000 (expected: <= 262144)");
    }

    @Test
    void stopsAtCapturedLengthAboveTwiceTheSnaplen() throws IOException {
        byte[] raw = read(JRMI);
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).putInt(16, 30);                 // snaplen 30
        long first = PcapBytes.recordOffsets(raw)[0];                                       // frame 1 has 74 bytes
        assertStopsAfter(write("snaplen.pcap", raw), 0, "impossible record length at byte offset " + first
                + " (frame 1): incl_len 74 (expected: <= twice the snaplen 30)");
    }

    @Test
    void stopsAtOriginalLengthBelowCapturedLength() throws IOException {
        byte[] raw = read(JRMI);
        long fifth = PcapBytes.recordOffsets(raw)[4];
        Path file = write("orig.pcap", PcapBytes.withRecordField(raw, fifth, 12, 20));
        assertStopsAfter(file, 4, "impossible record length at byte offset " + fifth
                + " (frame 5): orig_len 20 is less than incl_len 66 (expected: orig_len >= incl_len)");
    }

    @Test
    void stopsAtCapturedLengthWithTheHighBitSet() throws IOException {
        byte[] raw = read(JRMI);
        long second = PcapBytes.recordOffsets(raw)[1];
        Path file = write("negative.pcap", PcapBytes.withRecordField(raw, second, 8, 0x8000_0010));
        assertStopsAfter(file, 1, "impossible record length at byte offset " + second
                + " (frame 2): incl_len 2147483664 (expected: <= 262144)");
    }

    @Test
    void readsNoFramesFromAFileWithOnlyTheHeader() throws IOException {
        Path file = write("header-only.pcap", Arrays.copyOf(read(JRMI), 24));
        try (PcapFileSource source = PcapFileSource.open(file)) {
            assertNull(source.next());
            assertNull(source.next());
            assertNull(source.stopReason());
            assertEquals(0, source.framesRead());
        }
    }

    private void assertStopsAfter(Path file, int frames, String reason) throws IOException {
        try (PcapFileSource source = PcapFileSource.open(file)) {
            assertEquals(frames, readAll(source).size());
            assertEquals(reason, source.stopReason());
        }
    }

    private void assertSameFramesWithNanosecondsAdded(Path file, ByteOrder order, TimestampUnit unit, boolean nanosAdded)
            throws IOException {
        List<TsharkFrames> expected = TsharkFrames.load("/tshark/ndpi-jrmi.tsv", false);
        List<Frame> original;
        try (PcapFileSource source = PcapFileSource.open(SharedCaptures.file(JRMI))) {
            original = readAll(source);
        }
        try (var source = CaptureFiles.open(file)) {
            PcapFileSource pcap = (PcapFileSource) source;
            assertEquals(order, pcap.header().byteOrder());
            assertEquals(unit, pcap.header().timestampUnit());
            assertEquals(LinkType.ETHERNET, pcap.header().linkType());
            assertEquals(262_144, pcap.header().snaplen());
            List<Frame> frames = readAll(source);
            assertEquals(expected.size(), frames.size());
            for (int i = 0; i < frames.size(); i++) {
                Frame f = frames.get(i);
                assertEquals(expected.get(i).epochNanos() + (nanosAdded ? i + 1 : 0), f.timestampNanos(), "timestamp of frame " + (i + 1));
                assertEquals(expected.get(i).length(), f.originalLength());
                assertEquals(original.get(i).bytes(), f.bytes(), "bytes of frame " + (i + 1));
            }
            assertNull(source.stopReason());
        }
    }

    static void assertMatchesTshark(List<TsharkFrames> expected, List<Frame> frames, String what) {
        assertEquals(expected.size(), frames.size(), "frames in " + what);
        for (int i = 0; i < frames.size(); i++) {
            TsharkFrames e = expected.get(i);
            Frame f = frames.get(i);
            String where = what + " frame " + e.number();
            assertEquals(e.number(), f.number(), where);
            assertEquals(e.epochNanos(), f.timestampNanos(), where + " timestamp");
            assertEquals(e.length(), f.originalLength(), where + " frame.len");
            assertEquals(e.capturedLength(), f.capturedLength(), where + " frame.cap_len");
            assertEquals(LinkType.ETHERNET, f.link(), where);
            assertEquals(1, f.rawLinkType(), where);
        }
    }

    static List<Frame> readAll(FrameSource source) throws IOException {
        List<Frame> frames = new ArrayList<>();
        for (Frame f = source.next(); f != null; f = source.next()) frames.add(f);
        return frames;
    }

    private static byte[] toArray(ByteBuffer b) {
        byte[] a = new byte[b.remaining()];
        b.duplicate().get(a);
        return a;
    }

    private static byte[] read(String shared) throws IOException {
        return Files.readAllBytes(SharedCaptures.file(shared));
    }

    private Path write(String name, byte[] bytes) throws IOException {
        return Files.write(tmp.resolve(name), bytes);
    }
}
