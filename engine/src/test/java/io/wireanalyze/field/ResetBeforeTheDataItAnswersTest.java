package io.wireanalyze.field;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.testing.Analyses;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * An RST captured before the data it answers (issue 23, defect 5; found by {@link ReorderedCapturesTest}'s swaps before
 * resets were kept in place). In hessian/hessian1-stream.pcap the client closes after the reply's {@code z}, Jetty
 * sends the last chunk (7 bytes, frames 24 and 26) and the client answers it with an RST (25, 27). With each RST put
 * before its chunk, the RST ends the connection; the chunk that follows used to resume the HTTP response given up at
 * that end, which then "ended" before the bytes it was given: "http decoder consumed 164 of 7 bytes at stream offset
 * 157", an IllegalStateException out of the analysis. Now those 7 bytes are decoded afresh (unparsed: not a message
 * start) and every packet is accounted.
 */
class ResetBeforeTheDataItAnswersTest {

    @Test
    void aChunkCapturedAfterTheResetItCausedIsAccountedNotACrash() throws Exception {
        List<Frame> frames = TestCaptures.frames(TestCaptures.fixture("hessian/hessian1-stream.pcap"));
        AnalysisOptions options = AnalysisOptions.defaults().withKeepPackets(true);
        AnalysisResult clean = Analyses.analyze(frames, options);
        List<Frame> swapped = new ArrayList<>(frames);
        for (int chunk : new int[]{24, 26}) {   // frame numbers: the chunk, then its RST
            Frame data = swapped.get(chunk - 1), reset = swapped.get(chunk);
            swapped.set(chunk - 1, reset);
            swapped.set(chunk, data);
        }
        List<Frame> renumbered = new ArrayList<>();
        for (Frame f : swapped)
            renumbered.add(new Frame(renumbered.size() + 1, f.timestampNanos(), f.link(), f.rawLinkType(), f.bytes().duplicate(),
                    f.originalLength(), f.interfaceIndex()));
        AnalysisResult r = Analyses.analyze(renumbered, options);
        assertEquals(clean.capture().tcpPackets(), r.capture().tcpPackets());
        long accounted = r.phases().values().stream().mapToLong(AnalysisResult.PhaseStats::packets).sum();
        assertEquals(clean.capture().tcpPackets(), accounted);
        // Every call is still found; the responses given up at the resets are unparsed (the RST ends the connection at
        // once: a chunk captured after the reset it caused cannot complete its response), but nothing is lost.
        assertEquals(3, r.invocations().size());
        assertEquals(clean.phase(Phase.TCP_SETUP), r.phase(Phase.TCP_SETUP));
        assertEquals(0, clean.phase(Phase.UNPARSED).packets());
        assertTrue(r.phase(Phase.UNPARSED).packets() > 0, r.phases().toString());
    }
}
