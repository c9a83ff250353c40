package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.fixtures.Fixtures;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code analyze --annotate out.pcapng}: the capture again, frame for frame (timestamps, lengths, bytes and
 * interfaces kept), with the accounting in a comment on each frame; tshark reads it, and
 * {@code frame.comment contains "<phase>"} lists exactly the frames of that phase.
 */
class AnnotateTest {

    static List<Path> fixtures() throws Exception {
        return TestCaptures.fixtureCaptures();
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void theAnnotatedCaptureHoldsTheSameFramesWithACommentEach(Path pcap, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("annotated.pcapng");
        Cli r = Cli.run("analyze", pcap.toString(), "--format", "json", "--annotate", out.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.err().contains("annotated "), r.err());
        List<Frame> original = new ArrayList<>(), annotated = new ArrayList<>();
        read(pcap, original);
        read(out, annotated);
        assertEquals(original.size(), annotated.size());
        for (int i = 0; i < original.size(); i++) {
            Frame a = original.get(i), b = annotated.get(i);
            assertEquals(a.timestampNanos(), b.timestampNanos(), "frame " + a.number());
            assertEquals(a.originalLength(), b.originalLength(), "frame " + a.number());
            assertEquals(a.rawLinkType(), b.rawLinkType(), "frame " + a.number());
            assertEquals(a.bytes(), b.bytes(), "frame " + a.number());
        }
    }

    @Test
    void tsharkFindsEachPhaseByItsComment(@TempDir Path dir) throws Exception {
        Path pcap = TestCaptures.fixture("jrmp/lease-renewal.pcap");
        Path out = dir.resolve("annotated.pcapng");
        assertEquals(0, Cli.run("analyze", pcap.toString(), "--annotate", out.toString()).exitCode());
        if (!tsharkInstalled()) {
            if ("true".equals(System.getenv("CI"))) fail("tshark is not installed (run-tests installs it)");
            org.junit.jupiter.api.Assumptions.abort("tshark is not installed: skipped (run-tests installs it)");
        }
        AnalysisResult result = Fixtures.analyze(pcap);
        for (Phase phase : List.of(Phase.DGC, Phase.NAMING, Phase.KEEPALIVE, Phase.INVOCATION)) {
            TreeSet<Long> ours = new TreeSet<>();
            result.packets().stream().filter(p -> p.phase() == phase).forEach(p -> ours.add(p.frame()));
            TreeSet<Long> tshark = new TreeSet<>();
            for (String line : tshark(out, "frame.comment contains \"phase " + phase.label() + "\"")) tshark.add(Long.parseLong(line.trim()));
            assertFalse(ours.isEmpty(), phase.label());
            assertEquals(ours, tshark, phase.label());
        }
        assertEquals(List.of("21", "22", "23", "27", "36", "41", "42", "43", "47"), tshark(out, "frame.comment contains \"dgc\"").subList(0, 9));
    }

    private static void read(Path file, List<Frame> into) throws Exception {
        try (FrameSource s = CaptureFiles.open(file)) {
            Frame f;
            while ((f = s.next()) != null) into.add(f);
        }
    }

    private static boolean tsharkInstalled() {
        try {
            return new ProcessBuilder("tshark", "--version").redirectErrorStream(true).start().waitFor() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static List<String> tshark(Path file, String filter) throws Exception {
        Process p = new ProcessBuilder("tshark", "-r", file.toString(), "-Y", filter, "-T", "fields", "-e", "frame.number")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String l;
            while ((l = r.readLine()) != null) if (!l.isBlank()) lines.add(l.trim());
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), "tshark -Y " + filter);
        return lines;
    }
}
