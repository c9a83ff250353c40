package io.wireanalyze.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Jazzer target: {@link ConnectionDecoderFuzzTest}'s input layout and properties, with TLS decrypting: the key logs of
 * fixtures/tls are loaded, so the seeds (those captures' connections) are opened and their plaintext decoded as JRMP,
 * and mutations reach the record protection, the handshake reader and the mapping of inner messages onto records.
 */
class TlsConnectionFuzzTest {

    private static final TlsKeyLog KEYS = keys();

    private static TlsKeyLog keys() {
        List<String> lines = new ArrayList<>();
        for (String f : List.of("jrmp-tls13-lookup-then-invoke", "jrmp-tls12-lookup-then-invoke", "openssl-clients")) {
            try {
                lines.addAll(Files.readAllLines(TestCaptures.fixture("tls/" + f + ".keys")));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return TlsKeyLog.parse(lines);
    }

    @FuzzTest(maxDuration = "10m")
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void chunks(byte[] data) {
        ConnectionDecoderFuzzTest.check(data, control -> TestCaptures.connectionDecoder(KEYS, (control & 1) != 0));
    }
}
