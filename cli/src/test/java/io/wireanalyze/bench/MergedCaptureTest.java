package io.wireanalyze.bench;

import io.wireanalyze.cli.WireAnalyze;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A capture cut into rotated files ({@code editcap -c N}, as a sensor's ring buffer cuts it) and read back with
 * {@code analyze --merge} gives the whole file's JSON (but its {@code source}): a connection going on from one file
 * into the next is one connection, and what connections tell each other crosses files too. Every fixture, cut into 2, 3
 * and 7 pieces and into pieces of 5 frames (up to 50), and a synthetic capture of thousands of connections (the bench's
 * replays of every fixture) cut into 2, 11 and 50 files, with one thread and with workers.
 */
class MergedCaptureTest {

    @TempDir
    static Path work;

    @BeforeAll
    static void editcap() throws Exception {
        assertEquals(0, new ProcessBuilder("editcap", "-h").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor(), "editcap (Debian package wireshark-common, installed with tshark by ./run-tests)");
    }

    static List<Path> fixtures() throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(TestCaptures.repoRoot().resolve("fixtures"))) {
            // Not fixtures/reordered: its timestamps are out of order on purpose, and a merge puts the pieces' frames in
            // time order across files (as mergecap), so the frame numbers differ from the whole file's (the phases do not).
            s.filter(f -> f.toString().endsWith(".pcap") && !f.toString().contains("/public/") && !f.toString().contains("/reordered/"))
                    .sorted().forEach(out::add);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("fixtures")
    void rotatedPiecesMergeIntoTheWholeCapture(Path pcap) throws Exception {
        stopReasons.clear();
        String whole = json(List.of(pcap.toString()), pcap, "0");
        boolean cutShort = !stopReasons.get(0).contains("null");
        long frames = frames(pcap);
        for (long per : new long[]{(frames + 1) / 2, (frames + 2) / 3, (frames + 6) / 7, Math.max(5, (frames + 49) / 50)}) {
            if (per < 1 || per >= frames) continue;
            Path dir = TestCaptures.editcapPieces(pcap, per, work);
            assertEquals(whole, json(List.of("--merge", dir.toString()), pcap, "0"), pcap + " in pieces of " + per + " frames");
            assertEquals(whole, json(List.of("--merge", dir.toString()), pcap, "2"), pcap + " in pieces of " + per + " frames, 2 workers");
        }
        for (String r : stopReasons.subList(1, stopReasons.size()))
            assertEquals(cutShort ? "\"stopReason\" : null," : stopReasons.get(0), r, "the pieces' stop reason");
    }

    @Test
    void aSyntheticCaptureOfThousandsOfConnectionsCutInFiftyMergesIntoTheWhole() throws Exception {
        List<SessionTemplate> templates = CaptureSynthesizer.templates(TestCaptures.repoRoot().resolve("fixtures"));
        Path big = work.resolve("synthetic.pcap");
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(templates,
                new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(60), 0, 7), big, (p, t) -> { });
        long frames = frames(big);
        assertTrue(frames > 50_000, frames + " frames");
        List<String> keys = s.keyLog() == null ? List.of() : List.of("--tls-keylog", s.keyLog().toString());
        List<String> args = new ArrayList<>(keys);
        args.add(big.toString());
        String whole = json(args, null, "2");
        assertTrue(whole.contains("\"connections\""), whole.substring(0, Math.min(200, whole.length())));
        for (int pieces : new int[]{2, 11, 50}) {
            Path dir = TestCaptures.editcapPieces(big, (frames + pieces - 1) / pieces, work);
            try (Stream<Path> f = Files.list(dir)) {
                assertEquals(pieces, f.count());
            }
            List<String> merged = new ArrayList<>(keys);
            merged.add("--merge");
            merged.add(dir.toString());
            assertEquals(whole, json(merged, null, "2"), pieces + " pieces");
        }
    }

    private static long frames(Path pcap) throws IOException {
        return TestCaptures.frames(pcap).size();
    }

    /**
     * analyze's JSON, its source line left out (the one thing that names the files), and its stop reason: a file cut
     * short in a record (the hostile corpus' truncated ones) is cut by editcap into pieces without that record, which are
     * whole ({@link #stopReasons} checks that).
     */
    private static String json(List<String> files, Path keysOf, String workers) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", "--format", "json", "--workers", workers));
        if (keysOf != null) {
            Path keys = TestCaptures.keyFileBeside(keysOf);
            if (keys != null) args.addAll(List.of("--tls-keylog", keys.toString()));
        }
        args.addAll(files);
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args.toArray(String[]::new));
        assertEquals(0, code, err.toString());
        stopReasons.add(out.toString().lines().map(String::strip).filter(l -> l.startsWith("\"stopReason\"")).findFirst().orElse(""));
        return String.join("\n", out.toString().lines()
                .filter(l -> !l.strip().startsWith("\"source\"") && !l.strip().startsWith("\"stopReason\"")).toList());
    }

    private static final List<String> stopReasons = new ArrayList<>();
}
