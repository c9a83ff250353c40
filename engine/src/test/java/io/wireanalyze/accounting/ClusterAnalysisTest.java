package io.wireanalyze.accounting;

import io.wireanalyze.frame.Frame;
import io.wireanalyze.protocols.ProtocolTable;
import io.wireanalyze.testing.Analyses;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The split analysis as a cluster runs it ({@link ClusterAnalysis}): every step through bytes only, as they would
 * travel between JVMs: the frames' headers to the driver, the packets with their figures to the parts' tasks, the
 * parts' results and the rounds' facts as bytes. Every fixture, the hostile corpus and the public captures give the
 * whole-capture result, for 1, 3 and 7 parts run in a shuffled order, with records in memory or spilled.
 */
class ClusterAnalysisTest {

    @TempDir
    static Path work;

    static List<Path> captures() throws IOException {
        return MergeableLedgerTest.captures();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void bytesOnlyBetweenTheStepsGiveTheWholeResult(Path pcap) throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults().withProtocols(ProtocolTable.withTlsKeys(TestCaptures.keysBeside(pcap)));
        List<Frame> frames = TestCaptures.frames(pcap);
        AnalysisResult whole = Analyses.analyze(frames, options);
        Random random = new Random(pcap.getFileName().toString().hashCode());
        for (int parts : new int[]{1, 3, 7}) {
            try (AnalysisResult cluster = run(frames, parts, random, options, Analyzer.RECORDS_IN_MEMORY, null)) {
                SplitAnalysisTest.same(whole, cluster, pcap + ": " + parts + " parts");
            }
        }
        // The driver as the Spark job runs it: each part's records in a file of its own, read from there as settled.
        Path recordsDir = Files.createTempDirectory(work, "parts");
        try (AnalysisResult cluster = run(frames, 7, random, options, Analyzer.RECORDS_IN_MEMORY, recordsDir)) {
            SplitAnalysisTest.same(whole, cluster, pcap + ": 7 parts, records in files");
        }
        assertEquals(List.of(), files(recordsDir), pcap + ": the parts' files go with the result");
        Path spilledDir = Files.createTempDirectory(work, "spilled");
        try (AnalysisResult wholeSpilled = Analyzer.analyze(() -> TestCaptures.source("capture", frames), options, f -> { }, 4);
             AnalysisResult spilled = run(frames, 3, random, options, 4, spilledDir)) {
            SplitAnalysisTest.same(wholeSpilled, spilled, pcap + ": spilled");
        }
        assertEquals(List.of(), files(spilledDir), pcap + ": the parts' files go with the result");
    }

    @Test
    void aDamagedPartIsAClearErrorNotAResult() throws IOException {
        List<Frame> frames = TestCaptures.frames(MergeableLedgerTest.captures().get(0));
        ClusterAnalysis.Driver driver = new ClusterAnalysis.Driver(AnalysisOptions.defaults());
        ClusterAnalysis.Task task = new ClusterAnalysis.Task(AnalysisOptions.defaults(), 100, ClusterAnalysis.firstRound(), 0);
        byte[] part = task.finish();
        byte[] cut = java.util.Arrays.copyOf(part, part.length - 1);
        IOException e = assertThrows(IOException.class, () -> driver.settle(List.of(cut), "x", null, 100));
        assertTrue(e.getMessage().contains("ends early") || e.getMessage().contains("records are"), e.getMessage());
        byte[] other = part.clone();
        other[0] = 'X';
        e = assertThrows(IOException.class, () -> driver.settle(List.of(other), "x", null, 100));
        assertTrue(e.getMessage().contains("not a part"), e.getMessage());
        assertTrue(frames.size() > 0);
    }

    /**
     * A file's task writes a TCP packet as its segment's fields, the driver reads them without the frame: the fixtures
     * are IPv4, so this is a real capture's frames carried in IPv6 (each IPv4 header replaced by an IPv6 one, each
     * endpoint's address made of 2001:db8::/32, its port and its IPv4 address, so that both halves of an address tell
     * the endpoints apart; the TCP segments as they were): the same result as the whole capture's.
     */
    @Test
    void ipv6SegmentsGoThroughTheDriverAsTheyDoInOneAnalysis() throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults();
        List<Frame> v6 = new ArrayList<>();
        for (Frame f : TestCaptures.frames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"))) v6.add(asIpv6(f));
        AnalysisResult whole = Analyses.analyze(v6, options);
        assertTrue(whole.summary().packets() > 40, "the capture's TCP packets counted: " + whole.summary().packets());
        assertTrue(whole.summary().invocations() > 0, "its invocations found");
        assertTrue(whole.connections().get(0).client().startsWith("[2001:db8:0:"), whole.connections().get(0).client());
        for (int parts : new int[]{1, 3}) {
            try (AnalysisResult cluster = run(v6, parts, new Random(parts), options, Analyzer.RECORDS_IN_MEMORY, null)) {
                SplitAnalysisTest.same(whole, cluster, "IPv6, " + parts + " parts");
            }
        }
    }

