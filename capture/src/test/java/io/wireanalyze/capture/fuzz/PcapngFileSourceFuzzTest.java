package io.wireanalyze.capture.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.capture.PcapngFileSource;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;

/**
 * Jazzer target 8: {@link PcapngFileSource} over a file holding the fuzz bytes. Properties:
 * {@link CaptureFileHarness}. Seeds: the small pcapng test files of this module (both byte orders, Simple and
 * obsolete Packet Blocks, several interfaces and link types, timestamp resolutions and offsets).
 */
class PcapngFileSourceFuzzTest {

    private static final Path FILE = CaptureFileHarness.scratch("pcapng");

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void read(byte[] data) throws IOException {
        CaptureFileHarness.read(data, FILE, PcapngFileSource::open);
    }
}
