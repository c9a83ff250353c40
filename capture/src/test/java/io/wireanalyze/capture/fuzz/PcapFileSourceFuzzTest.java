package io.wireanalyze.capture.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.capture.PcapFileSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 7: {@link PcapFileSource} over a file holding the fuzz bytes. Properties: {@link CaptureFileHarness}.
 * Seeds: small real pcap files (fixtures, fixtures/public) and a few cut and damaged ones (fuzz/README.md).
 */
class PcapFileSourceFuzzTest {

    private static final Path FILE = CaptureFileHarness.scratch("pcap");

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void read(byte[] data) throws IOException {
        CaptureFileHarness.read(data, FILE, PcapFileSource::open);
    }
}
