package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.phase.Phase;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartReportTest {

    private static AnalysisResult ndpi;
    private static AnalysisResult foxIt;

    @BeforeAll
    static void analyse() {
        ndpi = Captures.analyse(Captures.ndpiJrmi());
        foxIt = Captures.analyse(Captures.foxIt("rmi-basic-auth-ev0.pcap"));
    }

    private static long pixels(BufferedImage img, Phase p) {
        int rgb = Legend.colour(p).getRGB();
        long n = 0;
        for (int y = 0; y < img.getHeight(); y++)
            for (int x = 0; x < img.getWidth(); x++) if (img.getRGB(x, y) == rgb) n++;
        return n;
    }

    /** The length in pixels of the longest run of {@code p}'s colour down any column: a stacked bar's segment. */
    private static int longestRun(BufferedImage img, Phase p, int fromX, int toX) {
        int rgb = Legend.colour(p).getRGB(), best = 0;
        for (int x = fromX; x < toX; x++) {
            int run = 0;
            for (int y = 0; y < ChartReport.BARS_HEIGHT; y++) {
                run = img.getRGB(x, y) == rgb ? run + 1 : 0;
                best = Math.max(best, run);
            }
        }
        return best;
    }

    @Test
    void writesAPngOfSeveralCapturesThatReadsBack() throws IOException {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "chart-test.png");
        new ChartReport().write(file, List.of(ndpi, foxIt, HandMade.result()));
        BufferedImage img = ImageIO.read(file.toFile());
        assertNotNull(img, "not a PNG: " + file);
        assertEquals(ChartReport.WIDTH, img.getWidth());
        assertTrue(Files.size(file) > 10_000, "a chart with three bars and a latency strip: " + Files.size(file) + " bytes");
        for (Phase p : Phase.values()) assertTrue(pixels(img, p) > 0, "colour of " + p);
    }

    @Test
    void paintsOnlyThePhasesTheCaptureHas() {
        BufferedImage img = new ChartReport().render(List.of(ndpi));
        assertTrue(pixels(img, Phase.NAMING) > 0);
        assertTrue(pixels(img, Phase.KEEPALIVE) > 0);
        assertEquals(0, pixels(img, Phase.INVOCATION), "ndpi-jrmi has no invocation packets");
        assertEquals(0, pixels(img, Phase.UNPARSED), "ndpi-jrmi has no unparsed packets");
    }

    @Test
    void segmentLengthsAreProportionalToThePackets() {
        // ndpi-jrmi: handshake 5 packets, naming 4; in the packets chart (left half) the segments keep that ratio.
        BufferedImage img = new ChartReport().render(List.of(ndpi));
        int half = ChartReport.WIDTH / 2;
        double handshake = longestRun(img, Phase.HANDSHAKE, 0, half);
        double naming = longestRun(img, Phase.NAMING, 0, half);
        assertEquals(5.0 / 4, handshake / naming, 0.03, "handshake " + handshake + " px, naming " + naming + " px");
    }

    @Test
    void addsALatencyStripOnlyForCapturesWithInvocations() {
        int without = new ChartReport().render(List.of(ndpi)).getHeight();
        int with = new ChartReport().render(List.of(HandMade.result())).getHeight();
        assertEquals(LatencyStrip.HEIGHT, with - without);
        int both = new ChartReport().render(List.of(ndpi, HandMade.result())).getHeight();
        assertEquals(with, both, "one more bar takes no height; one strip");
    }

    @Test
    void titlesFitTheirHalfOfTheImage() {
        int room = ChartReport.WIDTH / 2 - ChartReport.TITLE_MARGIN;
        List<String> one = List.of("295.9");
        assertEquals("Elapsed ms per phase: dgc-clean.pcap (totals: 295.9)",
                ChartReport.fitTitle("Elapsed ms per phase", ": dgc-clean.pcap", one, room));
        // A capture's file name as `capture` writes it: the name goes (it is under the bar), the totals stay.
        String name = ": capture-jrmp-20261127-005812-ints-6000-20-invocations.pcap";
        assertEquals("Elapsed ms per phase (totals: 295.9)", ChartReport.fitTitle("Elapsed ms per phase", name, one, room));
        // The capture command's own file name, beside the legend: the name goes (a real chart lost "El" of its title).
        int besideTheLegend = room - ChartReport.legendWidth(java.util.Arrays.asList(io.wireanalyze.phase.Phase.values()));
        assertEquals("Elapsed ms per phase (totals: 300.5)", ChartReport.fitTitle("Elapsed ms per phase", ": wireanalyze-capture.pcap",
                List.of("300.5"), besideTheLegend));
        assertEquals("Packets per phase: wireanalyze-capture.pcap (totals: 160)", ChartReport.fitTitle("Packets per phase",
                ": wireanalyze-capture.pcap", List.of("160"), room));
        List<String> many = java.util.Collections.nCopies(20, "2,846.0");
        assertEquals("Packets per phase", ChartReport.fitTitle("Packets per phase", "", many, room));
    }
}
