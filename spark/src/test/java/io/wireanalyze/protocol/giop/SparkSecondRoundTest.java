package io.wireanalyze.protocol.giop;

import io.wireanalyze.cli.WireAnalyze;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.spark.SparkAnalysis;
import io.wireanalyze.testing.TcpFrames;
import io.wireanalyze.testing.TestCaptures;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.wireanalyze.protocol.giop.GiopBytes.REPLY_12_FORWARD;
import static io.wireanalyze.protocol.giop.GiopBytes.REQUEST_12_BOOTSTRAP;
import static io.wireanalyze.protocol.giop.GiopBytes.REQUEST_12_RESOLVE_STR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Spark job's second round: a naming context handed out on one connection (the bootstrap's LOCATION_FORWARD) makes
 * a {@code resolve_str} to it on another connection naming traffic, which that connection's part cannot know alone;
 * the facts settled after the first round send the parts round again, reading the shuffle's files a second time (the
 * packets are not kept in Spark's storage). The two connections are in two files. The GIOP bytes are
 * {@link GiopBytes}', the TCP around them made up ({@link TcpFrames}), as in the engine's
 * {@code GiopNamingAcrossConnectionsTest}.
 */
class SparkSecondRoundTest {

    @TempDir
    static Path work;

    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().config(SparkAnalysis.conf("local[2]")).getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    @Test
    void factsSettledOnOnePartSendTheOthersRoundAgain() throws IOException {
        TcpFrames t = new TcpFrames();
        TcpFrames.Connection bootstrap = t.connection(40000, 900).open();
        bootstrap.request(REQUEST_12_BOOTSTRAP).reply(REPLY_12_FORWARD).close();
        t.connection(40001, 1050).open().request(REQUEST_12_RESOLVE_STR).close();
        List<Frame> frames = t.frames();
        int half = frames.size() / 2;
        Path dir = Files.createDirectories(work.resolve("pieces"));
        TestCaptures.writePcap(frames.subList(0, half), dir.resolve("a.pcap"));
        TestCaptures.writePcap(frames.subList(half, frames.size()), dir.resolve("b.pcap"));

        String[] merged = analyze("--merge", dir), onSpark = analyze("--engine=spark", dir);
        assertTrue(merged[0].contains("\"name\" : \"BenchService\""), merged[0]);
        assertTrue(merged[0].contains("\"phase\" : \"naming\""), "the resolve is naming traffic:\n" + merged[0]);
        assertEquals(merged[0], onSpark[0]);
        assertTrue(onSpark[1].contains("round 2"), "the parts ran a second round:\n" + onSpark[1]);
    }

    /** analyze's JSON and what it said on standard error. */
    private static String[] analyze(String engine, Path dir) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        var cl = WireAnalyze.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute("analyze", engine, "--format", "json", dir.toString());
        assertEquals(0, code, err.toString());
        return new String[]{out.toString(), err.toString()};
    }
}
