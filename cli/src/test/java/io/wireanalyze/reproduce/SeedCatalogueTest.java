package io.wireanalyze.reproduce;

import io.wireanalyze.capture.net.Network;
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
        // 2 payloads x 3 invocation counts; --quick: both payloads (every finding gets a verdict), 4, 8 and 16 calls.
        assertEquals(6, k.points(Seed.Mode.FULL).size());
        assertEquals(List.of(new PlanPoint(Payload.ints(6000), 4, 1), new PlanPoint(Payload.ints(6000), 8, 1), new PlanPoint(Payload.ints(6000), 16, 1),
                        new PlanPoint(Payload.chars(6000), 4, 1), new PlanPoint(Payload.chars(6000), 8, 1), new PlanPoint(Payload.chars(6000), 16, 1)),
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
        Finding factor = new Finding("c", "w", ValueUnit.MS, new Finding.Paper.Factor(12.1), new Quantity.Constant(1), new Quantity.Constant(1), Setting.ANY);
        assertEquals(Verdict.HOLDS, factor.verdict(7, 1), "+600% against the paper's +1110%: more than half");
        assertEquals(Verdict.WEAKER, factor.verdict(5, 1));
        Finding direction = new Finding("c", "w", ValueUnit.MS, new Finding.Paper.Direction(), new Quantity.Constant(1), new Quantity.Constant(1), Setting.ANY);
        assertEquals(Verdict.HOLDS, direction.verdict(1.01, 1), "no number in the paper: the same way holds");
        assertEquals(Verdict.REVERSED, direction.verdict(1, 1.01));
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
        if (q instanceof Quantity.Combined c) c.parts().forEach(p -> refs(p, out));
    }

    @Test
    void theJuricTunnellingSeedHoldsTables3To5AndThirteenFindings() {
        Seed s = CATALOGUE.find("juric-rmi-tunneling-web-services").orElseThrow();
        assertEquals(List.of(WorkloadKind.JRMP, WorkloadKind.HTTP_TO_PORT, WorkloadKind.HTTP_RMI, WorkloadKind.SOAP), s.runnable());
        assertEquals(Optional.empty(), s.availability().get(1).missing(), "HTTP-to-port runs: the http-to-port workload");
        assertEquals(3, s.tables().size());
        SeedTable t3 = s.tables().get(0), t4 = s.tables().get(1);
        assertEquals(Setting.ONE_HOST, t3.setting());
        assertEquals(Setting.TWO_COMPUTERS, t4.setting());
        assertEquals(List.of(0.686, 19.070, 19.483, 0.616), t3.rows().get(0).paper(), "Instantiation");
        assertEquals(List.of(0.157, 5.052, 7.663, 2.336), t3.rows().get(1).paper(), "Simple types average");
        assertEquals(List.of(0.261, 9.078, 7.138, 2.206), t4.rows().get(9).paper(), "String, remote");
        assertEquals("<0.10", s.tables().get(2).rows().get(1).paperCell(1), "Table 5 prints the paper's own words");
        assertEquals("24.16", s.tables().get(2).rows().get(1).paperCell(0));
        assertEquals(13, s.findings().size());
        assertEquals(8, s.points(Seed.Mode.FULL).size(), "seven getters and getString");
    }

    @Test
    void theJuricWsSecuritySeedHoldsItsFactorsMessageSizesAndTable2() {
        Seed s = CATALOGUE.find("juric-ws-wssecurity-rmi-ssl").orElseThrow();
        assertEquals(List.of(WorkloadKind.JRMP, WorkloadKind.JRMP_TLS, WorkloadKind.SOAP, WorkloadKind.SOAP_WSSEC), s.runnable());
        assertEquals(4, s.tables().size());
        assertEquals(List.of(12.3, 12.1), s.tables().get(0).rows().get(0).paper(), "web services / RMI, simple types, Windows and Linux");
        assertEquals(List.of(4.3), s.tables().get(2).rows().get(0).paper(), "SOAP / JRMP message size");
        assertEquals(List.of(27.86, 32.16, 17.02, 39.76), s.tables().get(3).rows().get(0).paper(), "Table 2: java.net.socket");
        assertEquals(18, s.findings().size());
        assertEquals(new Finding.Paper.Factor(4.3), s.findings().get(13).paper());
    }

    @Test
    void gredlersObservationsAreTestedByTheirDirectionOnOneHost() {
        Seed s = CATALOGUE.find("gredler-java-remoting-benchmarks").orElseThrow();
        List<WorkloadKind> kinds = List.of(WorkloadKind.JRMP, WorkloadKind.HTTPINVOKER, WorkloadKind.HESSIAN1, WorkloadKind.HESSIAN, WorkloadKind.BURLAP,
                WorkloadKind.XMLRPC, WorkloadKind.XMLRPC_HTTPCLIENT, WorkloadKind.XMLRPC_LITE);
        assertEquals(kinds, s.runnable());
        assertEquals(12, s.findings().size());
        // ms per call: the binary ones fast and even, Hessian 1 slower than them, Burlap between them and XML-RPC, whose
        // three transports are within 2 times of each other.
        Map<WorkloadKind, Double> ms = Map.of(WorkloadKind.JRMP, 1.0, WorkloadKind.HESSIAN, 1.2, WorkloadKind.HTTPINVOKER, 1.5, WorkloadKind.HESSIAN1, 2.0,
                WorkloadKind.BURLAP, 3.0, WorkloadKind.XMLRPC, 5.0, WorkloadKind.XMLRPC_HTTPCLIENT, 6.0, WorkloadKind.XMLRPC_LITE, 4.0);
        List<PlanPoint> points = s.points(Seed.Mode.FULL);
        List<RunRecord> runs = new ArrayList<>();
        for (PlanPoint p : points)
            for (WorkloadKind k : kinds)
                runs.add(new RunRecord(new RunKey(k, p, 1), Path.of(p.stem() + ".pcap"),
                        new RunFigures(Map.of(Figure.CLIENT_MS_PER_INVOCATION, ms.get(k) * p.payload().count()), Map.of())));
        Comparison onLoopback = new Comparison(new ComparePlan(kinds, points, 10, 1, NetworkSpec.LOOPBACK), runs, List.of(), null);
        List<Verdict> v = SeedReport.verdicts(s, onLoopback, Seed.Mode.FULL);
        Verdict H = Verdict.HOLDS, N = Verdict.NOT_MEASURED;
        assertEquals(List.of(H, H, N, H, H, H, H, H, N, H, N, H), v, "only ORMI's three findings are not measured");
        SeedResult r = SeedResult.of(s, onLoopback, Seed.Mode.FULL);
        assertEquals("not measured (ORMI over HTTP tunnelling (OC4J) has no public implementation to run)", r.findings().get(2).ours());
        assertEquals("30.00 against 15.00 ms (2.00x)", r.findings().get(0).ours(), "10 objects: the fastest XML one (Burlap) against the slowest binary one (HttpInvoker)");
        assertEquals("2.00x against 1.50x (1.33x)", r.findings().get(9).ours(), "XML-RPC's transports: 2 against the slowest over the fastest, 6000 / 4000 ms");
        assertEquals("2000.0 against 1200.0 ms (1.67x)", r.findings().get(11).ours(), "Hessian 1 against Hessian 2, 1000 objects");
    }

    @Test
    void aFindingOfTheOtherSettingIsNotMeasuredAndSaysHowToRunIt() {
        Seed s = CATALOGUE.find("juric-rmi-tunneling-web-services").orElseThrow();
        List<WorkloadKind> kinds = List.of(WorkloadKind.JRMP, WorkloadKind.HTTP_TO_PORT, WorkloadKind.HTTP_RMI, WorkloadKind.SOAP);
        List<PlanPoint> points = s.points(Seed.Mode.FULL);
        Map<WorkloadKind, Double> ms = Map.of(WorkloadKind.JRMP, 0.2, WorkloadKind.HTTP_TO_PORT, 2.5, WorkloadKind.HTTP_RMI, 3.0, WorkloadKind.SOAP, 2.0);
        List<RunRecord> runs = new ArrayList<>();
        for (PlanPoint p : points)
            for (WorkloadKind k : kinds)
                runs.add(new RunRecord(new RunKey(k, p, 1), Path.of(p.stem() + ".pcap"),
                        new RunFigures(Map.of(Figure.CLIENT_MS_PER_INVOCATION, ms.get(k), Figure.SETUP_MS, 100 * ms.get(k)), Map.of())));
        SeedResult r = SeedResult.of(s, new Comparison(new ComparePlan(kinds, points, 50, 1, NetworkSpec.LOOPBACK), runs, List.of(), null), Seed.Mode.FULL);
        assertEquals(Verdict.HOLDS, r.findings().get(0).verdict(), "soap 10x jrmp against the paper's 14.9x: more than half the margin");
        assertEquals(Verdict.WEAKER, r.findings().get(2).verdict(), "http-rmi 15x jrmp against the paper's 49x");
        assertEquals(Verdict.REVERSED, r.findings().get(7).verdict(), "soap's set-up is not shorter here");
        assertEquals(Verdict.NOT_MEASURED, r.findings().get(9).verdict());
        assertTrue(r.findings().get(9).ours().contains("the paper measured it on two computers; this run is on loopback (one host): run with --network lan100"),
                r.findings().get(9).ours());
        SeedResult.Table t3 = r.tables().get(0), t4 = r.tables().get(1);
        assertEquals(List.of("Simple types average", "0.157", "5.052", "7.663", "2.336", "0.200", "2.500", "3.000", "2.000"), t3.rows().get(1));
        assertEquals("2.500 against 0.200 ms (12.50x)", r.findings().get(5).ours(), "HTTP-to-port against RMI, the seed's ~32x");
        assertEquals(Verdict.WEAKER, r.findings().get(5).verdict());
        assertEquals(Verdict.WEAKER, r.findings().get(6).verdict(), "HTTP-to-port 2.5 against web services' 2.0: slower, not ~2x");
        assertNull(t3.note());
        assertEquals("-", t4.rows().get(1).get(5));
        assertTrue(t4.note().contains("run with --network lan100"), t4.note());
    }

    @Test
    void aSeedRunsWhereItsNumbersCameFromAndBothSettingsAreReadEachFromItsOwnNetwork() {
        assertEquals(List.of(Network.LAN100), CATALOGUE.find("koutsogiannakis").orElseThrow().networks());
        assertEquals(List.of(Network.LAN100), CATALOGUE.find("juric-corba-vs-rmi").orElseThrow().networks());
        assertEquals(List.of(Network.LOOPBACK), CATALOGUE.find("gredler-java-remoting-benchmarks").orElseThrow().networks());
        assertEquals(List.of(Network.LOOPBACK, Network.LAN100), CATALOGUE.find("juric-ws-wssecurity-rmi-ssl").orElseThrow().networks());
        Seed s = CATALOGUE.find("juric-rmi-tunneling-web-services").orElseThrow();
        assertEquals(List.of(Network.LOOPBACK, Network.LAN100), s.networks());
        assertEquals(java.util.EnumSet.of(Setting.ONE_HOST, Setting.TWO_COMPUTERS), s.settings());

        List<WorkloadKind> kinds = List.of(WorkloadKind.JRMP, WorkloadKind.HTTP_TO_PORT, WorkloadKind.HTTP_RMI, WorkloadKind.SOAP);
        List<PlanPoint> points = s.points(Seed.Mode.FULL);
        Comparison local = comparison(s, kinds, points, NetworkSpec.LOOPBACK, 1.0), remote = comparison(s, kinds, points, NetworkSpec.of(Network.LAN100), 3.0);
        SeedResult r = SeedResult.of(s, List.of(local, remote), Seed.Mode.FULL);
        assertEquals(List.of(local, remote), r.comparisons());
        for (SeedResult.Judged j : r.findings()) assertFalse(j.ours().contains("run with --network"), "every setting was run: " + j);
        SeedResult.Table t3 = r.tables().get(0), t4 = r.tables().get(1);
        assertNull(t3.note());
        assertNull(t4.note());
        assertEquals("0.200", t3.rows().get(1).get(5), "Table 3 from loopback");
        assertEquals("0.600", t4.rows().get(1).get(5), "Table 4 from lan100");
        assertEquals("7.500", t4.rows().get(1).get(6), "HTTP-to-port's column, from lan100");
        assertEquals("7.500 against 9.000 ms (0.83x)", r.findings().get(11).ours(), "HTTP-to-port against HTTP-to-servlet on lan100");
        assertNotEquals(Verdict.NOT_MEASURED, r.findings().get(9).verdict(), "a two-computer finding, read on lan100: " + r.findings().get(9));
        // "The network adds ~59% to RMI": jrmp's getters on lan100 against the same on loopback, one from each run.
        assertEquals("0.600 against 0.200 ms (3.00x)", r.findings().get(12).ours());
        assertEquals(Verdict.HOLDS, r.findings().get(12).verdict());
        SeedResult alone = SeedResult.of(s, List.of(local), Seed.Mode.FULL);
        assertEquals(Verdict.NOT_MEASURED, alone.findings().get(12).verdict());
        assertEquals("not measured (needs the run on two computers too (reproduce without --network runs both))", alone.findings().get(12).ours());
    }

    @Test
    void tablesByPackageHoldTheProfilesSharesOfTheirRowsClassesAndSayWhenThereIsNoProfile() {
        Seed s = CATALOGUE.find("juric-ws-wssecurity-rmi-ssl").orElseThrow();
        List<WorkloadKind> kinds = s.runnable();
        Comparison run = new Comparison(new ComparePlan(kinds, s.points(Seed.Mode.QUICK), 5, 1, NetworkSpec.LOOPBACK), List.of(), List.of(), null);
        // jrmp: 200 samples, 40 in serialization (30 writing, 10 reading), 10 in the RMI transport, 6 in sockets.
        io.wireanalyze.profile.CpuProfile jrmp = new io.wireanalyze.profile.CpuProfile(
                Map.of(io.wireanalyze.workloads.JvmSide.CLIENT, Map.of(io.wireanalyze.profile.CpuProfile.Group.SERIALIZATION, 40L, io.wireanalyze.profile.CpuProfile.Group.OTHER, 60L),
                        io.wireanalyze.workloads.JvmSide.SERVER, Map.of(io.wireanalyze.profile.CpuProfile.Group.RMI, 10L, io.wireanalyze.profile.CpuProfile.Group.SOCKETS, 6L,
                                io.wireanalyze.profile.CpuProfile.Group.OTHER, 84L)),
                Map.of(), 0, List.of(), Map.of("java.io.ObjectOutputStream.writeObject0", 30L, "java.io.ObjectInputStream$BlockDataInputStream.read", 10L,
                "sun.rmi.transport.tcp.TCPTransport.handleMessages", 10L, "sun.nio.ch.NioSocketImpl.implRead", 4L, "java.net.Socket$SocketInputStream.read", 2L,
                "java.lang.Object.hashCode", 144L));
        SeedResult r = SeedResult.of(s, List.of(run), Seed.Mode.QUICK, Map.of(Network.LOOPBACK, Map.of(WorkloadKind.JRMP, jrmp)));
        SeedResult.Table t2 = r.tables().get(3);
        assertEquals(List.of("java.net.socket", "27.86", "32.16", "17.02", "39.76", "3.00", "n/a", "n/a", "n/a"), t2.rows().get(0),
                "6 of 200 samples in java.net.Socket* and sun.nio.ch; the others did not run");
        assertEquals("5.00", t2.rows().get(1).get(5), "sun.rmi.transport: 10 of 200");
        assertEquals("20.00", t2.rows().get(4).get(5), "ObjectInputStream and ObjectOutputStream, their inner classes too");
        assertEquals("0.00", t2.rows().get(8).get(5), "sun.security.pkcs: none");
        // The same samples with 300 ms of socket reads and 14 of writes (jdk.SocketRead, jdk.SocketWrite; 50 ms of an idle
        // connection's read left out, in no row): the rows are
        // shares of 514 ms, the samples 1 ms each; java.net.socket holds the 6 samples and the 314 ms of waits.
        io.wireanalyze.profile.CpuProfile waited = new io.wireanalyze.profile.CpuProfile(jrmp.counts(), jrmp.other(), 0, List.of(), jrmp.frames(),
                Map.of(io.wireanalyze.workloads.JvmSide.CLIENT, new io.wireanalyze.profile.CpuProfile.SocketWaits(200_000_000L, 4_000_000L, 20, 20, 50_000_000L),
                        io.wireanalyze.workloads.JvmSide.SERVER, new io.wireanalyze.profile.CpuProfile.SocketWaits(100_000_000L, 10_000_000L, 20, 20, 0)), 290_000_000L);
        SeedResult.Table w2 = SeedResult.of(s, List.of(run), Seed.Mode.QUICK, Map.of(Network.LOOPBACK, Map.of(WorkloadKind.JRMP, waited))).tables().get(3);
        assertEquals("62.26", w2.rows().get(0).get(5), "(6 + 314) of 514 ms in java.net.socket, its waits included");
        assertEquals("1.95", w2.rows().get(1).get(5), "sun.rmi.transport: 10 of 514 ms");
        assertEquals("7.78", w2.rows().get(4).get(5), "serialization: 40 of 514 ms");
        // The calling thread parked 100 ms more (jdk.ThreadPark, as CXF's client on its future): 614 ms, java.net.socket 420.
        io.wireanalyze.profile.CpuProfile parked = new io.wireanalyze.profile.CpuProfile(jrmp.counts(), jrmp.other(), 0, List.of(), jrmp.frames(),
                Map.of(io.wireanalyze.workloads.JvmSide.CLIENT, new io.wireanalyze.profile.CpuProfile.SocketWaits(200_000_000L, 4_000_000L, 20, 20, 50_000_000L, 100_000_000L, 20),
                        io.wireanalyze.workloads.JvmSide.SERVER, new io.wireanalyze.profile.CpuProfile.SocketWaits(100_000_000L, 10_000_000L, 20, 20, 0)), 290_000_000L);
        SeedResult.Table p2 = SeedResult.of(s, List.of(run), Seed.Mode.QUICK, Map.of(Network.LOOPBACK, Map.of(WorkloadKind.JRMP, parked))).tables().get(3);
        assertEquals("68.40", p2.rows().get(0).get(5), "(6 + 314 + 100) of 614 ms in java.net.socket, the parks included");
        assertEquals("6.51", p2.rows().get(4).get(5), "serialization: 40 of 614 ms");
        Seed tunnelling = CATALOGUE.find("juric-rmi-tunneling-web-services").orElseThrow();
        assertTrue(((Quantity.Cpu) tunnelling.tables().get(2).rows().get(0).ours().get(0)).frames().contains("jdk.SocketWrite"),
                "Table 5's socketWrite row holds the writes' waits");
        SeedResult unprofiled = SeedResult.of(s, List.of(run), Seed.Mode.QUICK);
        assertEquals("needs --profile", unprofiled.tables().get(3).rows().get(0).get(5));
        Seed t = CATALOGUE.find("juric-rmi-tunneling-web-services").orElseThrow();
        assertEquals(new Quantity.Cpu("http-to-port", List.of("sun.rmi.transport.")), t.tables().get(2).rows().get(1).ours().get(1), "Table 5's HTTP-to-port column");
    }

    private static Comparison comparison(Seed s, List<WorkloadKind> kinds, List<PlanPoint> points, NetworkSpec net, double scale) {
        Map<WorkloadKind, Double> ms = Map.of(WorkloadKind.JRMP, 0.2, WorkloadKind.HTTP_TO_PORT, 2.5, WorkloadKind.HTTP_RMI, 3.0, WorkloadKind.SOAP, 2.0);
        List<RunRecord> runs = new ArrayList<>();
        for (PlanPoint p : points)
            for (WorkloadKind k : kinds)
                runs.add(new RunRecord(new RunKey(k, p, 1), Path.of(p.stem() + ".pcap"),
                        new RunFigures(Map.of(Figure.CLIENT_MS_PER_INVOCATION, scale * ms.get(k), Figure.SETUP_MS, 100 * scale * ms.get(k)), Map.of())));
        return new Comparison(new ComparePlan(kinds, points, 50, 1, net), runs, List.of(), null);
    }
}
