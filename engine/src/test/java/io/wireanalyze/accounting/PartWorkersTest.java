package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.frame.TcpSegment;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A worker that fails (a decoder's bug) fails the analysis on the reading thread, at the end or, when the reader has
 * far more to hand out, before the capture ends; nothing hangs. The failure here: a packet whose frame is no TCP
 * packet at all, which no reader would hand a worker.
 */
class PartWorkersTest {

    private static TcpSegment broken(long n) {
        Frame notTcp = new Frame(n, n * 1000, LinkType.ETHERNET, ByteBuffer.wrap(new byte[14]), 14);
        return new TcpSegment(notTcp, Endpoint.ipv4(0x7f000001, 40000), Endpoint.ipv4(0x7f000001, 1099),
                0, 0, 0x10, 0, ByteBuffer.allocate(0), 0);
    }

    @Test
    void aWorkersFailureIsThrownOnTheReadingThreadAtTheEnd() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PartWorkers workers = new PartWorkers(2, AnalysisOptions.defaults(), 1024, SplitAnalysis.Round.FIRST, 0)) {
                workers.accept(broken(1), 0, 0, 1000);
                assertThrows(NullPointerException.class, workers::finish);
            }
        });
    }

    @Test
    void aWorkersFailureStopsTheReaderBeforeTheCaptureEnds() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PartWorkers workers = new PartWorkers(2, AnalysisOptions.defaults(), 1024, SplitAnalysis.Round.FIRST, 0)) {
                assertThrows(NullPointerException.class, () -> {
                    for (int i = 1; i <= 10 * PartWorkers.BATCH * PartWorkers.QUEUED_BATCHES; i++) workers.accept(broken(i), i - 1, 0, i * 1000L);
                });
            }
        });
    }
}
