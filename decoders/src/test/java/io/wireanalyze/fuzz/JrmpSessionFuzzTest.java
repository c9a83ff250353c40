package io.wireanalyze.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.protocol.jrmp.JrmpSession;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 2: {@link JrmpSession#decode} and {@code resync} for both directions, every InputState, from the
 * handshake or joined mid-stream. Input layout and properties: {@link SessionHarness}. Seeds: the client's and
 * server's bytes of real JRMP connections (fixtures/jrmp, the public captures), see {@link SeedCorpusWriter}.
 */
class JrmpSessionFuzzTest {

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void decode(byte[] data) {
        SessionHarness.run(data, JrmpSession::new);
    }
}
