package io.wireanalyze.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 6: the whole analysis, {@link Analyzer} fed frames built from the fuzz bytes, then {@code finish}.
 *
 * <p>Input layout: a control byte (bits 0-1: the link type, {@link #LINKS}; bits 2-3: the limits, see
 * {@link FuzzLimits#of}), then frames until the input ends, each a big-endian s32 timestamp step in microseconds
 * (negative steps back, as merged captures do), a big-endian u16 captured length, and that many bytes (cut to what
 * the input holds).
 *
 * <p>Properties: nothing is thrown; every frame is counted once, as TCP or as another kind; the phases' packets
 * add up to the TCP packets, and so do the connections' packets; the phases' and the connections' wire and
 * payload bytes agree; no phase has negative elapsed time; one packet row per TCP packet; the phases' elapsed
 * times add up to the forward movement of the clock from packet to packet.
 */
class AnalyzerFuzzTest {

    static final LinkType[] LINKS = {LinkType.ETHERNET, LinkType.RAW, LinkType.LINUX_SLL, LinkType.NULL};
    static final long START_NANOS = 1_700_000_000_000_000_000L;

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void frames(byte[] data) throws java.io.IOException {
        FuzzInput in = new FuzzInput(data);
        int control = in.u8();
        LinkType link = LINKS[control & 3];
        AnalysisOptions options = new AnalysisOptions(FuzzLimits.of(control >>> 2), Map.of(), AnalysisOptions.DEFAULT_MARKER, true);
        long nanos = START_NANOS;
        java.util.List<Frame> built = new java.util.ArrayList<>();
        while (!in.atEnd()) {
            nanos += in.s32() * 1000L;
            int n = Math.min(in.u16(), in.remaining());
            int at = in.take(n);
            ByteBuffer bytes = ByteBuffer.wrap(in.array(), at, n).slice().asReadOnlyBuffer();
            built.add(new Frame(built.size() + 1, nanos, link, bytes, n));
        }
        long frames = built.size();
        AnalysisResult r = Analyzer.analyze(io.wireanalyze.testing.TestCaptures.source("fuzz", built), options);
        AnalysisResult.CaptureInfo c = r.capture();
        String where = frames + " frames: " + c;
        assertEquals(frames, c.frames(), where);
        long other = c.otherFrames().values().stream().mapToLong(Long::longValue).sum();
        assertEquals(frames, c.tcpPackets() + other, "frames counted as TCP and as others: " + where);
        long phasePackets = 0, phaseWire = 0, phasePayload = 0;
        for (AnalysisResult.PhaseStats p : r.phases().values()) {
            phasePackets += p.packets();
            phaseWire += p.wireBytes();
            phasePayload += p.payloadBytes();
            assertTrue(p.elapsedMs() >= 0 && p.packets() >= 0, "phase " + p + ": " + where);
        }
        assertEquals(c.tcpPackets(), phasePackets, "the phases' packets do not add up to the TCP packets: " + where);
        long connPackets = 0, connWire = 0, connPayload = 0;
        for (AnalysisResult.ConnectionStats s : r.connections()) {
            connPackets += s.packets();
            connWire += s.wireBytes();
            connPayload += s.payloadBytes();
            assertEquals(s.payloadBytes(), s.c2sPayloadBytes() + s.s2cPayloadBytes(), "connection " + s + ": " + where);
        }
        assertEquals(c.tcpPackets(), connPackets, "the connections' packets do not add up to the TCP packets: " + where);
        assertEquals(connWire, phaseWire, "wire bytes: " + where);
        assertEquals(connPayload, phasePayload, "payload bytes: " + where);
        assertEquals(c.tcpPackets(), r.packets().size(), "packet rows: " + where);
        double forward = 0, elapsed = 0;                           // conservation of time, as ConservationTest
        for (int i = 1; i < r.packets().size(); i++) forward += Math.max(0, r.packets().get(i).timeMs() - r.packets().get(i - 1).timeMs());
        for (AnalysisResult.PhaseStats p : r.phases().values()) elapsed += p.elapsedMs();
        assertEquals(forward, elapsed, 1e-6 * Math.max(1, forward), "the phases' elapsed times do not add up to the clock's forward movement: " + where);
        assertEquals(c.tcpPackets(), r.summary().packets(), "summary packets: " + where);
    }
}
