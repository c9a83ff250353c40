package io.wireanalyze.protocol;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reads of shared state noted by workers, and changes in turn judged against them. */
class CaptureOrderTest {

    /** A worker whose work in hand has the number {@code now}. */
    private static class Worker extends Thread implements CaptureOrder.Turns {
        long now;

        @Override
        public void awaitTurn() {
        }

        @Override
        public long current() {
            return now;
        }
    }

    /** Runs {@code body} on a worker at each number in turn; what it throws comes back. */
    private static Throwable onWorker(Runnable body) throws InterruptedException {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Worker w = new Worker() {
            @Override
            public void run() {
                try {
                    body.run();
                } catch (Throwable t) {
                    thrown.set(t);
                }
            }
        };
        w.start();
        w.join();
        return thrown.get();
    }

    @Test
    void aChangeBeforeAReadLaterInCaptureOrderIsAConflict() throws InterruptedException {
        CaptureOrder.Table<String> reads = CaptureOrder.Table.shared("remote object");
        Throwable t = onWorker(() -> {
            Worker w = (Worker) Thread.currentThread();
            w.now = 40;
            assertTrue(reads.note("[0:0:0, 2]"));
            w.now = 12;   // another worker, behind, changes what work 40 read
            reads.changed("[0:0:0, 2]");
        });
        CaptureOrder.Conflict c = assertInstanceOf(t);
        assertEquals("remote object [0:0:0, 2] changed by work number 12 after work number 40 had read it on another thread", c.getMessage());
    }

    @Test
    void aChangeAfterEveryReadOfItsKeyIsNone() throws InterruptedException {
        CaptureOrder.Table<String> reads = CaptureOrder.Table.shared("naming context");
        assertEquals(null, onWorker(() -> {
            Worker w = (Worker) Thread.currentThread();
            w.now = 7;
            reads.note("a");
            w.now = 3;
            reads.note("a");     // the latest read stays 7
            reads.note("b");
            w.now = 7;
            reads.changed("a");  // the same work: it read before it changed
            w.now = 5;
            reads.changed("b");  // read by work 3, before
            reads.changed("c");  // never read
        }));
    }

    @Test
    void pastTheBoundReadsWaitTheirTurnInstead() throws InterruptedException {
        CaptureOrder.Table<Integer> reads = CaptureOrder.Table.shared("guess");
        assertEquals(null, onWorker(() -> {
            for (int k = 0; k < CaptureOrder.Table.MAX_KEYS; k++) assertTrue(reads.note(k));
            assertFalse(reads.note(-1), "a key more");
            assertTrue(reads.note(17), "a key noted before");
        }));
    }

    @Test
    void onOneThreadNothingIsNotedOrJudged() {
        CaptureOrder.Table<String> reads = CaptureOrder.Table.shared("remote object");
        for (int k = 0; k < CaptureOrder.Table.MAX_KEYS + 10; k++) assertTrue(reads.note("k" + k));
        assertDoesNotThrow(() -> reads.changed("k1"));
        assertDoesNotThrow(CaptureOrder::awaitTurn);
    }

    private static CaptureOrder.Conflict assertInstanceOf(Throwable t) {
        assertTrue(t instanceof CaptureOrder.Conflict, "expected a conflict, got " + t);
        return (CaptureOrder.Conflict) t;
    }
}
