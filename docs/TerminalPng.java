import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a terminal's screen, as {@code tmux capture-pane -p} gives it (plain text, one line a row), into a PNG: light
 * grey on a dark background, DejaVu Sans Mono 13. How docs/watch.png is made (docs/watch-screenshot.sh):
 * {@code java -Djava.awt.headless=true docs/TerminalPng.java SCREEN.txt COLUMNS OUT.png}.
 */
public class TerminalPng {
    public static void main(String[] args) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8));
        int columns = Integer.parseInt(args[1]);
        while (!lines.isEmpty() && lines.get(lines.size() - 1).isBlank()) lines.remove(lines.size() - 1);
        Font font = new Font("DejaVu Sans Mono", Font.PLAIN, 13);
        BufferedImage probe = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        FontMetrics m = probe.createGraphics().getFontMetrics(font);
        int cw = m.charWidth('M'), lh = m.getHeight(), pad = 12, bar = 24;
        BufferedImage img = new BufferedImage(columns * cw + 2 * pad, bar + lines.size() * lh + 2 * pad, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_LCD_HRGB);
        g.setColor(new Color(0x1e1e1e));
        g.fillRect(0, 0, img.getWidth(), img.getHeight());
        g.setColor(new Color(0x3a3a3a));   // the window's title bar
        g.fillRect(0, 0, img.getWidth(), bar);
        g.setColor(new Color(0xb0b0b0));
        g.setFont(font.deriveFont(12f));
        g.drawString(args.length > 3 ? args[3] : "terminal", pad, 16);
        g.setFont(font);
        g.setColor(new Color(0xdcdcdc));
        for (int i = 0; i < lines.size(); i++) g.drawString(lines.get(i), pad, bar + pad + i * lh + m.getAscent());
        ImageIO.write(img, "png", new File(args[2]));
    }
}