    /**
     * What the driver reads of a TCP packet is the segment the file's task parsed, field for field: IPv4 and IPv6, a
     * capture with copies of packets (their identities tell them apart) and one cut by a snaplen (lengths on the wire).
     */
    @Test
    void theDriverReadsEachSegmentAsTheFilesTaskParsedIt() throws IOException {
        List<Frame> frames = new ArrayList<>();
        for (String fixture : List.of("jrmp/lookup-then-invoke.pcap", "hostile/jrmp-duplicated.pcap", "hostile/jrmp-snaplen-1024.pcap")) {
            List<Frame> some = TestCaptures.frames(TestCaptures.fixture(fixture));
            frames.addAll(some);
            if (fixture.startsWith("jrmp/")) for (Frame f : some) frames.add(asIpv6(f));
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        for (Frame f : frames) ClusterAnalysis.header(f, AnalysisOptions.defaults().protocols(), new io.wireanalyze.frame.Endpoints(), out);
        out.flush();
        ClusterAnalysis.HeaderReader in = new ClusterAnalysis.HeaderReader(bytes.toByteArray());
        ClusterAnalysis.Driver driver = new ClusterAnalysis.Driver(AnalysisOptions.defaults());
        int segments = 0, v6 = 0;
        for (Frame f : frames) {
            ClusterAnalysis.Header h = in.next();
            io.wireanalyze.frame.TcpSegment parsed = io.wireanalyze.frame.PacketParser.parse(f).segment();
            assertEquals(parsed == null, h.segment() == null, "frame " + f.number() + ": a segment");
            if (parsed == null) continue;
            io.wireanalyze.frame.TcpSegment read = driver.segment(h, f.number());
            String what = "frame " + f.number() + " " + parsed.src() + " > " + parsed.dst();
            assertEquals(parsed.src(), read.src(), what);
            assertEquals(parsed.dst(), read.dst(), what);
            assertEquals(parsed.seq(), read.seq(), what);
            assertEquals(parsed.ack(), read.ack(), what);
            assertEquals(parsed.flags(), read.flags(), what);
            assertEquals(parsed.window(), read.window(), what);
            assertEquals(parsed.payloadLength(), read.payloadLength(), what);
            assertEquals(parsed.identity(), read.identity(), what);
            assertEquals(f.interfaceIndex(), read.frame().interfaceIndex(), what);
            assertEquals(f.timestampNanos(), read.frame().timestampNanos(), what);
            segments++;
            if (parsed.src().v6()) v6++;
        }
        assertEquals(null, in.next(), "no headers after the last frame's");
        assertTrue(segments > 200 && v6 > 40, segments + " segments, " + v6 + " over IPv6");
    }

    /** An Ethernet frame's IPv4 packet carried in IPv6 instead, its TCP segment unchanged. */
    private static Frame asIpv6(Frame f) {
        ByteBuffer b = f.bytes();
        byte[] in = new byte[b.remaining()];
        b.get(b.position(), in);
        int ihl = (in[14] & 0x0f) * 4;
        int total = ((in[16] & 0xff) << 8) | (in[17] & 0xff);
        byte[] out = new byte[in.length - ihl + 40];
        System.arraycopy(in, 0, out, 0, 12);
        out[12] = (byte) 0x86;
        out[13] = (byte) 0xdd;
        out[14] = 0x60;
        int payload = total - ihl;
        out[18] = (byte) (payload >> 8);
        out[19] = (byte) payload;
        out[20] = 6;    // TCP
        out[21] = 64;   // hop limit
        for (int side = 0; side < 2; side++) {
            int at = 22 + 16 * side;
            out[at] = 0x20;
            out[at + 1] = 0x01;
            out[at + 2] = 0x0d;
            out[at + 3] = (byte) 0xb8;
            System.arraycopy(in, 14 + ihl + 2 * side, out, at + 6, 2);   // the port: loopback's endpoints differ in it alone
            System.arraycopy(in, 14 + 12 + 4 * side, out, at + 12, 4);
        }
        System.arraycopy(in, 14 + ihl, out, 14 + 40, in.length - 14 - ihl);
        return new Frame(f.number(), f.timestampNanos(), f.link(), f.rawLinkType(), ByteBuffer.wrap(out).asReadOnlyBuffer(),
                f.originalLength() - ihl + 40, f.interfaceIndex());
    }

    /**
     * A part's records in a file of the driver's: each of its four lists reads the file, closing the last of them
     * deletes it, and a closed list is not read again (nor one held in memory).
     */
    @Test
    void aPartsFileGoesWithTheLastOfItsListsAndAClosedListIsNotReadAgain() throws IOException {
        AnalysisOptions options = AnalysisOptions.defaults();
        SplitAnalysis.Headers headers = new SplitAnalysis.Headers(options);
        SplitAnalysis.PartAnalysis analysis = null;
        for (Frame f : TestCaptures.frames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"))) {
            io.wireanalyze.frame.TcpSegment s = headers.accept(f);
            if (s == null) continue;
            if (analysis == null) analysis = new SplitAnalysis.PartAnalysis(options, 100, SplitAnalysis.Round.FIRST, headers.captureStartNanos());
            analysis.accept(s, headers.flow(), headers.tcpIndex(), headers.elapsed(), headers.clock());
        }
        byte[] bytes = PartBytes.write(analysis.finish());
        Path file = Files.createTempFile(work, "part-", ".records");
        SplitAnalysis.Part part = PartBytes.read(bytes, file);
        int messages = part.messages().size();
        assertTrue(messages > 20, messages + " messages");
        for (int round = 0; round < 2; round++) assertEquals(messages, (int) part.messages().stream().count(), "read again from the file");
        Spill.close(part.messages());
        Spill.close(part.messages());   // once is what counts
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> part.messages().iterator());
        assertEquals("a part's records: already closed, their file deleted", e.getMessage());
        Spill.close(part.connections());
        Spill.close(part.invocations());
        assertTrue(Files.exists(file), "the part's packets still read it");
        assertEquals(part.packets().size(), (int) part.packets().stream().count());
        Spill.close(part.packets());
        assertTrue(Files.notExists(file), "gone with the last of its lists");
        SplitAnalysis.Part held = PartBytes.read(bytes);
        Spill.close(held.messages());
        e = assertThrows(IllegalStateException.class, () -> held.messages().iterator());
        assertEquals("a part's records: already closed", e.getMessage());
    }

