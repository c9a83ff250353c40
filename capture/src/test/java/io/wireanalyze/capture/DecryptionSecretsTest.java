package io.wireanalyze.capture;

import io.wireanalyze.frame.Frame;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * pcapng Decryption Secrets Blocks: read from editcap's output (fixtures/tls/openssl-cbc-secrets.pcapng), written back
 * by {@link PcapngWriter} where they stood, and a damaged one ends reading with a reason naming the block.
 */
class DecryptionSecretsTest {

    private static Path fixture(String name) {
        Path p = Path.of("").toAbsolutePath();
        while (!Files.isDirectory(p.resolve("fixtures"))) p = p.getParent();
        return p.resolve("fixtures").resolve(name);
    }

    @Test
    void editcapsBlockIsReadBeforeTheFirstFrame() throws Exception {
        Path pcapng = fixture("tls/openssl-cbc-secrets.pcapng");
        List<DecryptionSecrets> secrets = PcapngFileSource.leadingSecrets(pcapng);
        assertEquals(1, secrets.size());
        assertTrue(secrets.get(0).tlsKeyLog());
        assertEquals(3, secrets.get(0).lines().stream().filter(l -> l.startsWith("CLIENT_RANDOM ")).count(), "a connection each");
        try (PcapngFileSource s = PcapngFileSource.open(pcapng)) {
            long frames = 0;
            while (s.next() != null) frames++;
            assertNull(s.stopReason());
            assertEquals(1, s.secrets().size());
            assertEquals(FRAMES, frames, "capinfos -c");
        }
    }

    /** The frames of openssl-cbc-secrets.pcapng ({@code capinfos -c}). */
    private static final long FRAMES = 66;

    @Test
    void theWriterPutsBlocksWhereTheyStoodAndTheReaderKeepsThemAll(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("two.pcapng");
        byte[] first = "CLIENT_RANDOM 00 11\n".getBytes(StandardCharsets.US_ASCII), second = "x".getBytes(StandardCharsets.US_ASCII);
        try (PcapFileSource in = PcapFileSource.open(fixture("tls/openssl-cbc.pcap")); PcapngWriter w = new PcapngWriter(out, "test")) {
            w.writeSecrets(new DecryptionSecrets(DecryptionSecrets.TLS_KEY_LOG, first));
            w.write(in.next(), null);
            w.writeSecrets(new DecryptionSecrets(0x57474b4c, second));   // 'WGKL', one byte: padded to four
            w.write(in.next(), null);
        }
        assertEquals(1, PcapngFileSource.leadingSecrets(out).size(), "only the one before the first frame leads");
        try (PcapngFileSource s = PcapngFileSource.open(out)) {
            Frame f1 = s.next();
            assertEquals(1, s.secrets().size());
            Frame f2 = s.next();
            assertNotNull(f1);
            assertNotNull(f2);
            assertEquals(2, s.secrets().size());
            assertArrayEquals(first, s.secrets().get(0).data());
            assertEquals(0x57474b4c, s.secrets().get(1).type());
            assertArrayEquals(second, s.secrets().get(1).data());
            assertNull(s.next());
            assertNull(s.stopReason());
        }
    }

    @Test
    void aSecretsLengthLongerThanItsBlockStopsReadingWithTheReason(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("damaged.pcapng");
        try (PcapFileSource in = PcapFileSource.open(fixture("tls/openssl-cbc.pcap")); PcapngWriter w = new PcapngWriter(out, "test")) {
            w.write(in.next(), null);
            w.writeSecrets(new DecryptionSecrets(DecryptionSecrets.TLS_KEY_LOG, new byte[8]));
            w.write(in.next(), null);
        }
        byte[] bytes = Files.readAllBytes(out);
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int at = 0;
        while (b.getInt(at) != 0x0A) at += b.getInt(at + 4);
        b.putInt(at + 12, 9);                                          // 9 bytes of secrets in a block that holds 8
        Files.write(out, bytes);
        try (PcapngFileSource s = PcapngFileSource.open(out)) {
            assertNotNull(s.next());
            assertNull(s.next());
            assertEquals("bad decryption secrets block at byte offset " + at + " (block 4, Decryption Secrets Block 0x0000000a, after frame 1):"
                    + " secrets length 9 (expected: <= 8, the secrets data the block holds)", s.stopReason());
        }
    }
}
