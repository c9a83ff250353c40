package io.wireanalyze.tcp;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

class StreamReassemblerTest {

    /** Records what the reassembler delivers: "offset:text" for data, "gap offset+length" for gaps. */
    private static final class Recorder implements StreamListener {
        final List<String> events = new ArrayList<>();
        final StringBuilder stream = new StringBuilder();

        @Override
        public void data(long offset, ByteBuffer bytes) {
            String s = StandardCharsets.US_ASCII.decode(bytes.duplicate()).toString();
            events.add(offset + ":" + s);
            stream.append(s);
        }

        @Override
        public void gap(long offset, long length) {
            events.add("gap " + offset + "+" + length);
            stream.append("~".repeat((int) length));
        }
    }

    private static ByteBuffer b(String s) {
        return ByteBuffer.wrap(s.getBytes(StandardCharsets.US_ASCII));
    }

    private final Recorder out = new Recorder();

    private StreamReassembler.Placement send(StreamReassembler r, long seq, String s) {
        return r.accept(seq, b(s), s.length(), false, out);
    }

    @Test
    void deliversInOrderSegmentsAfterTheSyn() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(999);
        var p = send(r, 1000, "abc");
        send(r, 1003, "def");
        assertEquals(List.of("0:abc", "3:def"), out.events);
        assertEquals(new StreamReassembler.Placement(0, 3, false), p);
    }

    @Test
    void deliversARetransmissionOnceAndSaysSo() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        send(r, 1, "abc");
        var again = send(r, 1, "abc");
        assertEquals(new StreamReassembler.Placement(0, 0, true), again);
        assertEquals("abc", out.stream.toString());
    }

    @Test
    void holdsOutOfOrderSegmentsUntilTheHoleIsFilled() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        send(r, 4, "def");
        assertEquals(List.of(), out.events);
        send(r, 1, "abc");
        assertEquals(List.of("0:abc", "3:def"), out.events);
    }

    @Test
    void aRetransmissionOfBytesWaitingBehindAHoleIsOne() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        var first = send(r, 4, "def");      // "abc" is still to come
        var again = send(r, 4, "def");      // the sender's retransmission, captured before the hole is filled
        var partly = send(r, 6, "fgh");     // one byte waits already, two are new
        assertEquals(new StreamReassembler.Placement(3, 3, false), first);
        assertEquals(new StreamReassembler.Placement(3, 0, true), again);
        assertEquals(new StreamReassembler.Placement(5, 2, true), partly);
        send(r, 1, "abc");
        assertEquals("abcdefgh", out.stream.toString());
    }

    @Test
    void overlappingCopiesKeepTheFirstAndDeliverOnlyTheNewPart() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        send(r, 1, "abcd");
        var p = send(r, 3, "XXef");   // overlaps "cd" with different bytes: the first copy wins
        assertEquals("abcdef", out.stream.toString());
        assertEquals(2, p.newBytes());
        assertTrue(p.retransmission());
    }

    @Test
    void givesUpAHoleAsAGapWhenTooMuchWaits() {
        StreamReassembler r = new StreamReassembler(4);
        r.syn(0);
        send(r, 1, "ab");
        send(r, 6, "fghij");   // 3 bytes missing before it; 5 bytes waiting > 4
        assertEquals(List.of("0:ab", "gap 2+3", "5:fghij"), out.events);
        assertEquals(3, r.gapBytes());
    }

    @Test
    void flushDeliversWhatWaitsWithItsHoles() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        send(r, 1, "ab");
        send(r, 10, "xy");
        r.flush(out);
        assertEquals(List.of("0:ab", "gap 2+7", "9:xy"), out.events);
    }

    @Test
    void aCaptureJoinedMidConnectionStartsAtTheFirstByteSeen() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        send(r, 123_456, "hello");
        assertEquals(List.of("0:hello"), out.events);
        assertEquals(5, r.offsetOf(123_461));
    }

    @Test
    void sequenceNumbersWrapAround() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0xffff_fffdL);   // stream starts at 0xfffffffe
        send(r, 0xffff_fffeL, "ab");
        send(r, 0, "cd");       // wrapped
        assertEquals(List.of("0:ab", "2:cd"), out.events);
        assertEquals(4, r.offsetOf(2));
    }

    @Test
    void aSegmentCutByTheSnaplenLeavesAGapForWhatWasNotCaptured() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        r.accept(1, b("abc"), 10, false, out);   // 10 bytes on the wire, 3 captured
        send(r, 11, "k");
        assertEquals(List.of("0:abc", "gap 3+7", "10:k"), out.events);
    }

    @Test
    void theFinIsPlacedAfterTheLastByte() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        r.accept(1, b("abc"), 3, true, out);
        assertEquals(3, r.finOffset());
    }
}
