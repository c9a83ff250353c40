package io.wireanalyze.compare;

import io.wireanalyze.report.Axis;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Charts of comparisons, drawn with Java2D, headless: a column of panels, each a line chart (a line per protocol
 * through its means, a whisker from min to max at every point) or a grouped bar chart (a bar per protocol in each
 * group, with its whisker), a legend of the protocols' colours on top.
 */
final class Plot {
    static final int WIDTH = 1100;
    static final int PANEL = 420;
    private static final int MARGIN = 24;
    private static final int LEFT = 90;
    private static final int LEGEND = 34;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 20);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 15);
    private static final Font SMALL = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    private static final Color TEXT = new Color(0x222222);
    private static final Color GRID = new Color(0xDDDDDD);
    private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c), new Color(0xff7f0e),
            new Color(0x9467bd), new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f)};

    /** A value with its spread: a mean and the min and max over the repetitions. */
    record Value(double mean, double min, double max) {
        static Value of(Stat s) {
            return s == null ? null : new Value(s.mean(), s.min(), s.max());
        }
    }

    /** One protocol's values along the x axis (line chart) or across the groups (bar chart); null where it has none. */
    record Series(String name, List<Value> values) {
    }

    /** A panel: its title, axis labels, the x positions' labels (line charts: numbers, bar charts: group names). */
    record Panel(String title, String xLabel, String yLabel, List<String> xs, List<Series> series) {
    }

    enum Kind { LINES, BARS }

    private Plot() {
    }

    static void write(Path file, String title, Kind kind, List<Panel> panels) throws IOException {
        if (System.getProperty("java.awt.headless") == null) System.setProperty("java.awt.headless", "true");
        Graphics2D probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        probe.setFont(SMALL);
        int[] extra = panels.stream().mapToInt(p -> labelRoom(probe.getFontMetrics(), p)).toArray();
        probe.dispose();
        int height = MARGIN + 30 + LEGEND + panels.size() * PANEL + java.util.Arrays.stream(extra).sum() + MARGIN;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, WIDTH, height);
            g.setColor(TEXT);
            g.setFont(TITLE);
            g.drawString(title, MARGIN, MARGIN + 20);
            legend(g, panels.isEmpty() ? List.of() : panels.get(0).series(), MARGIN + 30);
            int y = MARGIN + 30 + LEGEND;
            for (int i = 0; i < panels.size(); i++) {
                panel(g, kind, panels.get(i), y, extra[i]);
                y += PANEL + extra[i];
            }
        } finally {
            g.dispose();
        }
        if (!ImageIO.write(img, "png", file.toFile())) throw new IOException("no PNG writer in this JDK");
    }

    private static void legend(Graphics2D g, List<Series> series, int y) {
        g.setFont(LABEL);
        int x = MARGIN;
        for (int i = 0; i < series.size(); i++) {
            g.setColor(colour(i));
            g.fillRect(x, y + 4, 14, 14);
            g.setColor(TEXT);
            g.drawString(series.get(i).name(), x + 20, y + 16);
            x += 40 + g.getFontMetrics().stringWidth(series.get(i).name());
        }
    }

    /** Extra height for x labels written upwards because they do not fit side by side; 0 when they fit. */
    private static int labelRoom(FontMetrics fm, Panel p) {
        int slot = (WIDTH - 2 * MARGIN - LEFT) / Math.max(1, p.xs().size());
        int widest = p.xs().stream().mapToInt(fm::stringWidth).max().orElse(0);
        return widest > slot - 6 ? Math.min(widest, 170) + 8 - 22 : 0;
    }

    private static void panel(Graphics2D g, Kind kind, Panel p, int top, int extra) {
        g.setFont(SMALL);
        FontMetrics fm = g.getFontMetrics();
        int left = MARGIN + LEFT, right = WIDTH - MARGIN, plotTop = top + 36;
        int n = p.xs().size();
        int slot = (right - left) / Math.max(1, n);
        boolean upright = extra > 0;
        int labels = 22 + extra;
        int bottom = top + PANEL + extra - 42 - labels;
        g.setFont(LABEL.deriveFont(Font.BOLD));
        g.setColor(TEXT);
        g.drawString(p.title(), MARGIN, top + 20);
        double max = 0;
        for (Series s : p.series()) for (Value v : s.values()) if (v != null) max = Math.max(max, Math.max(v.max(), v.mean()));
        double step = Axis.niceStep(max, 0);
        double scaleMax = max <= 0 ? 1 : Math.ceil(max / step) * step;
        g.setFont(SMALL);
        for (int i = 0; i * step <= scaleMax * (1 + 1e-9); i++) {
            int py = bottom - (int) Math.round(i * step / scaleMax * (bottom - plotTop));
            g.setColor(GRID);
            g.drawLine(left, py, right, py);
            g.setColor(TEXT);
            String label = Axis.label(i * step, step);
            g.drawString(label, left - 8 - fm.stringWidth(label), py + fm.getAscent() / 2 - 1);
        }
        g.setColor(TEXT);
        g.drawLine(left, bottom, right, bottom);
        for (int i = 0; i < n; i++) {
            String label = p.xs().get(i);
            int cx = left + slot * i + slot / 2;
            if (!upright) {
                g.drawString(label, cx - fm.stringWidth(label) / 2, bottom + 18);
                continue;
            }
            Graphics2D r = (Graphics2D) g.create();
            r.translate(cx + fm.getAscent() / 2 - 2, bottom + 6 + Math.min(fm.stringWidth(label), 170));
            r.rotate(-Math.PI / 2);
            r.drawString(label, 0, 0);
            r.dispose();
        }
        g.drawString(p.xLabel(), left + (right - left - fm.stringWidth(p.xLabel())) / 2, bottom + labels + 18);
        Graphics2D r = (Graphics2D) g.create();
        r.rotate(-Math.PI / 2);
        r.drawString(p.yLabel(), -(plotTop + bottom + fm.stringWidth(p.yLabel())) / 2, MARGIN + 12);
        r.dispose();
        if (kind == Kind.LINES) lines(g, p, left, slot, bottom, plotTop, scaleMax);
        else bars(g, p, left, slot, bottom, plotTop, scaleMax);
    }

    private static void lines(Graphics2D g, Panel p, int left, int slot, int bottom, int top, double scaleMax) {
        for (int s = 0; s < p.series().size(); s++) {
            g.setColor(colour(s));
            g.setStroke(new BasicStroke(2.5f));
            List<Value> vs = p.series().get(s).values();
            int px = -1, py = -1;
            for (int i = 0; i < vs.size(); i++) {
                Value v = vs.get(i);
                if (v == null) {
                    px = -1;
                    continue;
                }
                int x = left + slot * i + slot / 2, y = yOf(v.mean(), bottom, top, scaleMax);
                if (px >= 0) g.drawLine(px, py, x, y);
                whisker(g, x, v, bottom, top, scaleMax);
                g.fillOval(x - 5, y - 5, 10, 10);
                px = x;
                py = y;
            }
        }
        g.setStroke(new BasicStroke(1f));
    }

    private static void bars(Graphics2D g, Panel p, int left, int slot, int bottom, int top, double scaleMax) {
        int k = Math.max(1, p.series().size());
        int bar = Math.max(6, Math.min(60, (slot - 20) / k));
        g.setFont(SMALL);
        for (int i = 0; i < p.xs().size(); i++) {
            int x0 = left + slot * i + (slot - bar * k) / 2;
            for (int s = 0; s < p.series().size(); s++) {
                Value v = p.series().get(s).values().get(i);
                if (v == null) continue;
                int x = x0 + s * bar, y = yOf(v.mean(), bottom, top, scaleMax);
                g.setColor(colour(s));
                g.fillRect(x + 1, y, bar - 2, bottom - y);
                g.setColor(TEXT);
                g.setStroke(new BasicStroke(1.5f));
                whisker(g, x + bar / 2, v, bottom, top, scaleMax);
                String label = String.format(java.util.Locale.ROOT, "%.2f", v.mean());
                if (g.getFontMetrics().stringWidth(label) <= bar + 8)
                    g.drawString(label, x + (bar - g.getFontMetrics().stringWidth(label)) / 2, yOf(v.max(), bottom, top, scaleMax) - 4);
            }
        }
        g.setStroke(new BasicStroke(1f));
    }

    private static void whisker(Graphics2D g, int x, Value v, int bottom, int top, double scaleMax) {
        int y0 = yOf(v.min(), bottom, top, scaleMax), y1 = yOf(v.max(), bottom, top, scaleMax);
        g.drawLine(x, y0, x, y1);
        g.drawLine(x - 5, y0, x + 5, y0);
        g.drawLine(x - 5, y1, x + 5, y1);
    }

    private static int yOf(double v, int bottom, int top, double scaleMax) {
        return bottom - (int) Math.round(Math.max(0, v) / scaleMax * (bottom - top));
    }

    static Color colour(int i) {
        return PALETTE[i % PALETTE.length];
    }
}
