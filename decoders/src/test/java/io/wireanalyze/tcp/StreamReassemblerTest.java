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

    /** Where a segment landed: what {@link StreamReassembler#accept} returns and then tells. */
    private record Placed(long offset, int newBytes, boolean retransmission) {
    }

    private Placed send(StreamReassembler r, long seq, String s) {
        long offset = r.accept(seq, b(s), s.length(), false, out);
        return new Placed(offset, r.newBytes(), r.retransmission());
    }

    @Test
    void deliversInOrderSegmentsAfterTheSyn() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(999);
        var p = send(r, 1000, "abc");
        send(r, 1003, "def");
        assertEquals(List.of("0:abc", "3:def"), out.events);
        assertEquals(new Placed(0, 3, false), p);
    }

    @Test
    void aRetransmittedCopyThatDiffersCountsItsDifferingBytesAgainstTheLatestDelivered() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        // 20 pieces of 10 bytes (more than the 8 the kept pieces start with), "aaaaaaaaaa", "bbbbbbbbbb", ...
        for (int i = 0; i < 20; i++) send(r, 1 + 10L * i, String.valueOf((char) ('a' + i)).repeat(10));
        send(r, 1 + 5, "aaaaaXXbbb");                 // straddles pieces 0 and 1: two bytes differ
        assertEquals(2, r.conflictingBytes());
        send(r, 1 + 95, "jjjjj" + "kkkkkkkkkk" + "lllll"); // three pieces, the same bytes
        assertEquals(2, r.conflictingBytes());
        send(r, 1 + 199, "Z");                        // the last byte of the last piece
        assertEquals(3, r.conflictingBytes());
        send(r, 1 + 0, "A");                          // the first byte of the first piece
        assertEquals(4, r.conflictingBytes());
        assertEquals(String.join("", java.util.stream.IntStream.range(0, 20)
                .mapToObj(i -> String.valueOf((char) ('a' + i)).repeat(10)).toList()), out.stream.toString());
    }

    @Test
    void aRetransmittedCopyIsComparedAcrossTheEndOfTheRingOfRecentBytesWhichGoesBackToThePoolOnRelease() {
        BufferPool pool = new BufferPool(16 << 20);
        StreamReassembler r = new StreamReassembler(1 << 20, 10_000_000_000L, pool);
        r.syn(0);
        int piece = 300_000;
        // Four pieces of 300,000 bytes. The ring grows to 512 KiB for the first, then to 1 MiB (the 512 KiB one goes to
        // the pool); with the fourth the first is dropped (more than a mebibyte) and the fourth, from index 900,000,
        // wraps round the ring's end at 148,576 bytes.
        for (int i = 0; i < 4; i++) send(r, 1 + (long) piece * i, String.valueOf((char) ('a' + i)).repeat(piece));
        assertEquals(0, r.conflictingBytes());
        String fourth = "d".repeat(piece);
        send(r, 1 + 3L * piece, fourth);                                   // the same bytes, across the wrap
        assertEquals(0, r.conflictingBytes());
        char[] changed = fourth.toCharArray();
        changed[100] = 'X';                                                // before the wrap
        changed[200_000] = 'Y';                                            // after it
        send(r, 1 + 3L * piece, new String(changed));
        assertEquals(2, r.conflictingBytes());
        send(r, 1 + 10, "XX");                                             // the first piece: no longer kept
        assertEquals(2, r.conflictingBytes());
        send(r, 1 + piece + 5, "bbXb");                                    // the second: kept
        assertEquals(3, r.conflictingBytes());
        assertEquals(512 << 10, pool.pooledBytes());
        r.release();
        assertEquals((512 << 10) + (1 << 20), pool.pooledBytes());
    }

    @Test
    void bytesThePeerAcknowledgedAreNoLongerComparedAndAnIdleDirectionsRingGoesBackToThePool() {
        BufferPool pool = new BufferPool(16 << 20);
        StreamReassembler r = new StreamReassembler(1 << 20, 10_000_000_000L, pool);
        r.syn(0);
        send(r, 1, "aaaa");
        send(r, 5, "bbbb");
        r.acknowledged(4, 0, out);                  // the first piece only
        var copy = send(r, 1, "aXaa");               // a copy of acknowledged bytes: a retransmission, not compared
        assertEquals(new Placed(0, 0, true), copy);
        assertEquals(0, r.conflictingBytes());
        send(r, 5, "bXbb");                          // not acknowledged yet: compared
        assertEquals(1, r.conflictingBytes());
        assertEquals(0, pool.pooledBytes());
        r.acknowledged(6, 0, out);                   // part of the second piece: it is kept whole
        send(r, 7, "XX");
        assertEquals(3, r.conflictingBytes());
        r.acknowledged(8, 0, out);                   // everything: the ring goes back to the pool
        assertEquals(BufferPool.MIN, pool.pooledBytes());
        send(r, 5, "XXXX");
        assertEquals(3, r.conflictingBytes());
        send(r, 9, "cccc");                          // new bytes take a ring again, and are compared
        assertEquals(0, pool.pooledBytes());
        send(r, 9, "ccXc");
        assertEquals(4, r.conflictingBytes());
        assertEquals("aaaabbbbcccc", out.stream.toString());
        assertEquals(List.of(), out.events.stream().filter(e -> e.startsWith("gap")).toList());
    }

    @Test
    void onlyTheLatestMegabyteDeliveredIsComparedWith() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        int piece = 1000, pieces = (StreamReassembler.RECENT_BYTES / piece) + 50;   // 1,098 pieces: the first 50 dropped
        for (int i = 0; i < pieces; i++) r.accept(1 + (long) piece * i, ByteBuffer.wrap(new byte[piece]), piece, false, out);
        // A differing copy of the first piece is compared with nothing: it is no longer kept.
        r.accept(1, ByteBuffer.wrap(new byte[piece]).put(0, (byte) 1), piece, false, out);
        assertEquals(0, r.conflictingBytes());
        // Piece 49 is gone too; piece 50, the oldest kept (1,048 pieces of 1,000 bytes <= 1 MiB), is compared.
        r.accept(1 + 49L * piece, ByteBuffer.wrap(new byte[piece]).put(999, (byte) 1), piece, false, out);
        assertEquals(0, r.conflictingBytes());
        r.accept(1 + 50L * piece, ByteBuffer.wrap(new byte[piece]).put(0, (byte) 1).put(999, (byte) 1), piece, false, out);
        assertEquals(2, r.conflictingBytes());
        // One piece larger than the megabyte is kept on its own, and compared with.
        long at = 1 + (long) piece * pieces;
        int big = StreamReassembler.RECENT_BYTES + 10;
        r.accept(at, ByteBuffer.wrap(new byte[big]), big, false, out);
        r.accept(1 + (long) piece * (pieces - 1), ByteBuffer.wrap(new byte[piece]).put(0, (byte) 1), piece, false, out);
        assertEquals(2, r.conflictingBytes());
        r.accept(at + big - 3, ByteBuffer.wrap(new byte[]{1, 1, 0}), 3, false, out);
        assertEquals(4, r.conflictingBytes());
    }

    @Test
    void deliversARetransmissionOnceAndSaysSo() {
        StreamReassembler r = new StreamReassembler(1 << 20);
        r.syn(0);
        send(r, 1, "abc");
        var again = send(r, 1, "abc");
        assertEquals(new Placed(0, 0, true), again);
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
        assertEquals(new Placed(3, 3, false), first);
        assertEquals(new Placed(3, 0, true), again);
        assertEquals(new Placed(5, 2, true), partly);
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
