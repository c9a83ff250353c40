package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.*;

/**
 * {@code reproduce}: the listing of the seeds (no root needed), and a short real {@code reproduce koutsogiannakis
 * --quick} on the emulated 100 Mbit LAN (root and libpcap; skipped without, failed under CI=true).
 */
class ReproduceTest {
    private static final Pattern VERDICT = Pattern.compile("(?m)^ +(\\d+)\\. (HOLDS|WEAKER|REVERSED|NOT MEASURED): ");

    @Test
    void withoutASeedItListsEverySeedWhatItMeasuredAndWhichProtocolsRunToday() {
        Cli c = Cli.run("reproduce");
        assertEquals(0, c.exitCode(), c.err());
        String out = c.out().replaceAll("\n {6}", " ");   // long lines are folded for the terminal
        // The repository stands alone: no folder beside the clone is looked for; the seeds' numbers are in it.
        assertTrue(out.startsWith("Seeds (their numbers in the repository, cli/src/main/resources/seeds)\n"), out);
        assertFalse(out.contains("shared"), out);
        for (String id : List.of("koutsogiannakis", "juric-corba-vs-rmi", "juric-rmi-tunneling-web-services", "juric-ws-wssecurity-rmi-ssl",
                "gredler-java-remoting-benchmarks"))
            assertTrue(out.contains("\n  " + id + "  ("), id + " in " + out);
        assertTrue(out.contains("    protocols: jrmp, rmi-iiop: all run today\n"), out);
        assertTrue(out.contains("    protocols: jrmp, iiop: all run today\n"), out);
        // Gredler's protocols: all but ORMI run today (#12), Hessian 1 and the XML-RPC transports as variants of their own.
        String gredler = "protocols: jrmp, httpinvoker, hessian1, hessian, burlap, xmlrpc, xmlrpc-httpclient, xmlrpc-lite run today; missing: ormi (OC4J's EJB protocol, no public implementation to run),";
        assertTrue(out.replaceAll("\n {6,}", " ").contains(gredler), out);
        assertTrue(out.contains("reproduces: 3 table(s) beside the paper's numbers, 10 finding(s) with verdicts; on lan100 (two computers)"), out);
        assertTrue(out.contains("; on loopback (one host), then lan100 (two computers): wireanalyze reproduce juric-ws-wssecurity-rmi-ssl"), out);
    }

    @Test
    void anUnknownSeedIsAUsageError() {
        Cli c = Cli.run("reproduce", "smith-2020");
        assertEquals(2, c.exitCode());
        assertTrue(c.err().contains("seed 'smith-2020': unknown (expected: one of koutsogiannakis, juric-corba-vs-rmi,"), c.err());
        assertTrue(c.err().contains(", or all)"), c.err());
    }

    @Test
    void koutsogiannakisQuickOnLan100SetsOurFiguresBesideThePapersWithVerdicts(@TempDir Path dir) throws Exception {
        CaptureEndToEndTest.needsRootAndLibpcap();
        Cli c = Cli.run("reproduce", "koutsogiannakis", "--quick", "--out", dir.toString());
        assertEquals(0, c.exitCode(), c.err());
        String out = c.out().replaceAll("\n {4,6}(?![0-9 ])", " ");   // long lines are folded for the terminal
        assertTrue(out.contains("Seed koutsogiannakis: Koutsogiannakis, Savva, Chang"), out);
        assertTrue(out.contains("  ours: jrmp, rmi-iiop on lan100 (100 Mbit/s, MTU 1500"), out);
        assertTrue(out.contains("--quick: 20 calls ran as 4, 160 calls ran as 8, 560 calls ran as 16"), out);
        assertTrue(out.contains("Figure 16: set-up data, JRMP against IIOP (20 calls of 6000 ints) [Figure 16 and section 7]"), out);
        assertTrue(out.matches("(?s).*\n  set-up time ms +219\\.0 +1034\\.0 .*"), out);

        // Ten findings, each with a verdict; --quick runs the chars points too (finding 9: 560 calls of 12 KB strings).
        Matcher m = VERDICT.matcher(out);
        int findings = 0;
        while (m.find()) {
            findings++;
            assertNotEquals("NOT MEASURED", m.group(2), m.group());
        }
        assertEquals(10, findings, out);

        // The set-up packets finding reads the means of the comparison: JRMP's registry lookup, its second connection's
        // handshake and DGC dirty call make more set-up packets than the GlassFish ORB's naming and object calls.
        JsonNode report = new ObjectMapper().readTree(dir.resolve("koutsogiannakis.json").toFile());
        assertFalse(report.get("partial").asBoolean());
        double jrmp = setupPackets(report, "jrmp"), rmiIiop = setupPackets(report, "rmi-iiop");
        assertTrue(jrmp > rmiIiop, jrmp + " against " + rmiIiop);
        assertTrue(out.contains("paper 34 against 21 (1.62x); ours " + count(jrmp) + " against " + count(rmiIiop)), out);
        assertTrue(Files.readString(dir.resolve("koutsogiannakis.txt")).contains("Findings (holds:"), "the seed's tables are in the saved report too");
        assertTrue(Files.size(dir.resolve("koutsogiannakis-time.png")) > 1000);
        assertTrue(Files.readString(dir.resolve("koutsogiannakis-time.svg")).contains("<svg"), "every figure as SVG too");
        // The seed's own files: its tables and findings as JSON, its findings as CSV, one row each.
        JsonNode seed = new ObjectMapper().readTree(dir.resolve("koutsogiannakis-seed.json").toFile());
        assertEquals(10, seed.get("findings").size());
        assertEquals("lan100", seed.get("network").asText());
        assertEquals("two computers", seed.get("setting").asText());
        assertEquals(1 + 10, Files.readAllLines(dir.resolve("koutsogiannakis-findings.csv")).size());
        assertEquals(1 + 2 * 6 * 2, Files.readAllLines(dir.resolve("koutsogiannakis-runs.csv")).size(), "2 protocols x 6 points (ints and chars) x 2 repetitions");
    }

    private static double setupPackets(JsonNode report, String protocol) {
        for (JsonNode p : report.get("points"))
            if (p.get("invocations").asInt() == 4) return p.get("protocols").get(protocol).get("figures").get("setupPackets").get("mean").asDouble();
        throw new AssertionError("no 4-call point in " + report.get("points"));
    }

    private static String count(double v) {
        return v == Math.rint(v) ? String.format(java.util.Locale.ROOT, "%.0f", v) : String.format(java.util.Locale.ROOT, "%.1f", v);
    }
}
