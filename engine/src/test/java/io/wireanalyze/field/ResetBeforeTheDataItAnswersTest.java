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
 * before its chunk, the RST used to end the connection at once: the chunk that follows resumed the HTTP response given
 * up at that end, which then "ended" before the bytes it was given ("http decoder consumed 164 of 7 bytes at stream
 * offset 157", an IllegalStateException out of the analysis); mended, the chunk was decoded afresh as unparsed. Now an
 * RST ends the connection's directions when the connection is done (a second of capture time later, a new SYN on its
 * 4-tuple, or the capture's end): the chunk completes its response, and every packet has the phase it has in the file's
 * order.
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
        // Every call is found, and every packet is where the capture in order puts it: the responses are whole.
        assertEquals(3, r.invocations().size());
        assertEquals(0, r.phase(Phase.UNPARSED).packets(), r.phases().toString());
        for (Phase p : Phase.values()) {   // packets and bytes (a packet's elapsed time is since the file's previous one)
            assertEquals(clean.phase(p).packets(), r.phase(p).packets(), p.label());
            assertEquals(clean.phase(p).wireBytes(), r.phase(p).wireBytes(), p.label());
        }
        assertEquals(clean.invocations().stream().map(i -> i.method() + " " + i.packets() + " " + i.replyBytes()).toList(),
                r.invocations().stream().map(i -> i.method() + " " + i.packets() + " " + i.replyBytes()).toList());
    }
}
