package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.phase.Phase;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.style.CategoryStyler;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;
import java.util.function.ToDoubleFunction;

/**
 * A PNG chart drawn with XChart, headless: packets per phase and elapsed ms per phase, a stacked bar per capture
 * each (totals above the bars, the phase colours of {@link Legend}); below, for each capture with invocations, a
 * strip of latency ms by invocation number ({@link LatencyStrip}).
 */
public final class ChartReport {

    static final int WIDTH = 1400;
    static final int BARS_HEIGHT = 460;
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);
    static final Color TEXT = new Color(0x222222);
    static final Color GRID = new Color(0xDDDDDD);

    /** Writes the chart as PNG; leaves {@code out} open. */
    public void write(OutputStream out, List<AnalysisResult> results) throws IOException {
        if (!ImageIO.write(render(results), "png", out)) throw new IOException("no PNG writer in this JDK");
        out.flush();
    }

    public void write(Path file, List<AnalysisResult> results) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(out, results);
        }
    }

    public BufferedImage render(List<AnalysisResult> results) {
        if (results.isEmpty()) throw new IllegalArgumentException("no capture to chart");
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
        List<Phase> shown = Arrays.stream(Phase.values()).filter(p -> results.stream()
                .anyMatch(r -> r.phase(p).packets() > 0 || r.phase(p).elapsedMs() > 0)).toList();
        List<AnalysisResult> withLatency = results.stream().filter(LatencyStrip::hasLatency).toList();
        List<String> names = uniqueNames(results);
        String suffix = results.size() == 1 ? ": " + names.get(0) : "";
        int half = WIDTH / 2 - TITLE_MARGIN;
        CategoryChart packets = bars("Packets per phase", suffix, half, "packets", names, results, shown, s -> s.packets(), v -> Fmt.count(Math.round(v)));
        // XChart centres a title over the plot, which the legend on the right pushes left: the title has that much less room.
        CategoryChart elapsed = bars("Elapsed ms per phase", suffix, half - legendWidth(shown), "ms", names, results, shown, s -> s.elapsedMs(), ChartReport::shortMs);
        packets.getStyler().setLegendVisible(false);   // one legend, right of the second chart: the same colours

        int height = BARS_HEIGHT + withLatency.size() * LatencyStrip.HEIGHT;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            paint(g, packets, 0, 0);
            paint(g, elapsed, WIDTH / 2, 0);
            int y = BARS_HEIGHT;
            for (AnalysisResult r : withLatency) {
                paint(g, LatencyStrip.chart(r, WIDTH), 0, y);
                y += LatencyStrip.HEIGHT;
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    static void paint(Graphics2D g, org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, int x, int y) {
        Graphics2D one = (Graphics2D) g.create();
        try {
            one.translate(x, y);
            one.clipRect(0, 0, chart.getWidth(), chart.getHeight());
            chart.paint(one, chart.getWidth(), chart.getHeight());
        } finally {
            one.dispose();
        }
    }

    /**
     * A stacked bar per capture, a series per phase in its colour, the totals in the title ({@link #fitTitle}). The
     * {@code suffix} (": " and the one capture's name) is dropped from the title when it does not fit: the name is
     * under the bar too.
     */
    private static CategoryChart bars(String title, String suffix, int titleRoom, String yTitle, List<String> names, List<AnalysisResult> results,
                                      List<Phase> shown, ToDoubleFunction<AnalysisResult.PhaseStats> value, DoubleFunction<String> format) {
        CategoryChart c = new CategoryChartBuilder().width(WIDTH / 2).height(BARS_HEIGHT).title(title).xAxisTitle("capture").yAxisTitle(yTitle).build();
        CategoryStyler s = c.getStyler();
        s.setStacked(true);
        Charts.look(s, TITLE, LABEL, SMALL);
        s.setAvailableSpaceFill(0.6);
        s.setAntiAlias(false);   // bars in their phase's exact colour, edge to edge
        s.setYAxisDecimalPattern("#,##0.###");
        if (names.stream().mapToInt(String::length).sum() > 60) s.setXAxisLabelRotation(15);
        for (Phase p : shown) {
            List<Double> ys = results.stream().map(r -> value.applyAsDouble(r.phase(p))).toList();
            CategorySeries series = c.addSeries(p.label(), names, ys);
            series.setFillColor(Legend.colour(p));
        }
        List<String> totals = new java.util.ArrayList<>();
        for (AnalysisResult r : results) totals.add(format.apply(shown.stream().mapToDouble(p -> value.applyAsDouble(r.phase(p))).sum()));
        c.setTitle(fitTitle(title, suffix, totals, titleRoom));
        return c;
    }

    /** The legend's width beside a chart: its longest phase label, its colour box and padding. */
    static int legendWidth(List<Phase> shown) {
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            java.awt.FontMetrics m = g.getFontMetrics(SMALL);
            return shown.stream().mapToInt(p -> m.stringWidth(p.label())).max().orElse(0) + LEGEND_PADDING;
        } finally {
            g.dispose();
        }
    }

    /** A legend's colour box, the gaps around it and the legend's margins, in pixels (XChart's defaults, measured). */
    static final int LEGEND_PADDING = 80;

    /** Room left of and right of a chart's title within its half of the image. */
    static final int TITLE_MARGIN = 40;

    /**
     * The longest title that fits {@code width} pixels in {@link #TITLE}: with the suffix and the totals, then without
     * the suffix, then the bare title (the y axis still reads the totals). A centred title wider than its chart lost its
     * first and last letters to the half's edge (a capture's long file name did it).
     */
    static String fitTitle(String title, String suffix, List<String> totals, int width) {
        String t = "totals: " + String.join(", ", totals);
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            java.awt.FontMetrics m = g.getFontMetrics(TITLE);
            for (String c : List.of(title + suffix + " (" + t + ")", title + " (" + t + ")")) {
                if (m.stringWidth(c) <= width) return c;
            }
            return title;
        } finally {
            g.dispose();
        }
    }

    /** The captures' file names, elided in the middle to 40 characters and made unique with a number where two are alike. */
    private static List<String> uniqueNames(List<AnalysisResult> results) {
        List<String> out = new java.util.ArrayList<>();
        for (AnalysisResult r : results) {
            String n = Fmt.fileName(r.source());
            if (n.length() > 40) n = n.substring(0, 19) + "…" + n.substring(n.length() - 20);
            String u = n;
            for (int k = 2; out.contains(u); k++) u = n + " (" + k + ")";
            out.add(u);
        }
        return out;
    }

    /** Milliseconds for a chart label: 3 decimals below 10, 1 below 1000, none above. */
    static String shortMs(double ms) {
        String f = ms < 10 ? "%.3f" : ms < 1000 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, f, ms);
    }
}
