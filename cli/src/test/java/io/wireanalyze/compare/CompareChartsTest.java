package io.wireanalyze.compare;

import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.report.Charts;
import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.*;

/** The comparison's charts (XChart): which figures a plan gets, each as PNG and SVG, one chart a panel. */
class CompareChartsTest {

    /** A comparison with figures made up from the point: ms grows with the size and the protocol, 3 repetitions. */
    static Comparison comparison(List<WorkloadKind> kinds, List<PlanPoint> points) {
        List<RunRecord> runs = new ArrayList<>();
        for (int r = 1; r <= 3; r++)
            for (PlanPoint p : points)
                for (WorkloadKind k : kinds) {
                    double ms = (1 + k.ordinal()) * (0.2 + 0.01 * Math.max(1, p.payload().count())) * (1 + 0.05 * r);
                    runs.add(new RunRecord(new RunKey(k, p, r), Path.of(p.stem() + ".pcap"), new RunFigures(Map.of(
                            Figure.CLIENT_MS_PER_INVOCATION, ms, Figure.CALLS_MS, ms * p.invocations(), Figure.OVERHEAD_PACKETS_PER_INVOCATION, 2.0 + k.ordinal() + r,
                            Figure.LATENCY_MEAN, ms * p.clients()), Map.of())));
                }
        return new Comparison(new ComparePlan(kinds, points, 1, 3, NetworkSpec.LOOPBACK), runs, List.of(), null);
    }

    @Test
    void gettersGiveTheTimePerCallByDataTypeAndSizesTheTimeAgainstSize(@TempDir Path tmp) throws Exception {
        Path dir = System.getProperty("keepCharts") != null ? Files.createDirectories(Path.of(System.getProperty("keepCharts"))) : tmp;
        List<PlanPoint> points = new ArrayList<>();
        for (BenchMethod m : List.of(BenchMethod.GET_INT, BenchMethod.GET_DOUBLE, BenchMethod.GET_STRING)) points.add(new PlanPoint(Payload.getter(m), 200, 1));
        for (int n : List.of(1, 10, 100, 1000, 5000)) points.add(new PlanPoint(Payload.parse("objects:" + n).orElseThrow(), 100, 1));
        List<Path> files = new CompareCharts().write(dir, "c", comparison(List.of(WorkloadKind.JRMP, WorkloadKind.SOAP, WorkloadKind.HESSIAN), points));
        assertEquals(List.of("c-overhead.png", "c-overhead.svg", "c-types.png", "c-types.svg", "c-sizes.png", "c-sizes.svg"),
                files.stream().map(f -> f.getFileName().toString()).toList(), "no series along invocations or clients: no time or clients chart");
        BufferedImage sizes = ImageIO.read(dir.resolve("c-sizes.png").toFile());
        assertEquals(Charts.WIDTH, sizes.getWidth());
        assertEquals(Charts.HEIGHT, sizes.getHeight(), "one panel: 100 calls, 1 client");
        assertEquals(Charts.HEIGHT, ImageIO.read(dir.resolve("c-types.png").toFile()).getHeight(), "one panel: the getters, not getObjects");
        String svg = Files.readString(dir.resolve("c-types.svg"));
        assertTrue(svg.startsWith("<?xml") && svg.contains("<svg") && svg.contains("viewBox=\"0 0 1100 440\""), svg.substring(0, 300));
        assertTrue(svg.strip().endsWith("</svg>"));
    }

    @Test
    void invocationsAndClientsGiveOnePanelPerSeries(@TempDir Path tmp) throws Exception {
        Path dir = System.getProperty("keepCharts") != null ? Files.createDirectories(Path.of(System.getProperty("keepCharts"))) : tmp;
        List<PlanPoint> points = new ArrayList<>();
        for (int n : List.of(20, 160, 560)) {
            points.add(new PlanPoint(Payload.ints(6000), n, 1));
            points.add(new PlanPoint(Payload.chars(6000), n, 1));
        }
        for (int c : List.of(1, 2, 4, 8)) points.add(new PlanPoint(Payload.getter(BenchMethod.GET_INT), 200, c));
        // one getter at each point: no chart by data type
        List<Path> files = new CompareCharts().write(dir, "k", comparison(List.of(WorkloadKind.JRMP, WorkloadKind.RMI_IIOP), points));
        assertTrue(files.contains(dir.resolve("k-time.png")) && files.contains(dir.resolve("k-clients.svg")), files.toString());
        assertEquals(2 * Charts.HEIGHT, ImageIO.read(dir.resolve("k-time.png").toFile()).getHeight(), "ints and chars: two panels");
        assertEquals(Charts.HEIGHT, ImageIO.read(dir.resolve("k-clients.png").toFile()).getHeight());
        assertFalse(files.contains(dir.resolve("k-types.png")), files.toString());
    }
}
