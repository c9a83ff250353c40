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
        try (AnalysisResult wholeSpilled = Analyzer.analyze(() -> TestCaptures.source("capture", frames), options, f -> { }, 4);
             AnalysisResult spilled = run(frames, 3, random, options, 4, Files.createTempDirectory(work, "spilled"))) {
            SplitAnalysisTest.same(wholeSpilled, spilled, pcap + ": spilled");
        }
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

    /** The cluster's steps, in one JVM, with nothing but bytes between them. */
    static AnalysisResult run(List<Frame> frames, int parts, Random random, AnalysisOptions options, int recordsInMemory, Path recordsDir)
            throws IOException {
        // A file's task: every frame's headers.
        ByteArrayOutputStream headerBytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(headerBytes);
        for (Frame f : frames) ClusterAnalysis.header(f, options.protocols(), out);
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
                try (Stream<Path> files = Files.list(recordsDir)) {
                    assertEquals(parts, files.filter(f -> f.getFileName().toString().startsWith("part-")).count(), "a file per part");
                }
            }
            if (settled.nextRound() == null || r == Analyzer.MAX_ROUNDS) return settled.result();
            settled.result().close();
            round = settled.nextRound();
        }
    }
}
