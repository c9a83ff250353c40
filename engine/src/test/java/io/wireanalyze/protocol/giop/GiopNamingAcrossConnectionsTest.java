package io.wireanalyze.protocol.giop;

import io.wireanalyze.testing.Analyses;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.TcpFrames;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static io.wireanalyze.protocol.giop.GiopBytes.REPLY_12_FORWARD;
import static io.wireanalyze.protocol.giop.GiopBytes.REQUEST_12_BOOTSTRAP;
import static io.wireanalyze.protocol.giop.GiopBytes.REQUEST_12_RESOLVE_STR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A naming context handed out on one connection makes a request to it naming traffic on another, whose key says
 * nothing by itself: the bootstrap's LOCATION_FORWARD to key afabcafe00000001 (at 127.0.0.1:1050) on one connection,
 * a {@code resolve_str} to that key on the next. Connections are decoded apart: the second one asks the capture's
 * facts, gets no answer in the first round, and the analysis reads the capture a second time with the facts settled.
 * The GIOP bytes are {@link GiopBytes}', field by field; the TCP around them is made up ({@link TcpFrames}).
 */
class GiopNamingAcrossConnectionsTest {

    private static final AnalysisOptions OPTIONS = AnalysisOptions.defaults();

    private static List<Frame> capture(boolean forwardFirst) {
        TcpFrames t = new TcpFrames();
        TcpFrames.Connection bootstrap = t.connection(40000, 900).open();
        TcpFrames.Connection naming = t.connection(40001, 1050);
        if (forwardFirst) {
            bootstrap.request(REQUEST_12_BOOTSTRAP).reply(REPLY_12_FORWARD).close();
            naming.open().request(REQUEST_12_RESOLVE_STR).close();
        } else {
            naming.open().request(REQUEST_12_RESOLVE_STR).close();
            bootstrap.request(REQUEST_12_BOOTSTRAP).reply(REPLY_12_FORWARD).close();
        }
        return t.frames();
    }

    private static MessageRecord resolve(AnalysisResult r) {
        return r.messages().stream().filter(m -> "resolve_str".equals(m.message().info().method())).findFirst().orElseThrow();
    }

    @Test
    void aNamingContextHandedOutOnOneConnectionMakesRequestsToItNamingOnAnother() throws IOException {
        List<Frame> frames = capture(true);
        AnalysisResult r = Analyses.analyze(frames, OPTIONS);
        MessageRecord q = resolve(r);
        assertEquals(2, q.connection());
        assertEquals(Phase.NAMING, q.message().phase());
        assertEquals("BenchService", q.message().info().name());
        assertEquals(0, r.invocations().size(), "a naming request is no invocation");

        // Decoded alone, the second connection could not know: the first round asks for another.
        Analyzer once = new Analyzer(OPTIONS);
        for (Frame f : frames) once.accept(f);
        AnalysisResult first = once.finish("capture", null);
        assertNotNull(once.anotherRound());
        assertEquals(Phase.INVOCATION, resolve(first).message().phase());

        // The same with workers: the same result.
        assertEquals(r, Analyses.analyze(frames, OPTIONS.withWorkers(2)));
    }

    @Test
    void aNamingContextHandedOutLaterDoesNotCountForAnEarlierRequest() throws IOException {
        List<Frame> frames = capture(false);
        AnalysisResult r = Analyses.analyze(frames, OPTIONS);
        MessageRecord q = resolve(r);
        assertEquals(2, q.connection());
        assertEquals(Phase.INVOCATION, q.message().phase());
        assertNull(q.message().info().name());
        assertEquals(1, r.invocations().size());

        Analyzer once = new Analyzer(OPTIONS);
        for (Frame f : frames) once.accept(f);
        once.finish("capture", null);
        assertNull(once.anotherRound(), "the fact came after the question: nothing to read again for");
    }
}
