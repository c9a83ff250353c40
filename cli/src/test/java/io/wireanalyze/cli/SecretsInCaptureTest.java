package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.DecryptionSecrets;
import io.wireanalyze.capture.PcapngFileSource;
import io.wireanalyze.capture.PcapngWriter;
import io.wireanalyze.fixtures.Fixtures;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * A pcapng that carries its TLS key log in a Decryption Secrets Block (fixtures/tls/openssl-cbc-secrets.pcapng: three
 * OpenSSL connections with their key log injected by {@code editcap --inject-secrets}) is decrypted with no option, the
 * report saying the keys came from the file; {@code --annotate} writes the block back; {@code --tls-keylog} adds keys.
 */
class SecretsInCaptureTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path PCAPNG = Fixtures.dir("tls").resolve("openssl-cbc-secrets.pcapng");
    private static final Path PCAP = Fixtures.dir("tls").resolve("openssl-cbc.pcap");
    private static final Path KEYS = Fixtures.dir("tls").resolve("openssl-cbc.keys");

    /** The connections' protocols and the phases' packets and bytes of a JSON report. */
    private static String accounting(String json) throws Exception {
        JsonNode r = JSON.readTree(json);
        List<String> out = new ArrayList<>();
        for (JsonNode c : r.get("connections")) out.add(c.get("protocol").asText());
        r.get("phases").fields().forEachRemaining(p -> out.add(p.getKey() + " " + p.getValue().get("packets").asLong() + " "
                + p.getValue().get("wireBytes").asLong()));
        return String.join("\n", out);
    }

    @Test
    void theKeysInTheFileDecryptItWithNoOption(@TempDir Path dir) throws Exception {
        Cli inFile = Cli.run("analyze", "--format", "json", PCAPNG.toString());
        assertEquals(0, inFile.exitCode(), inFile.err());
        assertTrue(inFile.err().contains("wireanalyze: " + PCAPNG + ": TLS key log from the file (1 Decryption Secrets Block): 3 secrets"),
                inFile.err());
        // The same frames without the block, and its key log as a file: the same accounting.
        Path bare = dir.resolve("bare.pcapng"), keys = dir.resolve("bare.keys");
        try (FrameSource in = CaptureFiles.open(PCAPNG); PcapngWriter w = new PcapngWriter(bare, "test")) {
            Frame f;
            while ((f = in.next()) != null) w.write(f, null);
        }
        Files.write(keys, PcapngFileSource.leadingSecrets(PCAPNG).get(0).data());
        Cli withKeyLog = Cli.run("analyze", "--format", "json", "--tls-keylog", keys.toString(), bare.toString());
        assertEquals(0, withKeyLog.exitCode(), withKeyLog.err());
        assertFalse(withKeyLog.err().contains("from the file"), withKeyLog.err());
        String expected = accounting(withKeyLog.out());
        assertEquals(expected, accounting(inFile.out()));
        assertEquals(3, expected.lines().filter("jrmp-tls"::equals).count(), expected);
        Cli without = Cli.run("analyze", "--format", "json", bare.toString());
        assertEquals(3, accounting(without.out()).lines().filter("tls"::equals).count(), "the same frames without keys stay encrypted");
    }

    @Test
    void annotateWritesTheBlockBack(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("annotated.pcapng");
        Cli r = Cli.run("analyze", "--annotate", out.toString(), PCAPNG.toString());
        assertEquals(0, r.exitCode(), r.err());
        List<DecryptionSecrets> secrets = PcapngFileSource.leadingSecrets(out);
        assertEquals(1, secrets.size());
        assertEquals(DecryptionSecrets.TLS_KEY_LOG, secrets.get(0).type());
        assertArrayEquals(PcapngFileSource.leadingSecrets(PCAPNG).get(0).data(), secrets.get(0).data());
        // The annotated copy is decrypted with no option too, frame for frame as the original.
        Cli again = Cli.run("analyze", "--format", "json", out.toString());
        assertEquals(accounting(Cli.run("analyze", "--format", "json", PCAPNG.toString()).out()), accounting(again.out()));
    }

    /** Half of the connections' keys in the file, the other half in a --tls-keylog file: all 14 decrypted. */
    @Test
    void tlsKeylogAddsToTheKeysInTheFile(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(KEYS).stream().filter(l -> l.startsWith("CLIENT_RANDOM ")).toList();
        assertEquals(14, lines.size(), "besides a comment and OpenSSL's RSA pre-master secret lines (not used: the master secrets are there)");
        Path half = dir.resolve("half.pcapng"), rest = dir.resolve("rest.keys");
        try (FrameSource in = CaptureFiles.open(PCAP); PcapngWriter w = new PcapngWriter(half, "test")) {
            w.writeSecrets(new DecryptionSecrets(DecryptionSecrets.TLS_KEY_LOG,
                    (String.join("\n", lines.subList(0, 7)) + "\n").getBytes(StandardCharsets.US_ASCII)));
            Frame f;
            while ((f = in.next()) != null) w.write(f, null);
        }
        Files.write(rest, lines.subList(7, 14));
        Cli fileOnly = Cli.run("analyze", "--format", "json", half.toString());
        assertTrue(fileOnly.err().contains("TLS key log from the file (1 Decryption Secrets Block): 7 secrets"), fileOnly.err());
        assertEquals(List.of("jrmp-tls", "jrmp-tls", "jrmp-tls", "jrmp-tls", "jrmp-tls", "jrmp-tls", "jrmp-tls",
                "tls", "tls", "tls", "tls", "tls", "tls", "tls"), accounting(fileOnly.out()).lines().limit(14).toList());
        Cli both = Cli.run("analyze", "--format", "json", "--tls-keylog", rest.toString(), half.toString());
        assertTrue(both.err().contains("7 secrets; with the --tls-keylog secrets"), both.err());
        assertEquals(14, accounting(both.out()).lines().filter("jrmp-tls"::equals).count(), both.out());
    }
}
