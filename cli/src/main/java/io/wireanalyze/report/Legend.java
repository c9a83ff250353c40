package io.wireanalyze.report;

import io.wireanalyze.phase.Phase;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.util.List;

/** The phase colours (Tableau 10) and their legend, wrapped over as many rows as needed. */
final class Legend {

    static final int ROW = 24;
    private static final int SWATCH = 14;
    private static final int ITEM_GAP = 26;

    private Legend() {}

    static Color colour(Phase p) {
        return switch (p) {
            case TCP_SETUP -> new Color(0xBAB0AC);
            case HANDSHAKE -> new Color(0x4E79A7);
            case NAMING -> new Color(0xF28E2B);
            case DGC -> new Color(0xE15759);
            case INVOCATION -> new Color(0x59A14F);
            case KEEPALIVE -> new Color(0xEDC948);
            case TCP_TEARDOWN -> new Color(0x79706E);
            case UNPARSED -> new Color(0xB07AA1);
        };
    }

    /** Black or white, whichever reads better on {@code c}. */
    static Color textOn(Color c) {
        double luminance = 0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue();
        return luminance > 150 ? ChartReport.TEXT : Color.WHITE;
    }

    static int rows(Graphics2D g, List<Phase> phases, int width) {
        return layout(g, phases, 0, 0, width, false);
    }

    static void draw(Graphics2D g, List<Phase> phases, int x, int y, int width) {
        layout(g, phases, x, y, width, true);
    }

    private static int layout(Graphics2D g, List<Phase> phases, int x, int y, int width, boolean paint) {
        g.setFont(ChartReport.LABEL);
        FontMetrics fm = g.getFontMetrics();
        int cx = x, row = 0;
        for (Phase p : phases) {
            int w = SWATCH + 6 + fm.stringWidth(p.label());
            if (cx > x && cx + w > x + width) {
                cx = x;
                row++;
            }
            if (paint) {
                int top = y + row * ROW;
                g.setColor(colour(p));
                g.fillRect(cx, top + (ROW - SWATCH) / 2, SWATCH, SWATCH);
                g.setColor(ChartReport.TEXT);
                g.drawString(p.label(), cx + SWATCH + 6, ChartReport.baseline(g, top, ROW));
            }
            cx += w + ITEM_GAP;
        }
        return phases.isEmpty() ? 0 : row + 1;
    }
}
