package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A worker that fails fails the analysis, on the analyzer's thread, and nothing waits for it forever. */
class WorkersTest {

    /** A connection whose decoding throws: no decoder (as a decoder's bug would). */
    private static Connection broken(int id, int port) {
        return new Connection(id, Endpoint.ipv4(0xc6120001, port), Endpoint.ipv4(0xc6120002, 1099), true, 0, 1 << 16, 0);
    }

    @Test
    void aWorkersFailureIsThrownOnTheAnalyzersThread() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Workers workers = new Workers(2, i -> new Lane(AnalysisOptions.defaults(), null));
            try {
                Connection c = broken(1, 40000);
                c.lane = workers.laneOf(c);
                workers.data(0, c, true, 0, ByteBuffer.wrap(new byte[]{'J', 'R', 'M', 'I'}), Long.MIN_VALUE);
                assertThrows(NullPointerException.class, workers::drain);
            } finally {
                workers.close();
            }
        });
    }

    @Test
    void aWorkersFailureStopsTheReaderBeforeTheCaptureEnds() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            Workers workers = new Workers(2, i -> new Lane(AnalysisOptions.defaults(), null));
            try {
                Connection c = broken(1, 40000);
                c.lane = workers.laneOf(c);
                // Far more calls than the queues hold: the reader is told at a batch, not after every call.
                RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
                    for (int i = 0; i < 10 * Workers.BATCH * Workers.QUEUED_BATCHES; i++) {
                        workers.data(i, c, true, i, ByteBuffer.wrap(new byte[]{1}), Long.MIN_VALUE);
                    }
                });
                assertTrue(thrown instanceof NullPointerException, thrown.toString());
            } finally {
                workers.close();
            }
        });
    }
}
