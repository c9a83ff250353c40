package io.wireanalyze.report;

import de.erichseifert.vectorgraphics2d.VectorGraphics2D;
import de.erichseifert.vectorgraphics2d.svg.SVGProcessor;
import de.erichseifert.vectorgraphics2d.util.PageSize;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Charts drawn with XChart, headless, in one look: white, a grid, the series in the same colours everywhere, the
 * legend on the right. Several charts of one figure are stacked one under the other in one PNG and one SVG
 * (VectorGraphics2D), so a figure is one file of each kind.
 */
public final class Charts {
    public static final int WIDTH = 1100;
    public static final int HEIGHT = 440;
    static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf)};
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 17);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    private Charts() {
    }

    /** A value with its spread over the repetitions: the mean, and the min and max a whisker joins. */
    public record Value(double mean, double min, double max) {
    }

    /** A series: its name and its value at every x (null where it has none). */
    public record Series(String name, List<Value> values) {
    }

    /**
     * A chart of series over numeric x positions: markers at the means joined by lines ({@code lines}) or not, and a
     * whisker from min to max at every point. {@code xLabels} non-null: the x positions are 0, 1, 2... and are
     * labelled with these (plan points, data types); then the series are set slightly apart so their whiskers do not
     * hide each other.
     */
    public static XYChart xy(String title, String xTitle, String yTitle, List<Double> xs, List<String> xLabels, List<Series> series,
                             boolean lines, boolean logX, boolean logY) {
        XYChart c = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        XYStyler s = c.getStyler();
        style(s);
        s.setXAxisLogarithmic(logX);
        s.setYAxisLogarithmic(logY);
        s.setDefaultSeriesRenderStyle(lines ? XYSeries.XYSeriesRenderStyle.Line : XYSeries.XYSeriesRenderStyle.Scatter);
        if (xLabels != null) {
            // XChart keeps a tick spacing only if its labels are unique: ticks between the labels get blanks of
            // different lengths of zero-width spaces.
            s.setxAxisTickLabelsFormattingFunction(x -> {
                int i = (int) Math.round(x);
                if (Math.abs(x - i) < 1e-6 && i >= 0 && i < xLabels.size()) return xLabels.get(i);
                return "\u200B".repeat(1 + (int) Math.abs(Math.round(x * 8)) % 64);
            });
            s.setXAxisTickMarkSpacingHint(30);   // a tick at every label when they fit, not every few
        } else if (!logX) {
            s.setxAxisTickLabelsFormattingFunction(Charts::number);
        }
        // A formatting function replaces XChart's logarithmic ticks: log axes keep its decades.
        if (!logY) s.setyAxisTickLabelsFormattingFunction(Charts::number);
        int n = series.size();
        for (int k = 0; k < n; k++) {
            Series one = series.get(k);
            double dodge = 0;
            List<Double> x = new ArrayList<>(), y = new ArrayList<>(), wx = new ArrayList<>(), wy = new ArrayList<>();
            for (int i = 0; i < xs.size() && i < one.values().size(); i++) {
                Value v = one.values().get(i);
                if (v == null || !(v.mean() > 0 || !logY)) continue;
                double at = xs.get(i) + dodge;
                x.add(at);
                y.add(v.mean());
                if (v.max() > v.min() && (v.min() > 0 || !logY)) {
                    wx.add(at);
                    wy.add(v.min());
                    wx.add(at);
                    wy.add(v.max());
                    wx.add(at);
                    wy.add(Double.NaN);
                }
            }
            Color colour = PALETTE[k % PALETTE.length];
            if (x.isEmpty()) continue;   // it did not run, or has no such figure
            XYSeries means = c.addSeries(one.name(), x, y);
            means.setLineColor(colour);
            means.setMarkerColor(colour);
            means.setMarker(SeriesMarkers.CIRCLE);
            means.setLineStyle(new BasicStroke(2f));
            if (!wx.isEmpty()) {
                XYSeries whiskers = c.addSeries(one.name() + " min..max", wx, wy);
                whiskers.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
                whiskers.setLineColor(colour);
                whiskers.setMarker(SeriesMarkers.NONE);
                whiskers.setLineStyle(SeriesLines.SOLID);
                whiskers.setShowInLegend(false);
            }
        }
        return c;
    }

    private static void style(XYStyler s) {
        look(s, TITLE, LABEL, LABEL);
        s.setPlotBorderColor(new Color(0x888888));
        s.setSeriesColors(PALETTE);
        s.setMarkerSize(9);
        s.setAntiAlias(true);
    }

    /**
     * The look every chart of ours shares (the comparisons', a capture's phases and its latency strip): white, a light
     * grid ({@link ChartReport#GRID}), the title without a box, tick labels in 12 points, the legend on the right without
     * a border; in the fonts given for the title, the axes' titles and the legend.
     */
    static void look(AxesChartStyler s, Font title, Font axisTitles, Font legend) {
        s.setChartBackgroundColor(Color.WHITE);
        s.setPlotBackgroundColor(Color.WHITE);
        s.setPlotGridLinesColor(ChartReport.GRID);
        s.setChartTitleBoxVisible(false);
        s.setChartTitleFont(title);
        s.setAxisTitleFont(axisTitles);
        s.setAxisTickLabelsFont(SMALL);
        s.setLegendFont(legend);
        s.setLegendPosition(Styler.LegendPosition.OutsideE);
        s.setLegendBorderColor(Color.WHITE);
    }

    /** 0.5, 12, 1,200, 1.5k...: short tick labels. */
    static String number(Double v) {
        double a = Math.abs(v);
        if (a == 0) return "0";
        if (a >= 100_000) return String.format(Locale.ROOT, "%.0fk", v / 1000);
        if (a >= 100) return String.format(Locale.ROOT, "%,.0f", v);
        if (a >= 1) return trim(String.format(Locale.ROOT, "%.2f", v));
        return trim(String.format(Locale.ROOT, "%.3g", v));
    }

    private static String trim(String s) {
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /**
     * Writes {@code charts} one under the other as {@code <base>.png} and {@code <base>.svg} in {@code dir}; returns
     * the two files.
     */
    public static List<Path> write(Path dir, String base, List<? extends Chart<?, ?>> charts) throws IOException {
        if (charts.isEmpty()) throw new IllegalArgumentException(base + ": no chart to write");
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
        int width = charts.stream().mapToInt(Chart::getWidth).max().orElseThrow();
        int height = charts.stream().mapToInt(Chart::getHeight).sum();
        Path png = dir.resolve(base + ".png"), svg = dir.resolve(base + ".svg");
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            paint(g, charts);
        } finally {
            g.dispose();
        }
        // To the file, not a stream: ImageIO caches a stream's image in a temporary file whose closer is a shutdown
        // hook, which cannot be added while Ctrl-C's hook writes the partial report.
        Files.deleteIfExists(png);
        if (!ImageIO.write(img, "png", png.toFile())) throw new IOException("no PNG writer in this JDK");
        VectorGraphics2D v = new VectorGraphics2D();
        paint(v, charts);
        try (OutputStream out = Files.newOutputStream(svg)) {
            new SVGProcessor().getDocument(v.getCommands(), new PageSize(0, 0, width, height)).writeTo(out);
        }
        return List.of(png, svg);
    }

    private static void paint(Graphics2D g, List<? extends Chart<?, ?>> charts) {
        int y = 0;
        for (Chart<?, ?> c : charts) {
            Graphics2D one = (Graphics2D) g.create();
            try {
                one.translate(0, y);
                one.clipRect(0, 0, c.getWidth(), c.getHeight());
                c.paint(one, c.getWidth(), c.getHeight());
            } finally {
                one.dispose();
            }
            y += c.getHeight();
        }
    }

    /** The values of {@code f} along {@code points}, null where it has none. */
    public static <P> List<Value> values(List<P> points, Function<P, Value> f) {
        List<Value> out = new ArrayList<>();
        for (P p : points) out.add(f.apply(p));
        return out;
    }
}
