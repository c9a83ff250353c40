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

    /** A log grown past the rows kept, and any log beyond the count kept, is let go; NONE keeps nothing. */
    @Test
    void bigLogsAndTooManyAreNotKept() {
        PacketLog.Recycler logs = new PacketLog.Recycler();
        PacketLog big = new PacketLog();
        fill(big, PacketLog.Recycler.KEPT_ROWS + 1);
        logs.give(big);
        assertNotSame(big, logs.take());
        PacketLog[] many = new PacketLog[PacketLog.Recycler.KEPT + 1];
        for (int i = 0; i < many.length; i++) logs.give(many[i] = new PacketLog());
        for (int i = PacketLog.Recycler.KEPT - 1; i >= 0; i--) assertSame(many[i], logs.take());
        assertNotSame(many[PacketLog.Recycler.KEPT], logs.take());
        PacketLog one = new PacketLog();
        PacketLog.Recycler.NONE.give(one);
        assertNotSame(one, PacketLog.Recycler.NONE.take());
    }
}
