package io.wireanalyze.report;

import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.Locale;

/** Tick steps of 1, 2 or 5 times a power of ten, and a horizontal value axis with grid lines. */
public final class Axis {

    private static final int TICKS = 5;

    private Axis() {}

    /** A step of 1, 2 or 5 x 10^n giving about {@value #TICKS} ticks up to {@code max}, at least {@code min}. */
    public static double niceStep(double max, double min) {
        if (max <= 0) return Math.max(min, 1);
        double raw = max / TICKS;
        double exp = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / exp;
        double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10;
        return Math.max(min, nice * exp);
    }

    /** A tick label with as many decimals as the step needs: 50 gives "150", 0.2 gives "0.6". */
    public static String label(double v, double step) {
        int decimals = (int) Math.max(0, -Math.floor(Math.log10(step) + 1e-9));
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    /** Grid lines from {@code top} to {@code bottom} and tick labels below, for values 0..{@code scaleMax}. */
    static void drawX(Graphics2D g, int x, int bottom, int width, int top, double scaleMax, double step) {
        g.setFont(ChartReport.SMALL);
        FontMetrics fm = g.getFontMetrics();
        int lastRight = Integer.MIN_VALUE;
        for (int i = 0; i * step <= scaleMax * (1 + 1e-9); i++) {
            double v = i * step;
            int px = x + (int) Math.round(v / scaleMax * width);
            g.setColor(ChartReport.GRID);
            g.drawLine(px, top - 4, px, bottom + 4);
            String label = label(v, step);
            int lx = px - fm.stringWidth(label) / 2;
            if (lx > lastRight + 8) {
                g.setColor(ChartReport.TEXT);
                g.drawString(label, lx, bottom + 6 + fm.getAscent());
                lastRight = lx + fm.stringWidth(label);
            }
        }
    }
}
