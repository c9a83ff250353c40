package io.wireanalyze.reproduce;

import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.compare.Figure;
import io.wireanalyze.compare.PlanPoint;
import io.wireanalyze.compare.RunFigures;
import io.wireanalyze.compare.RunKey;
import io.wireanalyze.compare.RunRecord;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.*;

/** The seeds as data: they parse, every number of ours they read is a point their plan runs, and the verdicts' rule. */
class SeedCatalogueTest {
    private static final SeedCatalogue CATALOGUE = SeedCatalogue.load();

    /** The seed texts (papers, not in the repository: ../shared/seeds beside a working clone), by file name. */
    private static final List<String> SEED_TEXTS = List.of("gredler-java-remoting-benchmarks.txt", "juric-corba-vs-rmi.txt",
            "juric-rmi-tunneling-web-services.txt", "juric-ws-wssecurity-rmi-ssl.txt", "koutsogiannakis-rmi-jrmp-vs-iiop.txt");

    @Test
    void everySeedTextHasItsData(@org.junit.jupiter.api.io.TempDir Path seeds) throws Exception {
        for (String f : SEED_TEXTS) Files.writeString(seeds.resolve(f), "text");
        assertEquals(List.of(), CATALOGUE.withoutData(seeds));
        for (Seed s : CATALOGUE.seeds()) assertTrue(SEED_TEXTS.contains(s.file()), s.file());
        Files.writeString(seeds.resolve("someone-new.txt"), "text");
        assertEquals(List.of("someone-new.txt"), CATALOGUE.withoutData(seeds));
    }

    @Test
    void koutsogiannakisHoldsFigures15And16AndTenFindings() {
        Seed k = CATALOGUE.find("koutsogiannakis").orElseThrow();
        assertEquals(List.of(WorkloadKind.JRMP, WorkloadKind.RMI_IIOP), k.runnable());
        assertEquals(3, k.tables().size());
        assertEquals(10, k.findings().size());
        SeedTable fig16 = k.tables().get(0);
        assertEquals(List.of(219.0, 1034.0), fig16.rows().get(0).paper());
        assertEquals(List.of(21.0, 34.0), fig16.rows().get(1).paper());
        assertEquals(List.of(2.0, 6.0), fig16.rows().get(3).paper());
        assertEquals(List.of(2724.0, 1875.0, 1212.0), k.tables().get(1).rows().get(2).paper());
        // 2 payloads x 3 invocation counts; --quick: ints only, 4, 8 and 16 calls.
        assertEquals(6, k.points(Seed.Mode.FULL).size());
        assertEquals(List.of(new PlanPoint(Payload.ints(6000), 4, 1), new PlanPoint(Payload.ints(6000), 8, 1), new PlanPoint(Payload.ints(6000), 16, 1)),
                k.points(Seed.Mode.QUICK));
        assertEquals(Optional.of(k), CATALOGUE.find("koutsogiannakis-rmi-jrmp-vs-iiop.txt"));
    }

    @Test
    void everyFigureASeedReadsIsOneItsOwnPlanRuns() {
        for (Seed s : CATALOGUE.seeds()) {
            Set<PlanPoint> points = Set.copyOf(s.points(Seed.Mode.FULL));
            List<PointRef> refs = new ArrayList<>();
            for (SeedTable t : s.tables()) for (SeedTable.Row r : t.rows()) for (Quantity q : r.ours()) refs(q, refs);
            for (Finding f : s.findings()) {
                refs(f.oursA(), refs);
                refs(f.oursB(), refs);
            }
            for (PointRef ref : refs) {
                assertTrue(s.protocols().contains(ref.protocol()), s.id() + ": " + ref);
                if (ref.exactPayload().isPresent())
                    assertTrue(points.contains(new PlanPoint(ref.exactPayload().get(), ref.invocations(), ref.clients())), s.id() + ": " + ref + " is not in " + points);
                else
                    assertTrue(points.stream().filter(p -> p.payload().method() == ref.kind().orElseThrow()).count() >= 2, s.id() + ": a fit needs two sizes: " + ref);
            }
        }
    }

