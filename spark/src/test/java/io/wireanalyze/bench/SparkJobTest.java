package io.wireanalyze.bench;

import io.wireanalyze.cli.WireAnalyze;
import io.wireanalyze.spark.SparkAnalysis;
import io.wireanalyze.testing.TestCaptures;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job ({@code analyze --engine spark}) in local mode on two cores ({@code local[2]}), through the command
 * line: every fixture, the hostile corpus and the public captures give exactly {@code analyze --merge}'s JSON; rotated
 * pieces of captures ({@code editcap -c}) give the whole file's JSON, a connection and what connections tell each other
 * crossing files and parts; and the Parquet tables hold the report's records.
 */
class SparkJobTest {

    @TempDir
    static Path work;

    static SparkSession spark;

    @BeforeAll
    static void start() throws Exception {
        assertEquals(0, new ProcessBuilder("editcap", "-h").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start().waitFor(), "editcap (Debian package wireshark-common, installed with tshark by ./run-tests)");
        spark = SparkSession.builder().config(SparkAnalysis.conf("local[2]")).getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    static List<Path> captures() throws IOException {
        return TestCaptures.everyCapture();
    }

    @ParameterizedTest
    @MethodSource("captures")
    void theSparkJobGivesTheMergedAnalysisByteForByte(Path pcap) throws IOException {
        List<String> args = new ArrayList<>(keys(pcap));
        args.add(pcap.toString());
        String local = json("--merge", args);
        assertTrue(local.contains("\"tcpPackets\""), local);
        assertEquals(local, json("--engine=spark", args), pcap.toString());
    }

    /** Fixtures with connections that tell others what they need (a registry's stubs, naming, relay legs), cut up. */
    static List<Path> rotated() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path p : TestCaptures.fixtureCaptures()) {
            String s = p.toString();
            if (s.contains("/jrmp/") || s.contains("/giop/") || s.contains("/http/") || s.contains("/tls/")) out.add(p);
        }
        return out;
    }

    @ParameterizedTest
    @MethodSource("rotated")
    void rotatedPiecesGiveTheWholeFile(Path pcap) throws Exception {
        List<String> args = new ArrayList<>(keys(pcap));
        args.add(pcap.toString());
        String whole = withoutSource(json("--merge", args));
        long frames = TestCaptures.frames(pcap).size();
        for (long per : new long[]{(frames + 2) / 3, Math.max(5, (frames + 49) / 50)}) {
            if (per >= frames) continue;
            Path dir = TestCaptures.editcapPieces(pcap, per, work);
            List<String> pieces = new ArrayList<>(keys(pcap));
            pieces.add(dir.toString());
            assertEquals(whole, withoutSource(json("--engine=spark", pieces)), pcap + " in pieces of " + per + " frames");
        }
    }

    @Test
    void thousandsOfConnectionsInTwentyFilesGiveTheWholeFileAndParquet() throws Exception {
        List<SessionTemplate> templates = CaptureSynthesizer.templates(TestCaptures.repoRoot().resolve("fixtures"));
        Path big = work.resolve("synthetic.pcap");
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(templates,
                new CaptureSynthesizer.Options(new SynthesisTarget.Rounds(30), 0, 11, true), big, (p, t) -> { });
        List<String> keys = s.keyLog() == null ? List.of() : List.of("--tls-keylog", s.keyLog().toString());
        List<String> args = new ArrayList<>(keys);
        args.add(big.toString());
        String whole = withoutSource(json("--merge", args));
        long frames = TestCaptures.frames(big).size();
        assertTrue(frames > 20_000, frames + " frames");
        Path dir = TestCaptures.editcapPieces(big, (frames + 19) / 20, work);
        try (Stream<Path> f = Files.list(dir)) {
            assertEquals(20, f.count());
        }
        Path out = work.resolve("parquet");
        List<String> pieces = new ArrayList<>(keys);
        pieces.addAll(List.of("--out", out.toString(), dir.toString()));
        json("--engine=spark", pieces);
        String report;
        try (Stream<Path> f = Files.list(out)) {
            Path json = f.filter(p -> p.toString().endsWith(".json")).findFirst().orElseThrow();
            report = Files.readString(json);
        }
        assertEquals(whole, withoutSource(report), "20 rotated files");

        // The Parquet tables: a row per record of the report, and the figures the report has.
        Dataset<Row> connections = spark.read().parquet(out.resolve("connections.parquet").toString());
        Dataset<Row> messages = spark.read().parquet(out.resolve("messages.parquet").toString());
        Dataset<Row> invocations = spark.read().parquet(out.resolve("invocations.parquet").toString());
        assertEquals(count(report, "\"client\" :"), connections.count(), "connections");
        assertEquals(count(report, "\"dataLength\" :"), messages.count(), "messages");
        assertEquals(count(report, "\"requestFrame\" :"), invocations.count(), "invocations");
        long packets = connections.groupBy().sum("packets").first().getLong(0);
        assertEquals(number(report, "\"tcpPackets\" : (\\d+)"), packets, "the connections' packets are the capture's TCP packets");
        assertTrue(invocations.filter("latencyMs > 0").count() > 1000, "invocations with a latency");

        // With the table format too, the Parquet tables hold every record (the table itself lists only some messages).
        Path tableOut = work.resolve("parquet-table");
        List<String> table = new ArrayList<>(keys);
        table.addAll(List.of("--out", tableOut.toString(), dir.toString()));
        List<String> args2 = new ArrayList<>(List.of("analyze", "--engine", "spark", "--format", "table"));
        args2.addAll(table);
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(new StringWriter(), true));
        assertEquals(0, cl.execute(args2.toArray(String[]::new)));
        assertEquals(messages.count(), spark.read().parquet(tableOut.resolve("messages.parquet").toString()).count(), "messages, table format");
    }

    /**
     * A datagram in IPv4 fragments that rotated files cut apart: the registry lookup of a public capture (nDPI's
     * ndpi-jrmi.pcap, frame 9) sent as three fragments, the last first, in files of 5 frames (the fragments land in two
     * files). The Spark job and {@code analyze --merge} put it back together and decode the lookup as in one file.
     */
    @Test
    void fragmentsOfADatagramInTwoFilesAreOneSegment() throws Exception {
        List<io.wireanalyze.frame.Frame> real = TestCaptures.frames(TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap"));
        java.io.ByteArrayOutputStream file = new java.io.ByteArrayOutputStream();
        java.nio.ByteBuffer header = java.nio.ByteBuffer.allocate(24).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        header.putInt(0xa1b23c4d).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(65535).putInt(1);
        file.write(header.array());
        for (io.wireanalyze.frame.Frame f : real) {
            byte[] bytes = new byte[f.capturedLength()];
            f.bytes().duplicate().get(bytes);
            List<byte[]> frames = f.number() == 9 ? TestCaptures.ipv4Fragments(bytes, 24, 40, 0) : List.of(bytes);
            if (frames.size() == 3) frames = List.of(frames.get(2), frames.get(0), frames.get(1));
            for (byte[] b : frames) {
                java.nio.ByteBuffer r = java.nio.ByteBuffer.allocate(16).order(java.nio.ByteOrder.LITTLE_ENDIAN);
                r.putInt((int) (f.timestampNanos() / 1_000_000_000L)).putInt((int) (f.timestampNanos() % 1_000_000_000L))
                        .putInt(b.length).putInt(b.length);
                file.write(r.array());
                file.write(b);
            }
        }
        Path pcap = work.resolve("fragmented.pcap");
        Files.write(pcap, file.toByteArray());
        String whole = json("--merge", List.of(pcap.toString()));
        assertTrue(whole.contains("\"IPv4 fragments (reassembled; counted in the frame that completes them)\" : 2"), whole);
        assertTrue(whole.contains("\"name\" : \"MessengerService\""), "the lookup, decoded from the reassembled datagram");
        Path dir = TestCaptures.editcapPieces(pcap, 5, work);
        String expected = withoutSource(whole);
        assertEquals(expected, withoutSource(json("--merge", List.of(dir.toString()))), "analyze --merge of 5 files");
        assertEquals(expected, withoutSource(json("--engine=spark", List.of(dir.toString()))), "the Spark job on 5 files");
    }

    /**
     * Captures of one system made on several hosts overlap in time: every fixture of a registry, naming or relay, its
     * frames dealt to three files in turn (0, 1, 2, 0, ...), so that the pass over the headers goes from file to file at
     * every frame, and on equal times takes the file named first. The Spark job gives the whole file's JSON, as --merge.
     */
    @ParameterizedTest
    @MethodSource("rotated")
    void framesDealtToThreeFilesGiveTheWholeFile(Path pcap) throws Exception {
        // A pcapng may carry its TLS secrets, which the pcap files written here cannot: those are rotatedPieces' alone.
        if (!pcap.toString().endsWith(".pcap")) return;
        List<io.wireanalyze.frame.Frame> frames = TestCaptures.frames(pcap);
        Path dir = Files.createDirectories(work.resolve("dealt-" + pcap.getFileName()));
        List<List<io.wireanalyze.frame.Frame>> byFile = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (io.wireanalyze.frame.Frame f : frames) byFile.get((int) ((f.number() - 1) % 3)).add(f);
        for (int i = 0; i < 3; i++) TestCaptures.writePcap(byFile.get(i), dir.resolve("part-" + i + ".pcap"));
        List<String> args = new ArrayList<>(keys(pcap));
        args.add(pcap.toString());
        List<String> dealt = new ArrayList<>(keys(pcap));
        dealt.add(dir.toString());
        String merged = withoutSource(json("--merge", dealt));
        assertEquals(withoutSource(json("--merge", args)), merged, pcap + " dealt to 3 files, --merge");
        assertEquals(merged, withoutSource(json("--engine=spark", dealt)), pcap + " dealt to 3 files, the Spark job");
    }

    /** analyze's JSON (on standard output), as the command line writes it with these arguments. */
    private static String json(String engine, List<String> files) throws IOException {
        List<String> args = new ArrayList<>(List.of("analyze", engine, "--format", "json"));
        args.addAll(files);
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args.toArray(String[]::new));
        assertEquals(0, code, err.toString());
        return out.toString();
    }

    private static List<String> keys(Path pcap) {
        Path keys = TestCaptures.keyFileBeside(pcap);
        return keys == null ? List.of() : List.of("--tls-keylog", keys.toString());
    }

    /** The JSON without the lines that name the files (source) or where a file's reading stopped. */
    private static String withoutSource(String json) {
        return String.join("\n", json.lines().filter(l -> !l.strip().startsWith("\"source\"") && !l.strip().startsWith("\"stopReason\"")).toList()).strip();
    }

    private static long count(String s, String what) {
        long n = 0;
        for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
        return n;
    }

    private static long number(String s, String regex) {
        Matcher m = Pattern.compile(regex).matcher(s);
        assertTrue(m.find(), regex);
        return Long.parseLong(m.group(1));
    }
}