    @Test
    void headersCutShortInASegmentAreAClearError() throws IOException {
        List<Frame> frames = TestCaptures.frames(TestCaptures.fixture("jrmp/lookup-then-invoke.pcap"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        ClusterAnalysis.header(frames.get(0), AnalysisOptions.defaults().protocols(), null, out);
        out.flush();
        int whole = bytes.size();
        assertEquals(8 + 1 + 40, whole, "a TCP packet over IPv4: its time, its kind and its segment's 40 bytes");
        for (int cut : new int[]{whole - 1, 8 + 1 + 3}) {
            byte[] b = java.util.Arrays.copyOf(bytes.toByteArray(), cut);
            IOException e = assertThrows(IOException.class, () -> new ClusterAnalysis.HeaderReader(b).next());
            assertEquals("frame headers cut short at byte 0 of " + cut, e.getMessage());
        }
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** The cluster's steps, in one JVM, with nothing but bytes between them. */
    static AnalysisResult run(List<Frame> frames, int parts, Random random, AnalysisOptions options, int recordsInMemory, Path recordsDir)
            throws IOException {
        // A file's task: every frame's headers.
        ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(headerBytes);
        // As a file's task does, its endpoints found again (records in files) or made for each packet.
        io.wireanalyze.frame.Endpoints endpoints = recordsDir != null ? new io.wireanalyze.frame.Endpoints() : null;
        for (Frame f : frames) ClusterAnalysis.header(f, options.protocols(), endpoints, out);
        out.flush();
        byte[] round = ClusterAnalysis.firstRound();
        for (int r = 1; ; r++) {
            // The driver: the pass over the headers; each counted packet goes whole, with its figures, to its part.
            ClusterAnalysis.Driver driver = new ClusterAnalysis.Driver(options);
            ClusterAnalysis.HeaderReader in = new ClusterAnalysis.HeaderReader(headerBytes.toByteArray());
            List<List<Object[]>> byPart = new ArrayList<>();
            for (int i = 0; i < parts; i++) byPart.add(new ArrayList<>());
            ClusterAnalysis.Header h;
            int i = 0;
            while ((h = in.next()) != null) {
                Frame f = frames.get(i++);
                if (!driver.accept(h, f.number())) continue;
                Frame packet = driver.reassembled() != null ? driver.reassembled() : f;
                byPart.get(driver.part(parts)).add(new Object[]{packet, driver.tcpIndex(), driver.elapsed(), driver.clock()});
            }
            assertEquals(frames.size(), i);
            List<Integer> order = new ArrayList<>();
            for (int p = 0; p < parts; p++) order.add(p);
            Collections.shuffle(order, random);
            List<byte[]> done = new ArrayList<>();
            for (int p : order) {
                ClusterAnalysis.Task task = new ClusterAnalysis.Task(options, recordsInMemory, round, driver.captureStartNanos());
                for (Object[] x : byPart.get(p)) task.accept((Frame) x[0], (Long) x[1], (Long) x[2], (Long) x[3]);
                done.add(task.finish());
            }
            ClusterAnalysis.Settled settled = driver.settle(done.size(), done::get, recordsDir, "capture", null, recordsInMemory);
            if (recordsDir != null) {
                // The result reads the parts' records from their files: a file per part while it is open.
                assertEquals(parts, files(recordsDir).stream().filter(f -> f.startsWith("wireanalyze-part-")).count(), "a file per part");
            }
            if (settled.nextRound() == null || r == Analyzer.MAX_ROUNDS) return settled.result();
            settled.result().close();
            round = settled.nextRound();
        }
    }
}
