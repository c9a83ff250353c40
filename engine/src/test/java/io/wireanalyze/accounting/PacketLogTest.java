package io.wireanalyze.accounting;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

class PacketLogTest {

    private static void fill(PacketLog log, int rows) {
        for (int i = 0; i < rows; i++) log.add(i + 1, 1000L * i, i, 1, i % 2 == 0, 0x18, 60 + i, i, i, -1, false);
    }

    /** An accounted connection's log comes back empty to the next connection, and reads as a new one. */
    @Test
    void aLogGivenBackIsTakenAgainEmpty() {
        PacketLog.Recycler logs = new PacketLog.Recycler();
        PacketLog first = logs.take();
        fill(first, 100);
        logs.give(first);
        PacketLog again = logs.take();
        assertSame(first, again);
        assertEquals(0, again.size());
        fill(again, 3);
        assertEquals(3, again.size());
        assertEquals(3, again.frame(2));
        assertEquals(62, again.wireLength(2));
        assertEquals(false, again.fromInitiator(1));
        assertNotSame(first, logs.take());   // none kept now
    }

    /** Rows read back as written across the chunks, the first grown by doubling and the others whole. */
    @Test
    void rowsAcrossChunksReadBackAsWritten() {
        PacketLog log = new PacketLog();
        int rows = 3 * PacketLog.CHUNK_ROWS + 5;
        fill(log, rows);
        assertEquals(rows, log.size());
        for (int i : new int[]{0, 7, 8, PacketLog.CHUNK_ROWS - 1, PacketLog.CHUNK_ROWS, 2 * PacketLog.CHUNK_ROWS + 1, rows - 1}) {
            assertEquals(i + 1, log.frame(i), "frame of row " + i);
            assertEquals(1000L * i, log.nanos(i), "time of row " + i);
            assertEquals(60 + i, log.wireLength(i), "wire length of row " + i);
            assertEquals(i % 2 == 0, log.fromInitiator(i), "direction of row " + i);
            assertEquals(0x18, log.flags(i), "flags of row " + i);
            assertEquals(i, log.payloadLength(i), "payload of row " + i);
        }
    }

    /**
     * Rows dropped from the front (accounted as the connection went): the rest read as rows from 0 on, across chunk
     * boundaries, rows added after them too; a log dropped to nothing, within a chunk or at its boundary, fills again; and
     * such a log given back reads as a new one.
     */
    @Test
    void rowsDroppedFromTheFrontLeaveTheRestInOrder() {
        PacketLog log = new PacketLog();
        fill(log, 5);
        log.dropFirst(2);
        assertEquals(3, log.size());
        assertEquals(3, log.frame(0));
        int next = 6;
        for (; next <= 2 * PacketLog.CHUNK_ROWS + 40; next++) log.add(next, 1000L * (next - 1), next - 1, 1, true, 0x10, 60, 0, 0, -1, false);
        log.dropFirst(PacketLog.CHUNK_ROWS + 7);   // past a chunk's end: its rows go
        assertEquals(next - 1 - 2 - PacketLog.CHUNK_ROWS - 7, log.size());
        for (int i = 0; i < log.size(); i++) assertEquals(3 + PacketLog.CHUNK_ROWS + 7 + i, log.frame(i), "frame of row " + i);
        log.dropFirst(log.size());
        assertEquals(0, log.size());
        log.add(1000, 5, 999, 1, false, 0x18, 70, 10, 0, 1, true);
        assertEquals(1000, log.frame(0));
        assertEquals(10, log.payloadLength(0));
        assertEquals(true, log.retransmission(0));

        PacketLog whole = new PacketLog();
        fill(whole, 2 * PacketLog.CHUNK_ROWS);
        whole.dropFirst(2 * PacketLog.CHUNK_ROWS);   // to a chunk's boundary: no chunk is left
        fill(whole, PacketLog.CHUNK_ROWS + 1);
        assertEquals(PacketLog.CHUNK_ROWS + 1, whole.frame(PacketLog.CHUNK_ROWS));
        PacketLog.Recycler logs = new PacketLog.Recycler();
        whole.dropFirst(PacketLog.CHUNK_ROWS);
        logs.give(whole);
        PacketLog again = logs.take();
        assertSame(whole, again);
        assertEquals(0, again.size());
        fill(again, 3);
        assertEquals(2, again.frame(1));
    }

    /**
     * A log of several chunks is kept with its first chunk only and reads as a new one; any log beyond the count kept is
     * let go; NONE keeps nothing.
     */
    @Test
    void bigLogsAreKeptSmallAndTooManyAreNotKept() {
        PacketLog.Recycler logs = new PacketLog.Recycler();
        PacketLog big = new PacketLog();
        fill(big, 2 * PacketLog.CHUNK_ROWS + 1);
        logs.give(big);
        PacketLog again = logs.take();
        assertSame(big, again);
        fill(again, PacketLog.CHUNK_ROWS + 2);
        assertEquals(PacketLog.CHUNK_ROWS + 2, again.frame(PacketLog.CHUNK_ROWS + 1));
        PacketLog[] many = new PacketLog[PacketLog.Recycler.KEPT + 1];
        for (int i = 0; i < many.length; i++) logs.give(many[i] = new PacketLog());
        for (int i = PacketLog.Recycler.KEPT - 1; i >= 0; i--) assertSame(many[i], logs.take());
        assertNotSame(many[PacketLog.Recycler.KEPT], logs.take());
        PacketLog one = new PacketLog();
        PacketLog.Recycler.NONE.give(one);
        assertNotSame(one, PacketLog.Recycler.NONE.take());
    }
}
