package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.phase.Phase;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
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
 * A PNG chart drawn with Java2D, headless: one horizontal stacked bar per capture, packets per phase on the
 * left, elapsed ms per phase on the right, totals at the bar ends, a legend of the phase colours; below, for
 * each capture with invocations, a strip of latency ms by invocation number.
 */
public final class ChartReport {

    static final int WIDTH = 1400;
    static final int MARGIN = 24;
    private static final int BAR = 30;
    private static final int BAR_GAP = 14;
    private static final int PANEL_GAP = 48;
    private static final int MAX_LABEL = 300;
    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 20);
    static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
    static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
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

        Graphics2D probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        List<String> names = results.stream().map(r -> Fmt.fileName(r.source())).toList();
        FontMetrics lm = probe.getFontMetrics(LABEL);
        int labelWidth = Math.min(MAX_LABEL, names.stream().mapToInt(lm::stringWidth).max().orElse(0)) + 16;
        int legendRows = Legend.rows(probe, shown, WIDTH - 2 * MARGIN);
        probe.dispose();

        int barsTop = MARGIN + 34 + legendRows * Legend.ROW + 40;
        int barsHeight = results.size() * (BAR + BAR_GAP) + 34;
        int height = barsTop + barsHeight + withLatency.size() * LatencyStrip.HEIGHT + MARGIN;

        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(TEXT);
            g.setFont(TITLE);
            String title = "Packets and elapsed time per phase" + (results.size() == 1 ? ": " + names.get(0) : "");
            g.drawString(elide(g.getFontMetrics(), title, WIDTH - 2 * MARGIN), MARGIN, MARGIN + 20);
            Legend.draw(g, shown, MARGIN, MARGIN + 34, WIDTH - 2 * MARGIN);

            g.setFont(LABEL);
            for (int i = 0; i < names.size(); i++) {
                int y = barsTop + i * (BAR + BAR_GAP);
                g.setColor(TEXT);
                g.drawString(elide(g.getFontMetrics(), names.get(i), labelWidth - 16), MARGIN, baseline(g, y, BAR));
            }
            int panelWidth = (WIDTH - 2 * MARGIN - labelWidth - PANEL_GAP) / 2;
            int left = MARGIN + labelWidth;
            panel(g, results, shown, "Packets", s -> s.packets(), v -> Fmt.count(Math.round(v)), 1, left, barsTop, panelWidth);
            panel(g, results, shown, "Elapsed ms", s -> s.elapsedMs(), ChartReport::shortMs, 0,
                    left + panelWidth + PANEL_GAP, barsTop, panelWidth);

            int y = barsTop + barsHeight;
            for (AnalysisResult r : withLatency) {
                LatencyStrip.draw(g, r, MARGIN, y, WIDTH - 2 * MARGIN);
                y += LatencyStrip.HEIGHT;
            }
        } finally {
            g.dispose();
        }
        return img;
    }

    private static void panel(Graphics2D g, List<AnalysisResult> results, List<Phase> shown, String title,
                              ToDoubleFunction<AnalysisResult.PhaseStats> value,
                              DoubleFunction<String> format, double minStep, int x, int top, int width) {
        g.setFont(SMALL);
        FontMetrics fm = g.getFontMetrics();
        double[] totals = results.stream().mapToDouble(r -> shown.stream().mapToDouble(p -> value.applyAsDouble(r.phase(p))).sum()).toArray();
        String widestTotal = Arrays.stream(totals).mapToObj(format).max((a, b) -> fm.stringWidth(a) - fm.stringWidth(b)).orElse("");
        int barWidth = width - fm.stringWidth(widestTotal) - 10;
        double max = Arrays.stream(totals).max().orElse(0);
        double step = Axis.niceStep(max, minStep);
        double scaleMax = max == 0 ? 1 : max;
        int bottom = top + results.size() * (BAR + BAR_GAP) - BAR_GAP;

        g.setFont(LABEL.deriveFont(Font.BOLD));
        g.setColor(TEXT);
        g.drawString(title, x, top - 12);
        Axis.drawX(g, x, bottom, barWidth, top, scaleMax, step);

        for (int i = 0; i < results.size(); i++) {
            int y = top + i * (BAR + BAR_GAP);
            double at = 0;
            for (Phase p : shown) {
                double v = value.applyAsDouble(results.get(i).phase(p));
                if (v <= 0) continue;
                int x0 = x + (int) Math.round(at / scaleMax * barWidth);
                at += v;
                int x1 = x + (int) Math.round(at / scaleMax * barWidth);
                g.setColor(Legend.colour(p));
                g.fillRect(x0, y, Math.max(1, x1 - x0), BAR);
                g.setFont(SMALL);
                String label = format.apply(v);
                int w = g.getFontMetrics().stringWidth(label);
                if (w + 8 <= x1 - x0) {
                    g.setColor(Legend.textOn(Legend.colour(p)));
                    g.drawString(label, x0 + (x1 - x0 - w) / 2, baseline(g, y, BAR));
                }
            }
            g.setColor(TEXT);
            g.setFont(SMALL);
            g.drawString(format.apply(totals[i]), x + (int) Math.round(at / scaleMax * barWidth) + 6, baseline(g, y, BAR));
        }
    }

    /** Milliseconds for a chart label: 3 decimals below 10, 1 below 1000, none above. */
    static String shortMs(double ms) {
        String f = ms < 10 ? "%.3f" : ms < 1000 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, f, ms);
    }

    /** The baseline that centres the current font's text in a box of height h starting at y. */
    static int baseline(Graphics2D g, int y, int h) {
        FontMetrics fm = g.getFontMetrics();
        return y + (h - fm.getAscent() - fm.getDescent()) / 2 + fm.getAscent();
    }

    /** {@code text} shortened in the middle with an ellipsis to fit {@code width} pixels. */
    static String elide(FontMetrics fm, String text, int width) {
        if (fm.stringWidth(text) <= width) return text;
        int keep = text.length();
        String s = text;
        while (keep > 2 && fm.stringWidth(s) > width) {
            keep--;
            s = text.substring(0, keep / 2) + "…" + text.substring(text.length() - (keep - keep / 2));
        }
        return s;
    }
}
