package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static io.wireanalyze.capture.PcapFileSourceTest.readAll;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PcapngFileSourceTest {

    static final String JRMI = "pcapng/ndpi-jrmi.pcapng";
    /** ndpi-jrmi.pcapng: SHB at 0, IDB at 108, the EPB of frame 5 (66 bytes captured) at 552, block 7. */
    static final int FIFTH_EPB = 552;
    static final String FIFTH = "at byte offset 552 (block 7, Enhanced Packet Block 0x00000006, frame 5): ";

    static Map<String, List<TsharkPcapngFrames>> tshark;

    @TempDir
    Path tmp;

    @BeforeAll
    static void loadTshark() throws IOException {
        tshark = TsharkPcapngFrames.load();
    }

    @Test
    void readsEveryPcapngResourceAsTsharkDoes() throws IOException {
        List<Path> files = TestCaptures.pcapngResources();
        assertEquals(List.of("dgc-clean-blocks.pcapng", "jrmi-ether-plus-sll.pcapng", "lookup-then-invoke.pcapng",
                "ndpi-jrmi.pcapng", "registry-list-lo-any.pcapng", "registry-list-sll.pcapng"),
                files.stream().map(p -> p.getFileName().toString()).toList());
        long total = 0;
        for (Path file : files) {
            try (FrameSource source = CaptureFiles.open(file)) {
                PcapngFileSource pcapng = (PcapngFileSource) source;
                List<Frame> frames = readAll(source);
                assertMatchesTshark(file.getFileName().toString(), frames);
                assertNull(source.stopReason(), file.toString());
                assertEquals(Files.size(file), pcapng.offset(), "everything read in " + file);
                total += frames.size();
            }
        }
        assertEquals(61 + 37 + 53 + 19 + 36 + 18, total);
    }

    @Test
    void readsTheSameFramesFromEditcapsConversionAsFromThePcap() throws IOException {
        assertSameFrames(SharedCaptures.file("ndpi-jrmi.pcap"), TestCaptures.resource(JRMI));
    }

    @Test
    void readsTheSameFramesFromTsharksConversionAsFromThePcap() throws IOException {
        assertSameFrames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"), TestCaptures.resource("pcapng/lookup-then-invoke.pcapng"));
    }

    @Test
    void readsMergedEthernetAndLinuxCookedInterfacesEachFrameWithItsOwnLinkType() throws IOException {
        Path merged = TestCaptures.resource("pcapng/jrmi-ether-plus-sll.pcapng");
        try (PcapngFileSource source = PcapngFileSource.open(merged)) {
            List<Frame> frames = readAll(source);
            assertEquals(37, frames.size());
            List<PcapngInterface> interfaces = source.interfaces();
            assertEquals(new PcapngInterface(1, 0, 1, LinkType.ETHERNET, 262_144, PcapngTimestampResolution.MICROSECONDS, 0, ""),
                    interfaces.get(0));
            assertEquals(new PcapngInterface(1, 1, 113, LinkType.LINUX_SLL, 262_144,
                    new PcapngTimestampResolution(PcapngTimestampResolution.Base.POWER_OF_10, 9), 0, "any"), interfaces.get(1));
            assertEquals(2, interfaces.size());
            assertEquals("EEESSSSSEEEEESSSSSEESESSSSSSSEEEEEEEE", frames.stream()
                    .map(f -> f.link() == LinkType.ETHERNET ? "E" : f.link() == LinkType.LINUX_SLL ? "S" : "?")
                    .collect(Collectors.joining()));
            // mergecap interleaves the two captures by time: each keeps its own frames, in order, byte for byte.
            List<Frame> ethernet = frames.stream().filter(f -> f.link() == LinkType.ETHERNET).toList();
            List<Frame> cooked = frames.stream().filter(f -> f.link() == LinkType.LINUX_SLL).toList();
            assertSameBytes(ethernet, read(SharedCaptures.file("ndpi-jrmi.pcap")));
            assertSameBytes(cooked, read(TestCaptures.resource("pcapng/registry-list-sll.pcapng")));
            // A Linux cooked v1 header: packet type 0 (to us), ARPHRD_LOOPBACK 772, then EtherType IPv4 at 14.
            assertEquals(772, cooked.get(0).bytes().getShort(2));
            assertEquals(0x0800, cooked.get(0).bytes().getShort(14));
            assertEquals(1718291266_170_000_000L, cooked.get(0).timestampNanos());
            assertEquals(1718291266_170_012_003L, cooked.get(1).timestampNanos());
        }
    }

    @Test
    void readsDumpcapsCaptureOnLoopbackAndAnyWithTwoLinkTypesAndStatistics() throws IOException {
        Path file = TestCaptures.resource("pcapng/registry-list-lo-any.pcapng");
        assertEquals(List.of(PcapngBytes.SHB, PcapngBytes.IDB, PcapngBytes.IDB), blockTypes(file).subList(0, 3));
        assertEquals(List.of(PcapngBytes.ISB, PcapngBytes.ISB), blockTypes(file).subList(39, 41));
        try (PcapngFileSource source = PcapngFileSource.open(file)) {
            List<Frame> frames = readAll(source);
            assertEquals(36, frames.size());
            assertEquals(List.of("lo", "any"), source.interfaces().stream().map(PcapngInterface::name).toList());
            assertEquals(List.of(LinkType.ETHERNET, LinkType.LINUX_SLL2),
                    source.interfaces().stream().map(PcapngInterface::linkType).toList());
            for (int i = 0; i < 36; i++) {
                assertEquals(i < 18 ? LinkType.ETHERNET : LinkType.LINUX_SLL2, frames.get(i).link(), "frame " + (i + 1));
                assertEquals(i < 18 ? 1 : 276, frames.get(i).rawLinkType(), "frame " + (i + 1));
            }
            assertEquals("any", source.lastInterface().name());
            assertNull(source.stopReason());
        }
    }

    @Test
    void skipsDecryptionSecretsNameResolutionAndCommentsBetweenFrames() throws IOException {
        Path file = TestCaptures.resource("pcapng/dgc-clean-blocks.pcapng");
        List<Integer> types = blockTypes(file);
        assertEquals(List.of(PcapngBytes.SHB, PcapngBytes.IDB, PcapngBytes.DSB), types.subList(0, 3));
        assertEquals(PcapngBytes.NRB, types.get(types.size() - 1));
        assertEquals(61, types.stream().filter(t -> t == PcapngBytes.EPB).count());
        assertSameFrames(TestCaptures.fixture("jrmp/dgc-clean.pcap"), file);
    }

    @Test
    void readsBigEndianSectionAsTheLittleEndianOne() throws IOException {
        byte[] be = PcapngBytes.Derived.BIG_ENDIAN.derive.apply(read(TestCaptures.resource(JRMI)));
        assertArrayEquals(new byte[] {0x1A, 0x2B, 0x3C, 0x4D}, Arrays.copyOfRange(be, 8, 12), "byte-order magic, big-endian");
        assertArrayEquals(new byte[] {0, 0, 0, 1, 0, 0, 0, 20}, Arrays.copyOfRange(be, 108, 116), "IDB type and length, big-endian");
        Path file = write("be.pcapng", be);
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.BIG_ENDIAN, file);
        assertSameBytes(frames, read(TestCaptures.resource(JRMI)));
    }

    @Test
    void readsTwoSectionsOfOppositeByteOrdersNumberingFramesOn() throws IOException {
        Path file = write("two.pcapng", PcapngBytes.Derived.TWO_SECTIONS.derive.apply(read(TestCaptures.resource(JRMI))));
        try (PcapngFileSource source = PcapngFileSource.open(file)) {
            List<Frame> frames = readAll(source);
            assertMatchesTshark(PcapngBytes.Derived.TWO_SECTIONS.fileName, frames);
            assertEquals(38, frames.get(37).number());
            assertEquals(List.of(1, 2), source.interfaces().stream().map(PcapngInterface::section).toList());
            assertEquals(List.of(0, 0), source.interfaces().stream().map(PcapngInterface::id).toList());
            for (int i = 0; i < 19; i++) {
                assertEquals(frames.get(i).bytes(), frames.get(i + 19).bytes(), "frame " + (i + 1) + " and " + (i + 20));
                assertEquals(frames.get(i).timestampNanos(), frames.get(i + 19).timestampNanos());
            }
        }
    }

    @Test
    void readsSimplePacketBlocksAsFramesOfInterfaceZeroWithoutTimestamps() throws IOException {
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.SIMPLE_PACKETS,
                write("spb.pcapng", PcapngBytes.Derived.SIMPLE_PACKETS.derive.apply(read(TestCaptures.resource(JRMI)))));
        assertTrue(frames.stream().allMatch(f -> f.timestampNanos() == 0), "a Simple Packet Block has no timestamp");
        assertSameBytes(frames, read(TestCaptures.resource(JRMI)));
    }

    @Test
    void cutsSimplePacketsToTheInterfaceSnaplen() throws IOException {
        byte[] spb = PcapngBytes.Derived.SIMPLE_PACKETS.derive.apply(read(TestCaptures.resource(JRMI)));
        ByteBuffer.wrap(spb).order(ByteOrder.LITTLE_ENDIAN).putInt(108 + 12, 70);        // IDB SnapLen 70
        try (PcapngFileSource source = PcapngFileSource.open(write("snap.pcapng", spb))) {
            List<Frame> frames = readAll(source);
            assertEquals(19, frames.size());
            assertEquals(70, frames.get(0).capturedLength());                              // 74 on the wire
            assertEquals(74, frames.get(0).originalLength());
            assertEquals(66, frames.get(2).capturedLength());
            assertNull(source.stopReason());
        }
    }

    @Test
    void readsObsoletePacketBlocks() throws IOException {
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.OBSOLETE_PACKET_BLOCKS,
                write("pb.pcapng", PcapngBytes.Derived.OBSOLETE_PACKET_BLOCKS.derive.apply(read(TestCaptures.resource(JRMI)))));
        assertSameBytes(frames, read(TestCaptures.resource(JRMI)));
    }

    @Test
    void readsTimestampsInPowersOfTwoOfASecond() throws IOException {
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.BINARY_RESOLUTION,
                write("bin.pcapng", PcapngBytes.Derived.BINARY_RESOLUTION.derive.apply(read(TestCaptures.resource(JRMI)))));
        // 163791 us is 171747 units of 2^-20 s (rounded down), which is 163790702.06 ns.
        assertEquals(1718291266_163_790_702L, frames.get(0).timestampNanos());
    }

    @Test
    void readsTimestampsAboveTwoToTheSixtyThreeUnits() throws IOException {
        byte[] derived = PcapngBytes.Derived.TENTHS_OF_NANOSECONDS.derive.apply(read(TestCaptures.resource(JRMI)));
        long ticks = ByteBuffer.wrap(derived).order(ByteOrder.LITTLE_ENDIAN).getLong(140 + 4);
        assertTrue(ticks < 0, "ts_high:ts_low of frame 1 as a signed long: " + ticks);
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.TENTHS_OF_NANOSECONDS, write("e10.pcapng", derived));
        assertEquals(1718291266_163_791_000L, frames.get(0).timestampNanos());
    }

    @Test
    void addsTheInterfaceTimestampOffset() throws IOException {
        List<Frame> frames = assertMatchesTshark(PcapngBytes.Derived.TIME_OFFSET,
                write("offset.pcapng", PcapngBytes.Derived.TIME_OFFSET.derive.apply(read(TestCaptures.resource(JRMI)))));
        assertEquals(1718291266_163_791_000L, frames.get(0).timestampNanos());
    }

    @Test
    void skipsCustomAndUnknownBlockTypesByTheirLength() throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        byte[] withBlocks = PcapngBytes.withBlockInserted(raw, 5, new PcapngBytes.Block(0x0000_0BAD,
                new byte[] {0, 0, 0x7F, (byte) 0xE0, 1, 2, 3, 4}, ByteOrder.LITTLE_ENDIAN, 0));
        withBlocks = PcapngBytes.withBlockInserted(withBlocks, 2, new PcapngBytes.Block(0x1234_5678, new byte[40],
                ByteOrder.LITTLE_ENDIAN, 0));
        withBlocks = PcapngBytes.withBlockInserted(withBlocks, 2, new PcapngBytes.Block(0x7777_7777, new byte[0],
                ByteOrder.LITTLE_ENDIAN, 0));
        assertEquals(raw.length + 20 + 52 + 12, withBlocks.length);
        try (PcapngFileSource source = PcapngFileSource.open(write("custom.pcapng", withBlocks))) {
            List<Frame> frames = readAll(source);
            assertMatchesTshark("ndpi-jrmi.pcapng", frames);
            assertNull(source.stopReason());
            assertSameBytes(frames, raw);
        }
    }

    @Test
    void skipsAHugeUnknownBlockButStopsAtAHugePacketBlock() throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        int huge = PcapngFileSource.MAX_READ_BLOCK_LENGTH + 4;
        Path skipped = sparseWithBlockAt128(raw, 0x0000_0BAD, huge, "huge-custom.pcapng");
        try (PcapngFileSource source = PcapngFileSource.open(skipped)) {
            assertMatchesTshark("ndpi-jrmi.pcapng", readAll(source));
            assertNull(source.stopReason());
        }
        Path stopped = sparseWithBlockAt128(raw, PcapngBytes.EPB, huge, "huge-epb.pcapng");
        try (PcapngFileSource source = PcapngFileSource.open(stopped)) {
            assertEquals(List.of(), readAll(source));
            assertEquals("bad block length at byte offset 128 (block 3, Enhanced Packet Block 0x00000006, frame 1): 16777220"
                    + " (expected: <= 16777216 for this block type)", source.stopReason());
        }
    }

    /** ndpi-jrmi.pcapng with a block of {@code length} zeros (a hole in a sparse file) before its first packet. */
    private Path sparseWithBlockAt128(byte[] raw, int type, int length, String name) throws IOException {
        Path file = tmp.resolve(name);
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            out.write(ByteBuffer.wrap(raw, 0, 128), 0);
            out.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(type).putInt(length).flip(), 128);
            out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(length).flip(), 128 + length - 4);
            out.write(ByteBuffer.wrap(raw, 128, raw.length - 128), 128 + length);
        }
        return file;
    }

    @Test
    void framesAreReadOnlyViewsOfTheFileThroughAnyWindowSize() throws IOException {
        Path file = TestCaptures.resource("pcapng/jrmi-ether-plus-sll.pcapng");
        byte[] raw = read(file);
        List<PcapngBytes.Block> epbs = PcapngBytes.blocks(raw).stream().filter(b -> b.type() == PcapngBytes.EPB).toList();
        for (int window : new int[] {1, 12, 100, 107, 4096, 1 << 20}) {
            try (PcapngFileSource source = PcapngFileSource.open(file, window)) {
                List<Frame> frames = readAll(source);
                assertMatchesTshark("jrmi-ether-plus-sll.pcapng", frames);
                for (int i = 0; i < frames.size(); i++) {
                    ByteBuffer bytes = frames.get(i).bytes();
                    assertTrue(bytes.isReadOnly(), "frame " + (i + 1) + " is a read-only view of its window");
                    assertEquals(0, bytes.position());
                    assertEquals(ByteOrder.BIG_ENDIAN, bytes.order());
                    int start = (int) epbs.get(i).fileOffset() + PcapngFileSource.PACKET_FIXED_LENGTH;
                    assertEquals(ByteBuffer.wrap(raw, start, bytes.remaining()), bytes, "bytes of frame " + (i + 1) + ", window " + window);
                }
            }
        }
    }

    @Test
    void readsNoFramesFromASectionHeaderAlone() throws IOException {
        try (PcapngFileSource source = PcapngFileSource.open(write("shb.pcapng", Arrays.copyOf(read(TestCaptures.resource(JRMI)), 108)))) {
            assertNull(source.next());
            assertNull(source.next());
            assertNull(source.stopReason());
            assertEquals(0, source.framesRead());
            assertEquals(List.of(), source.interfaces());
        }
    }

    // Damage: reading stops at the block, the frames before it are kept.

    @Test
    void stopsAtABlockLengthThatIsNoMultipleOfFour() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 4, 102), "bad block length " + FIFTH + "102 (expected: a multiple of 4)");
    }

    @Test
    void stopsAtABlockLengthTooSmallForItsType() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 4, 28), "bad block length " + FIFTH + "28 (expected: >= 32 for this block type)");
    }

    @Test
    void stopsAtABlockLengthSmallerThanTwelve() throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        byte[] tiny = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN).putInt(0x1234_5678).putInt(8).putInt(8).array();
        byte[] damaged = new byte[raw.length + 12];
        System.arraycopy(raw, 0, damaged, 0, FIFTH_EPB);
        System.arraycopy(tiny, 0, damaged, FIFTH_EPB, 12);
        System.arraycopy(raw, FIFTH_EPB, damaged, FIFTH_EPB + 12, raw.length - FIFTH_EPB);
        assertStopsAfterFourFrames(damaged, "bad block length at byte offset 552 (block 7, unknown block 0x12345678, after frame 4): "
                + "8 (expected: >= 12)");
    }

    @Test
    void stopsAtABlockLengthBeyondTheFile() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 4, 100_000), "truncated block " + FIFTH + "block length 100000, 1932 bytes remain");
    }

    @Test
    void stopsAtABlockCutShortByTheEndOfTheFile() throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        assertStopsAfterFourFrames(Arrays.copyOf(raw, FIFTH_EPB + 50), "truncated block " + FIFTH + "block length 100, 50 bytes remain");
        assertStopsAfterFourFrames(Arrays.copyOf(raw, FIFTH_EPB + 6), "truncated block " + FIFTH
                + "6 bytes remain (expected: at least 12, the smallest block)");
        assertStopsAfterFourFrames(Arrays.copyOf(raw, FIFTH_EPB + 3), "truncated block at byte offset 552 (block 7, block type cut off,"
                + " after frame 4): 3 bytes remain (expected: at least 12, the smallest block)");
    }

    @Test
    void stopsAtATrailingBlockLengthUnlikeTheLeadingOne() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 100 - 4, 104),
                "bad block length " + FIFTH + "trailing block length 104 (expected: 100, the leading block length)");
    }

    @Test
    void stopsAtAPacketOfAnInterfaceNeverDescribed() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 8, 1),
                "unknown interface " + FIFTH + "interface ID 1 (expected: < 1, the interfaces described in section 1)");
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 8, 0xFFFF_FFFF),
                "unknown interface " + FIFTH + "interface ID 4294967295 (expected: < 1, the interfaces described in section 1)");
    }

    @Test
    void stopsAtASimplePacketBeforeAnyInterfaceDescription() throws IOException {
        byte[] spb = PcapngBytes.Derived.SIMPLE_PACKETS.derive.apply(read(TestCaptures.resource(JRMI)));
        List<PcapngBytes.Block> blocks = new ArrayList<>(PcapngBytes.blocks(spb));
        blocks.remove(1);
        assertStops(PcapngBytes.write(blocks), 0, "unknown interface at byte offset 108 (block 2, Simple Packet Block 0x00000003,"
                + " frame 1): interface ID 0 (expected: an interface description block before it in section 1)");
    }

    @Test
    void stopsAtACapturedLengthBeyondTheBlock() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 20, 69),
                "bad captured length " + FIFTH + "captured length 69 (expected: <= 68, the packet data the block holds)");
    }

    @Test
    void stopsAtAnOriginalLengthBelowTheCapturedLength() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 24, 20), "impossible packet length " + FIFTH
                + "original length 20 is less than captured length 66 (expected: original length >= captured length)");
    }

    @Test
    void stopsAtATimestampBeyondTheYear2262() throws IOException {
        assertStopsAfterFourFrames(withInt(FIFTH_EPB + 12, 0xFFFF_FFFF), "impossible timestamp " + FIFTH
                + "18446744073114648336 units of 10^-6 s plus if_tsoffset 0 s (expected: between the years 1677 and 2262)");
    }

    @Test
    void stopsAtAnUnusableTimestampResolution() throws IOException {
        List<PcapngBytes.Block> blocks = new ArrayList<>(PcapngBytes.blocks(read(TestCaptures.resource(JRMI))));
        blocks.set(1, PcapngBytes.withIdbOption(blocks.get(1), PcapngBytes.IF_TSRESOL, new byte[] {0x7F}));
        assertStops(PcapngBytes.write(blocks), 0, "bad interface description at byte offset 108 (block 2, Interface Description"
                + " Block 0x00000001, before frame 1): if_tsresol at byte offset 124: 0x7f, 10^-127 s (expected: 10^-19 s or coarser)");
        blocks.set(1, PcapngBytes.withIdbOption(PcapngBytes.blocks(read(TestCaptures.resource(JRMI))).get(1), PcapngBytes.IF_TSRESOL,
                new byte[] {(byte) 0xC0}));
        assertStops(PcapngBytes.write(blocks), 0, "bad interface description at byte offset 108 (block 2, Interface Description"
                + " Block 0x00000001, before frame 1): if_tsresol at byte offset 124: 0xc0, 2^-64 s (expected: 2^-63 s or coarser)");
    }

    @Test
    void stopsAtAnOptionRunningPastItsBlock() throws IOException {
        List<PcapngBytes.Block> blocks = new ArrayList<>(PcapngBytes.blocks(read(TestCaptures.resource(JRMI))));
        PcapngBytes.Block idb = PcapngBytes.withIdbOption(blocks.get(1), 2, "lo".getBytes());
        ByteBuffer.wrap(idb.body()).order(ByteOrder.LITTLE_ENDIAN).putShort(10, (short) 9);   // if_name length 9 in a 4-byte slot
        blocks.set(1, idb);
        assertStops(PcapngBytes.write(blocks), 0, "bad interface description at byte offset 108 (block 2, Interface Description"
                + " Block 0x00000001, before frame 1): option 2 at byte offset 124: length 9 (expected: <= 4, the bytes left in the block)");
    }

    @Test
    void stopsAtASecondSectionWithABadByteOrderMagic() throws IOException {
        byte[] two = PcapngBytes.Derived.TWO_SECTIONS.derive.apply(read(TestCaptures.resource(JRMI)));
        ByteBuffer.wrap(two).putInt(2484 + 8, 0);
        assertStops(two, 19, "bad section header at byte offset 2484 (block 22, Section Header Block 0x0a0d0d0a, after frame 19):"
                + " byte-order magic at byte offset 2492: 0x00000000 (expected: 0x1a2b3c4d or 0x4d3c2b1a)");
    }

    @Test
    void rejectsAFileWhoseFirstSectionHeaderIsNoPcapng() throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        Path badMagic = write("magic.pcapng", withInt(8, 0x0102_0304));
        IOException e = assertThrows(IOException.class, () -> CaptureFiles.open(badMagic));
        assertEquals(badMagic + ": not a pcapng file: byte-order magic at byte offset 8: 0x04030201 (expected: 0x1a2b3c4d or"
                + " 0x4d3c2b1a)", e.getMessage());
        Path version2 = write("v2.pcapng", withInt(12, 2));
        e = assertThrows(IOException.class, () -> CaptureFiles.open(version2));
        assertEquals(version2 + ": not a pcapng file: pcapng version at byte offset 12: 2.0 (expected: 1.0)", e.getMessage());
        Path shorter = write("short.pcapng", Arrays.copyOf(raw, 27));
        e = assertThrows(IOException.class, () -> CaptureFiles.open(shorter));
        assertEquals(shorter + ": too short for a pcapng file: 27 bytes (expected: at least 28, the section header block)",
                e.getMessage());
    }

    // Helpers

    private void assertStopsAfterFourFrames(byte[] damaged, String reason) throws IOException {
        assertStops(damaged, 4, reason);
    }

    private void assertStops(byte[] damaged, int frames, String reason) throws IOException {
        try (PcapngFileSource source = PcapngFileSource.open(write("damaged.pcapng", damaged))) {
            List<Frame> read = readAll(source);
            assertEquals(reason, source.stopReason());
            assertEquals(frames, read.size(), "frames before the damage");
            assertMatchesTsharkPrefix("ndpi-jrmi.pcapng", read);
            assertNull(source.next(), "next() after the stop");
        }
    }

    /** ndpi-jrmi.pcapng with the little-endian int at {@code offset} replaced. */
    private static byte[] withInt(int offset, int value) throws IOException {
        byte[] raw = read(TestCaptures.resource(JRMI));
        ByteBuffer.wrap(raw).order(ByteOrder.LITTLE_ENDIAN).putInt(offset, value);
        return raw;
    }

    private List<Frame> assertMatchesTshark(PcapngBytes.Derived derived, Path file) throws IOException {
        try (FrameSource source = CaptureFiles.open(file)) {
            List<Frame> frames = readAll(source);
            assertMatchesTshark(derived.fileName, frames);
            assertNull(source.stopReason());
            return frames;
        }
    }

    /** The frames tshark lists for {@code file} (the first frames when fewer were read), field by field. */
    static void assertMatchesTshark(String file, List<Frame> frames) {
        List<TsharkPcapngFrames> expected = tshark.get(file);
        assertTrue(expected != null, file + " in " + TsharkPcapngFrames.RESOURCE);
        assertEquals(expected.size(), frames.size(), "frames in " + file);
        assertMatchesTsharkPrefix(file, frames);
    }

    /** The first frames tshark lists for {@code file}, as many as were read. */
    static void assertMatchesTsharkPrefix(String file, List<Frame> frames) {
        List<TsharkPcapngFrames> expected = tshark.get(file);
        assertTrue(expected.size() >= frames.size(), "at most " + expected.size() + " frames in " + file);
        for (int i = 0; i < frames.size(); i++) {
            TsharkPcapngFrames e = expected.get(i);
            Frame f = frames.get(i);
            String where = file + " frame " + e.number();
            assertEquals(e.number(), f.number(), where);
            assertEquals(e.epochNanos().orElse(0), f.timestampNanos(), where + " frame.time_epoch");
            assertEquals(e.length(), f.originalLength(), where + " frame.len");
            assertEquals(e.capturedLength(), f.capturedLength(), where + " frame.cap_len");
            assertEquals(e.linkType(), f.link(), where + " link type");
            assertEquals(e.linkType().number(), f.rawLinkType(), where + " raw link type");
        }
    }

    /** A pcap and its pcapng conversion give the same frames: numbers, timestamps, lengths, link type, bytes. */
    private static void assertSameFrames(Path pcap, Path pcapng) throws IOException {
        List<Frame> expected;
        try (FrameSource source = CaptureFiles.open(pcap)) {
            expected = readAll(source);
        }
        try (FrameSource source = CaptureFiles.open(pcapng)) {
            List<Frame> frames = readAll(source);
            assertNull(source.stopReason());
            assertEquals(expected.size(), frames.size(), pcapng.toString());
            for (int i = 0; i < frames.size(); i++) {
                Frame e = expected.get(i);
                Frame f = frames.get(i);
                assertEquals(List.of(e.number(), e.timestampNanos(), e.link(), e.originalLength(), e.bytes()),
                        List.of(f.number(), f.timestampNanos(), f.link(), f.originalLength(), f.bytes()), "frame " + (i + 1));
            }
        }
    }

    /** {@code frames} hold, in order, the bytes of the frames of the capture file {@code original}. */
    private void assertSameBytes(List<Frame> frames, byte[] original) throws IOException {
        boolean pcapng = ByteBuffer.wrap(original).getInt(0) == PcapngBytes.SHB;
        List<Frame> expected;
        try (FrameSource source = pcapng ? PcapngFileSource.open(write("original.pcapng", original))
                : PcapFileSource.open(write("original.pcap", original))) {
            expected = readAll(source);
        }
        assertEquals(expected.size(), frames.size());
        for (int i = 0; i < frames.size(); i++) {
            assertEquals(expected.get(i).bytes(), frames.get(i).bytes(), "bytes of frame " + (i + 1));
            assertEquals(expected.get(i).originalLength(), frames.get(i).originalLength(), "length of frame " + (i + 1));
        }
    }

    private static List<Integer> blockTypes(Path file) throws IOException {
        return PcapngBytes.blocks(read(file)).stream().map(PcapngBytes.Block::type).toList();
    }

    private static byte[] read(Path file) throws IOException {
        return Files.readAllBytes(file);
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path file = tmp.resolve(name);
        Files.deleteIfExists(file);
        return Files.write(file, bytes);
    }
}
