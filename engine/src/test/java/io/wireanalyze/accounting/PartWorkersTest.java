package io.wireanalyze.accounting;

import io.wireanalyze.frame.Endpoint;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * A worker that fails (a decoder's bug) fails the analysis on the reading thread, at the end or, when the reader has
 * far more to hand out, before the capture ends; nothing hangs. The failure here: a packet handed over without its
 * segment, which no reader would do.
 */
class PartWorkersTest {

    private static final FlowKey FLOW = FlowKey.of(Endpoint.ipv4(0x7f000001, 40000), Endpoint.ipv4(0x7f000001, 1099));

    @Test
    void aWorkersFailureIsThrownOnTheReadingThreadAtTheEnd() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PartWorkers workers = new PartWorkers(2, AnalysisOptions.defaults(), 1024, SplitAnalysis.Round.FIRST, 0)) {
                workers.accept(null, FLOW, 0, 0, 1000);
                assertThrows(NullPointerException.class, workers::finish);
            }
        });
    }

    @Test
    void aWorkersFailureStopsTheReaderBeforeTheCaptureEnds() {
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try (PartWorkers workers = new PartWorkers(2, AnalysisOptions.defaults(), 1024, SplitAnalysis.Round.FIRST, 0)) {
                assertThrows(NullPointerException.class, () -> {
                    for (int i = 1; i <= 10 * PartWorkers.BATCH * PartWorkers.QUEUED_BATCHES; i++) workers.accept(null, FLOW, i - 1, 0, i * 1000L);
                });
            }
        });
    }
}
