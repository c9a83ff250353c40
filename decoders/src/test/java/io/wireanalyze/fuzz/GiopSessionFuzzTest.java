package io.wireanalyze.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.protocol.giop.GiopSession;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 3: {@link GiopSession#decode} and {@code resync} for both directions and every InputState.
 * Input layout and properties: {@link SessionHarness}. Seeds: the client's and server's bytes of real IIOP
 * connections (fixtures/giop, the public CORBA capture), see {@link SeedCorpusWriter}.
 */
class GiopSessionFuzzTest {

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void decode(byte[] data) {
        SessionHarness.run(data, GiopSession::new);
    }
}
