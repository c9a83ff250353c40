package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

import java.awt.Color;
import java.awt.Font;
import java.util.ArrayList;
import java.util.List;

/** Latency ms by invocation number for one capture (XChart): measured calls in blue, warm-up grey, marker orange. */
final class LatencyStrip {

    static final int HEIGHT = 230;
    private static final Color MEASURED = new Color(0x4E79A7);
    private static final Color WARMUP = new Color(0xBAB0AC);
    private static final Color MARKER = new Color(0xF28E2B);

    /** From this many calls on, dots are drawn small. */
    static final int SMALL_DOTS_FROM = 2_000;

    private LatencyStrip() {}

    static boolean hasLatency(AnalysisResult r) {
        for (InvocationRecord i : r.invocations()) if (i.latencyMs() != null) return true;
        return false;
    }

    /** One pass over the invocations (they may be read from disk): each call's number and latency, by kind. */
    static XYChart chart(AnalysisResult r, int width) {
        List<Double> mx = new ArrayList<>(), my = new ArrayList<>(), wx = new ArrayList<>(), wy = new ArrayList<>(), kx = new ArrayList<>(), ky = new ArrayList<>();
        int number = 0;
        for (InvocationRecord c : r.invocations()) {
            if (c.legOf() != null) continue;   // a leg is part of its call
            number++;
            if (c.latencyMs() == null) continue;
            List<Double> xs = c.marker() ? kx : c.warmup() ? wx : mx, ys = c.marker() ? ky : c.warmup() ? wy : my;
            xs.add((double) number);
            ys.add(c.latencyMs());
        }
        XYChart chart = new XYChartBuilder().width(width).height(HEIGHT).title("Latency ms by invocation number: " + Fmt.fileName(r.source()))
                .xAxisTitle("invocation").yAxisTitle("latency ms").build();
        XYStyler s = chart.getStyler();
        s.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        Charts.look(s, ChartReport.LABEL.deriveFont(Font.BOLD), ChartReport.SMALL, ChartReport.SMALL);
        s.setMarkerSize(number > SMALL_DOTS_FROM ? 3 : 8);   // many calls: small dots, or they hide each other
        s.setYAxisMin(0.0);
        s.setXAxisDecimalPattern("#,##0");
        s.setYAxisDecimalPattern("#,##0.###");
        add(chart, "measured", mx, my, MEASURED);
        add(chart, "warm-up", wx, wy, WARMUP);
        add(chart, "marker", kx, ky, MARKER);
        return chart;
    }

    private static void add(XYChart chart, String name, List<Double> xs, List<Double> ys, Color colour) {
        if (xs.isEmpty()) return;
        XYSeries series = chart.addSeries(name, xs, ys);
        series.setMarker(SeriesMarkers.CIRCLE);
        series.setMarkerColor(colour);
    }
}