    @Test
    void verdictsFollowTheRelativeMargin() {
        assertEquals(Verdict.REVERSED, Verdict.of(1034, 219, 91.3, 451.8), "JRMP's set-up now shorter");
        assertEquals(Verdict.HOLDS, Verdict.of(34, 21, 29, 17), "29 against 17 packets: +71% against the paper's +62%");
        assertEquals(Verdict.WEAKER, Verdict.of(6, 2, 6.38, 4.13), "+54% against the paper's +200%: same way, less than half");
        assertEquals(Verdict.HOLDS, Verdict.of(6, 2, 7, 0), "a zero B");
        assertEquals(Verdict.REVERSED, Verdict.of(6, 2, 3, 3), "equal is not larger");
    }

    @Test
    void theFitOfTimeOverStringSizeIsLeastSquares() {
        WorkloadKind k = WorkloadKind.JRMP;
        List<PlanPoint> points = List.of(new PlanPoint(Payload.chars(1), 200, 1), new PlanPoint(Payload.chars(5000), 200, 1),
                new PlanPoint(Payload.chars(10000), 200, 1));
        ComparePlan plan = new ComparePlan(List.of(k), points, 20, 1, NetworkSpec.LOOPBACK);
        List<RunRecord> runs = new ArrayList<>();
        for (PlanPoint p : points)   // t(s) = 0.0001 s + 0.5 ms
            runs.add(new RunRecord(new RunKey(k, p, 1), Path.of(p.stem() + ".pcap"),
                    new RunFigures(Map.of(Figure.CLIENT_MS_PER_INVOCATION, 0.5 + 0.0001 * p.payload().count()), Map.of())));
        Reading r = new Reading(new Comparison(plan, runs, List.of(), null), SeedScale.FULL);
        PointRef ref = PointRef.parse("jrmp@chars/200/1:clientMsPerInvocation").orElseThrow();
        assertEquals(0.0001, new Quantity.Fit(ref, Quantity.Fit.Coefficient.SLOPE).value(r).getAsDouble(), 1e-12);
        assertEquals(0.5, new Quantity.Fit(ref, Quantity.Fit.Coefficient.INTERCEPT).value(r).getAsDouble(), 1e-9);
        assertTrue(new Quantity.Fit(PointRef.parse("iiop@chars/200/1:clientMsPerInvocation").orElseThrow(), Quantity.Fit.Coefficient.SLOPE)
                .value(r).isEmpty(), "iiop did not run");
    }

    @Test
    void aMistakeInASeedsDataIsOneLineNamingWhere() {
        String json = "{\"id\":\"x\",\"file\":\"x.txt\",\"title\":\"t\",\"measured\":\"m\",\"protocols\":[\"jrmp\"],\"network\":\"lan100\","
                + "\"warmup\":1,\"repeat\":1,\"series\":[],\"quick\":{\"invocations\":{}},\"notes\":[],\"findings\":[],"
                + "\"tables\":[{\"title\":\"t\",\"where\":\"w\",\"paper\":[\"p\"],\"ours\":[\"o\"],\"rows\":[{\"label\":\"l\",\"unit\":\"ms\",\"paper\":[1],"
                + "\"ours\":[{\"mean\":\"jrmp@ints:6000/20/1:speed\"}]}]}]}";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SeedParser.parse("seeds/x.json", new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8))));
        assertTrue(e.getMessage().startsWith("seeds/x.json: tables[0].rows[0].ours[0]: 'jrmp@ints:6000/20/1:speed': figure 'speed' (expected: one of [setupTimeMs,"),
                e.getMessage());
    }

    private static void refs(Quantity q, List<PointRef> out) {
        if (q instanceof Quantity.Mean m) out.add(m.at());
        if (q instanceof Quantity.Fit f) out.add(f.at());
        if (q instanceof Quantity.Difference d) {
            refs(d.a(), out);
            refs(d.b(), out);
        }
        if (q instanceof Quantity.Ratio r) {
            refs(r.a(), out);
            refs(r.b(), out);
        }
    }
}
