package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.LineWait;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.StubRelease;
import io.wireanalyze.workloads.TestLaunch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Distributed garbage collection, observed through the server's {@code Unreferenced} notice: it fires when
 * the last client reference is gone, i.e. after a DGC clean call or when a lease expires.
 */
class JrmpDgcTest {
    private static final String UNREFERENCED = "UNREFERENCED name=" + ServerConfig.DEFAULT_NAME;

    @Test
    void droppingTheStubMakesTheClientSendACleanCallBeforeItExits(@TempDir Path dir) throws Exception {
        int[] ports = FreePorts.take(2);
        // Default lease (10 min): only a clean call can unreference the object within the test.
        try (JrmpWorkload w = new JrmpWorkload(JrmpWorkload.defaults().withPorts(ports[0], ports[1])
                .withLaunch(TestLaunch.FAST))) {
            w.start();
            ClientResult r = w.runClient(Plan.of(2, Payload.none(), 0).withRelease(StubRelease.DROP_AND_GC),
                    dir.resolve("r.tsv"));
            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            String summary = r.exits().get(0).summary().orElseThrow();
            assertTrue(summary.endsWith("; stub released: cleaned"), summary);
            // The client has exited; the clean call it made before that unreferenced the object.
            assertInstanceOf(LineWait.Found.class, w.awaitServerLine(UNREFERENCED::equals, Duration.ofSeconds(5)));
        }
    }

    @Test
    void aShortLeaseOnTheServerCommandLineExpiresAfterTheClientExits(@TempDir Path dir) throws Exception {
        int[] ports = FreePorts.take(2);
        try (JrmpWorkload w = new JrmpWorkload(JrmpWorkload.defaults().withPorts(ports[0], ports[1])
                .withLaunch(TestLaunch.FAST).withServerProperty(DgcOptions.LEASE_VALUE_PROPERTY, "1000"))) {
            w.start();
            // The client keeps the stub 1.5 s (renewing the 1 s lease) and exits without a clean call.
            ClientResult r = w.runClient(Plan.of(1, Payload.none(), 0).withHold(Duration.ofMillis(1500)),
                    dir.resolve("r.tsv"));
            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            assertTrue(w.serverOutput().stream().noneMatch(UNREFERENCED::equals), () -> w.serverOutput().toString());
            // The lease (1 s) expires and the server's check (every leaseValue/2) notices it.
            assertInstanceOf(LineWait.Found.class, w.awaitServerLine(UNREFERENCED::equals, Duration.ofSeconds(5)));
        }
    }
}
