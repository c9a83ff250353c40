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
        assertEquals(2, again.indexOf(3));
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
        assertEquals(PacketLog.CHUNK_ROWS + 10, log.indexOf(PacketLog.CHUNK_ROWS + 11));
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
