package io.wireanalyze.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.compare.Figure;
import io.wireanalyze.compare.PlanPoint;
import io.wireanalyze.compare.RunFigures;
import io.wireanalyze.compare.RunKey;
import io.wireanalyze.compare.RunRecord;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** What reproduce writes of a seed beside the comparison: index.md's section and summary row, the JSON, the findings' CSV. */
class SeedMarkdownTest {
    private static final Seed WS = SeedCatalogue.load().find("juric-ws-wssecurity-rmi-ssl").orElseThrow();

    /** soap 20 times jrmp's ms, soap-wssec 5 times soap's; bytes likewise. */
    private static SeedResult result() {
        List<WorkloadKind> kinds = WS.runnable();
        Map<WorkloadKind, Double> ms = Map.of(WorkloadKind.JRMP, 0.5, WorkloadKind.JRMP_TLS, 0.8, WorkloadKind.SOAP, 10.0, WorkloadKind.SOAP_WSSEC, 50.0);
        List<PlanPoint> points = WS.points(Seed.Mode.FULL);
        List<RunRecord> runs = new ArrayList<>();
        for (PlanPoint p : points)
            for (WorkloadKind k : kinds)
                runs.add(new RunRecord(new RunKey(k, p, 1), Path.of(p.stem() + ".pcap"), new RunFigures(Map.of(Figure.CLIENT_MS_PER_INVOCATION, ms.get(k),
                        Figure.SETUP_MS, 100 * ms.get(k), Figure.REQUEST_BYTES, 40 * ms.get(k), Figure.REPLY_BYTES, 30 * ms.get(k)), Map.of())));
        return SeedResult.of(WS, new Comparison(new ComparePlan(kinds, points, 50, 1, NetworkSpec.LOOPBACK), runs, List.of(), null), Seed.Mode.FULL);
    }

    @Test
    void theIndexSectionHoldsTheTablesTheVerdictsAndTheFigures() {
        SeedResult r = result();
        SeedMarkdown.Entry e = new SeedMarkdown.Entry(WS, r, null, 83_000, List.of(Path.of("out/juric-ws-wssecurity-rmi-ssl/juric-ws-wssecurity-rmi-ssl-types.png"),
                Path.of("out/juric-ws-wssecurity-rmi-ssl/juric-ws-wssecurity-rmi-ssl-types.svg")));
        String md = SeedMarkdown.section(e, Path.of("out/index.md"));
        assertTrue(md.startsWith("## juric-ws-wssecurity-rmi-ssl\n"), md);
        assertTrue(md.contains("| Web services / RMI, simple types | 12.30x | 12.10x | 20.00x |"), md);
        assertTrue(md.contains("| java.net.socket | 27.86 | 32.16 | 17.02 | 39.76 | needs --profile | needs --profile | needs --profile | needs --profile |"), md);
        assertTrue(md.contains("| sun.rmi.transport | 19.58 | 21.76 | N/A | N/A |"), md);
        assertTrue(md.contains("| sun.net.www | &lt;0.10 |"), "the paper's '<0.10' is text, not a tag: " + md);
        assertTrue(md.contains("| 1 | **holds** | Web services are slower than RMI for the simple types (~12.1 times on Linux) [section 5, Figs. 4 and 5] | 12.10x | "
                + "10.00 against 0.500 ms (20.00x) |"), md);
        assertTrue(md.contains("![juric-ws-wssecurity-rmi-ssl-types.png](juric-ws-wssecurity-rmi-ssl/juric-ws-wssecurity-rmi-ssl-types.png) ([SVG]("
                + "juric-ws-wssecurity-rmi-ssl/juric-ws-wssecurity-rmi-ssl-types.svg))"), md);
        String summary = SeedMarkdown.summary(List.of(e));
        assertTrue(summary.contains("| [juric-ws-wssecurity-rmi-ssl](#juric-ws-wssecurity-rmi-ssl) | loopback (one host) | 8 | " + r.count(Verdict.HOLDS) + " | "
                + r.count(Verdict.WEAKER) + " | " + r.count(Verdict.REVERSED) + " | 3 | 1 min 23 s |"), summary);
    }

    @Test
    void theJsonAndCsvCarryEveryFindingWithItsNumbers() throws Exception {
        SeedResult r = result();
        StringWriter w = new StringWriter();
        SeedJson.write(w, r);
        JsonNode n = new ObjectMapper().readTree(w.toString());
        assertEquals("juric-ws-wssecurity-rmi-ssl", n.get("seed").asText());
        assertEquals("one host", n.get("setting").asText());
        assertEquals(18, n.get("findings").size());
        JsonNode first = n.get("findings").get(0);
        assertEquals("holds", first.get("verdict").asText());
        assertEquals(10.0, first.get("ourA").asDouble());
        assertEquals(0.5, first.get("ourB").asDouble());
        assertTrue(n.get("findings").get(10).get("ourA").isNull(), "a two-computer finding on loopback");
        assertEquals(3, n.get("verdicts").get("not measured").asInt());
        String csv = SeedJson.findingsCsv(r);
        assertEquals(19, csv.lines().count());
        assertTrue(csv.lines().skip(11).findFirst().orElseThrow().startsWith("juric-ws-wssecurity-rmi-ssl,11,not measured,"), csv);
    }
}
