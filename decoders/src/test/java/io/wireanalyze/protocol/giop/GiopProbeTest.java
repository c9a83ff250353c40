package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.ProbeResult;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static io.wireanalyze.protocol.giop.GiopBytes.*;
import static org.junit.jupiter.api.Assertions.*;

/** The probe: the magic and a plausible header on either side, on any port; the message type tells the client. */
class GiopProbeTest {

    private final GiopProbe probe = new GiopProbe();
    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);

    private static ByteBuffer of(byte[] b) {
        return ByteBuffer.wrap(b);
    }

    private static ByteBuffer ascii(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Test
    void aRequestFromTheInitiatorMakesItTheClient() {
        assertEquals(ProbeResult.mine(true, false), probe.probe(of(REQUEST_12_FIRST), NOTHING, true, false));
        assertEquals(ProbeResult.mine(true, false), probe.probe(of(LOCATE_REQUEST_10_LE), of(LOCATE_REPLY_10_LE_FORWARD), true, false));
    }

    @Test
    void theMessageTypeTellsTheClientWhenOnlyOneSideWasCaptured() {
        assertEquals(ProbeResult.mine(false, false), probe.probe(of(REPLY_11_LE), NOTHING, false, false), "the initiator sent a reply");
        assertEquals(ProbeResult.mine(false, false), probe.probe(NOTHING, of(REQUEST_10_RESOLVE), false, false), "the responder sent a request");
        assertEquals(ProbeResult.mine(true, false), probe.probe(NOTHING, of(REPLY_12_VOID), false, false));
        assertEquals(ProbeResult.mine(true, false), probe.probe(of(CLOSE_CONNECTION_12), NOTHING, false, false), "no telling: the initiator");
        assertEquals(ProbeResult.mine(false, false), probe.probe(of(MESSAGE_ERROR_10), of(REQUEST_12_FIRST), false, false));
    }

    @Test
    void ziopIsGiop() {
        assertEquals(ProbeResult.Verdict.MINE, probe.probe(of(ZIOP_REQUEST), NOTHING, true, false).verdict());
    }

    @Test
    void waitsForTheWholeHeader() {
        assertEquals(ProbeResult.NEED_MORE, probe.probe(ascii("GI"), NOTHING, true, false));
        assertEquals(ProbeResult.NEED_MORE, probe.probe(ByteBuffer.wrap(REQUEST_12_FIRST, 0, 11), NOTHING, true, false));
        assertEquals(ProbeResult.NEED_MORE, probe.probe(NOTHING, NOTHING, true, false));
        assertEquals(ProbeResult.NOT_MINE, probe.probe(ascii("GIOP"), NOTHING, true, true), "the capture ended");
    }

    @Test
    void aHeaderWhoseSizeIsOverAnyLimitIsStillGiop() {
        // The session reports the size against the analysis' limit; the probe does not judge it (issue #8).
        byte[] huge = REQUEST_12_FIRST.clone();
        huge[8] = (byte) 0xff;
        assertEquals(ProbeResult.mine(true, false), probe.probe(of(huge), NOTHING, true, false));
    }

    @Test
    void implausibleHeadersAndOtherProtocolsAreNotMine() {
        byte[] v13 = REQUEST_12_FIRST.clone();
        v13[5] = 3;
        assertEquals(ProbeResult.NOT_MINE, probe.probe(of(v13), NOTHING, true, false));
        byte[] type9 = REQUEST_12_FIRST.clone();
        type9[7] = 9;
        assertEquals(ProbeResult.NOT_MINE, probe.probe(of(type9), NOTHING, true, false));
        assertEquals(ProbeResult.NOT_MINE, probe.probe(ascii("JRMI\u0000\u0002K"), NOTHING, true, false));
        assertEquals(ProbeResult.NOT_MINE, probe.probe(ascii("GET / HTTP/1.1\r\n"), NOTHING, true, false));
        assertEquals(ProbeResult.NOT_MINE, probe.probe(NOTHING, ascii("220 smtp ready\r\n"), true, false), "servers do not speak first");
    }

    @Test
    void joinedMidConnectionEitherSideMayStillShowTheMagic() {
        assertEquals(ProbeResult.NEED_MORE, probe.probe(ascii("tail of a body"), NOTHING, false, false));
        assertEquals(ProbeResult.mine(true, false), probe.probe(ascii("tail of a body"), of(REPLY_12_VOID), false, false));
        assertEquals(ProbeResult.NOT_MINE, probe.probe(ascii("tail of a body"), ascii("more tail"), false, false));
    }
}
