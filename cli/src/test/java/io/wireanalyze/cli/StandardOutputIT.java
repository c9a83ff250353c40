package io.wireanalyze.cli;

import io.wireanalyze.testing.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JSON report on the real standard output of the shaded jar, which writes it as the UTF-8 bytes it is made of
 * whatever the locale: the same bytes as the report written to a file, under a UTF-8 locale and the POSIX one (whose
 * charset on Java 17 is ASCII), for captures whose decoded name holds a letter beyond ASCII and a lone surrogate
 * (written '?'), and for one of SOAP with WS-Security (long XML details).
 */
class StandardOutputIT {

    @Test
    void standardOutputGetsTheReportFilesBytesInEveryLocale(@TempDir Path dir) throws Exception {
        Path jar = TestCaptures.repoRoot().resolve("cli/target/wireanalyze.jar");
        assertTrue(Files.isRegularFile(jar), "the package phase made " + jar);
        byte[] pcap = Files.readAllBytes(TestCaptures.repoRoot().resolve("fixtures/jrmp/dgc-clean.pcap"));
        int at = new String(pcap, StandardCharsets.ISO_8859_1).indexOf("BenchService");
        assertTrue(at > 0);
        pcap[at] = (byte) 0xC3;   // "Be" as the two bytes of U+00E9 (the same in modified UTF-8)
        pcap[at + 1] = (byte) 0xA9;
        Path letter = Files.write(dir.resolve("letter.pcap"), pcap);
        pcap[at] = (byte) 0xED;   // modified UTF-8's lone surrogate U+D800
        pcap[at + 1] = (byte) 0xA0;
        pcap[at + 2] = (byte) 0x80;
        Path surrogate = Files.write(dir.resolve("surrogate.pcap"), pcap);
        Path wssec = TestCaptures.repoRoot().resolve("fixtures/soap/wssec.pcap");
        Path jvm = Path.of(System.getProperty("java.home"), "bin", "java");
        for (Path capture : List.of(letter, surrogate, wssec)) {
            String name = capture.getFileName().toString().replace(".pcap", "");
            Path reports = dir.resolve("reports-" + name);
            assertEquals(0, run(dir, "C.UTF-8", List.of(jvm.toString(), "-jar", jar.toString(), "analyze", capture.toString(),
                    "--format", "json", "--out", reports.toString())), name);
            byte[] file = Files.readAllBytes(reports.resolve(name + ".json"));
            for (String locale : List.of("C.UTF-8", "C")) {
                assertEquals(0, run(dir, locale, List.of(jvm.toString(), "-jar", jar.toString(), "analyze", capture.toString(), "--format", "json")),
                        name + " in " + locale);
                byte[] out = Files.readAllBytes(dir.resolve("out.txt"));
                // standard output's report ends with the line the command writes after it
                byte[] eol = System.lineSeparator().getBytes(StandardCharsets.US_ASCII);
                byte[] report = java.util.Arrays.copyOf(out, out.length - eol.length);
                assertArrayEquals(file, report, name + " in " + locale);
            }
            String text = new String(file, StandardCharsets.UTF_8);
            if (capture == letter) assertTrue(text.contains("\"name\" : \"\u00e9nchService\""), "the letter itself");
            if (capture == surrogate) assertTrue(text.contains("\"name\" : \"?chService\""), "the surrogate as ?");
        }
    }

    private static int run(Path dir, String locale, List<String> cmd) throws Exception {
        ProcessBuilder b = new ProcessBuilder(new ArrayList<>(cmd)).redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        Map<String, String> env = b.environment();
        env.put("LANG", locale);
        env.put("LC_ALL", locale);
        Process p = b.start();
        assertTrue(p.waitFor(2, TimeUnit.MINUTES), "finished: " + cmd);
        return p.exitValue();
    }
}
