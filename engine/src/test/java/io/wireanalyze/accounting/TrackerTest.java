package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.frame.TcpSegment;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.*;

/**
 * The tracker's copy check remembers a flow only while a copy of its packets could still come: its memory follows the
 * flows of the last {@link Tracker#FLOW_MEMORY_NANOS} of capture time, not every flow of the capture. Copies are
 * still found within {@link PacketCopies#WINDOW_NANOS}, across other flows' traffic.
 */
class TrackerTest {

    private static final Endpoint SERVER = Endpoint.ipv4(0xC6120001, 1099);   // 198.18.0.1

    private static long frames;

    /** A SYN from client port {@code port} of 198.18.0.2, with IPv4 identification {@code id}, at {@code nanos}. */
    private static TcpSegment syn(int port, long id, long nanos, int iface) {
        Frame f = new Frame(++frames, nanos, LinkType.ETHERNET, LinkType.ETHERNET.number(), ByteBuffer.allocate(0), 60, iface);
        return new TcpSegment(f, Endpoint.ipv4(0xC6120002, port), SERVER, 1000, 0, TcpSegment.SYN, 65535,
                ByteBuffer.allocate(0), 0, id);
    }

    @Test
    void remembersOnlyTheFlowsOfTheLastFewSeconds() {
        Tracker t = new Tracker();
        long ms = 1_000_000L;
        for (int i = 0; i < 10_000; i++) {   // one new flow a millisecond, for 10 s
            long at = i * ms;
            t.frame(at);
            assertEquals(i, t.tcp(syn(10_000 + i % 50_000, 1 + i, at, 0), at));
        }
        // The latest packet is at 9.999 s: the flows whose packet came at 4.999 s or later are still remembered.
        assertEquals(5001, t.flowsRemembered());
        assertEquals(10_000, t.tcpPackets());
    }

    @Test
    void findsACopyWithinTheWindowAcrossOtherFlows() {
        Tracker t = new Tracker();
        long ms = 1_000_000L;
        t.frame(0);
        assertEquals(0, t.tcp(syn(40_000, 7, 0, 0), 0));
        for (int i = 1; i <= 900; i++) {   // 900 other flows in 0.9 s
            t.frame(i * ms);
            assertEquals(i, t.tcp(syn(20_000 + i, 100 + i, i * ms, 0), i * ms));
        }
        long copyAt = 950 * ms;   // the first SYN again, on a second interface
        t.frame(copyAt);
        assertEquals(-1, t.tcp(syn(40_000, 7, copyAt, 1), copyAt));
        assertEquals(1L, t.otherFrames().get(Tracker.OTHER_INTERFACE));
        long lateAt = 2_100 * ms;   // the same packet 2.1 s after its first sending: a sending of its own
        t.frame(lateAt);
        assertEquals(901, t.tcp(syn(40_000, 7, lateAt, 1), lateAt));
        assertEquals(902, t.tcpPackets());
    }

    @Test
    void aForgottenFlowsRingServesANewFlowEmpty() {
        Tracker t = new Tracker();
        long ms = 1_000_000L;
        t.frame(0);
        assertEquals(0, t.tcp(syn(30_000, 7, 0, 0), 0));
        t.frame(5_500 * ms);   // another flow 5.5 s later: the first is forgotten, its ring kept for a new flow
        assertEquals(1, t.tcp(syn(30_001, 8, 5_500 * ms, 0), 5_500 * ms));
        assertEquals(1, t.flowsRemembered());
        // A new flow's packet equal to the forgotten flow's, dated just after it (the file's clock stepped back): a
        // sending of its own, not a copy of what the ring held for the flow before.
        t.frame(ms);
        assertEquals(2, t.tcp(syn(30_002, 7, ms, 0), ms));
        assertEquals(2, t.flowsRemembered());
    }
}
