package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;

/** Latency ms by invocation number for one capture: measured calls in blue, warm-up grey, marker orange. */
final class LatencyStrip {

    static final int HEIGHT = 190;
    private static final int AXIS_LEFT = 70;
    private static final int PLOT_TOP = 44;
    private static final int PLOT_BOTTOM = 40;
    private static final int DOT_PAD = 16;
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

    /** Two passes over the invocations (they may be read from disk): their number and greatest latency, then the dots. */
    static void draw(Graphics2D g, AnalysisResult r, int x, int y, int width) {
        int n = 0;
        double max = 0;
        for (InvocationRecord i : r.invocations()) {
            if (i.legOf() != null) continue;   // a leg is part of its call
            n++;
            if (i.latencyMs() != null) max = Math.max(max, i.latencyMs());
        }
        double yStep = Axis.niceStep(max, 0);
        double yMax = max == 0 ? 1 : max * 1.1;
        int left = x + AXIS_LEFT, right = x + width - 10;
        int firstX = left + DOT_PAD, lastX = right - DOT_PAD;
        int top = y + PLOT_TOP, bottom = y + HEIGHT - PLOT_BOTTOM;

        g.setFont(ChartReport.LABEL.deriveFont(Font.BOLD));
        g.setColor(ChartReport.TEXT);
        String title = "Latency ms by invocation number: " + Fmt.fileName(r.source());
        g.drawString(ChartReport.elide(g.getFontMetrics(), title, width - 330), x, y + 24);
        key(g, x + width, y + 24);

        g.setFont(ChartReport.SMALL);
        FontMetrics fm = g.getFontMetrics();
        for (int i = 0; i * yStep <= yMax * (1 + 1e-9); i++) {
            double v = i * yStep;
            int py = bottom - (int) Math.round(v / yMax * (bottom - top));
            g.setColor(ChartReport.GRID);
            g.drawLine(left, py, right, py);
            g.setColor(ChartReport.TEXT);
            String label = Axis.label(v, yStep);
            g.drawString(label, left - 8 - fm.stringWidth(label), py + fm.getAscent() / 2 - 1);
        }
        double xStep = Axis.niceStep(n, 1);
        int previous = 0;
        for (int k = 0; k * xStep <= n; k++) {
            int number = Math.max(1, (int) Math.round(k * xStep));
            if (number == previous) continue;
            previous = number;
            String label = Integer.toString(number);
            g.drawString(label, px(number, n, firstX, lastX) - fm.stringWidth(label) / 2, bottom + 6 + fm.getAscent());
        }
        g.drawLine(left, bottom, right, bottom);

        g.setStroke(new BasicStroke(1.5f));
        int dot = n > SMALL_DOTS_FROM ? 2 : 8;   // many calls: small dots, or they hide each other
        int number = 0;
        for (InvocationRecord c : r.invocations()) {
            if (c.legOf() != null) continue;
            number++;
            if (c.latencyMs() == null) continue;
            int px = px(number, n, firstX, lastX);
            int py = bottom - (int) Math.round(c.latencyMs() / yMax * (bottom - top));
            g.setColor(c.marker() ? MARKER : c.warmup() ? WARMUP : MEASURED);
            g.fillOval(px - dot / 2, py - dot / 2, dot, dot);
        }
    }

    private static int px(int number, int n, int left, int right) {
        return n <= 1 ? (left + right) / 2 : left + (int) Math.round((number - 1) / (double) (n - 1) * (right - left));
    }

    /** The colour key, right-aligned at {@code right}. */
    private static void key(Graphics2D g, int right, int baseline) {
        g.setFont(ChartReport.SMALL);
        FontMetrics fm = g.getFontMetrics();
        String[] labels = {"measured", "warm-up", "marker"};
        Color[] colours = {MEASURED, WARMUP, MARKER};
        int x = right;
        for (int i = labels.length - 1; i >= 0; i--) {
            x -= fm.stringWidth(labels[i]);
            g.setColor(ChartReport.TEXT);
            g.drawString(labels[i], x, baseline);
            x -= 14;
            g.setColor(colours[i]);
            g.fillOval(x, baseline - 9, 9, 9);
            x -= 18;
        }
    }
}
