package io.wireanalyze.testing;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test support: the repository's fixtures and the shared public captures, read with a minimal classic-pcap
 * reader (the decoders module cannot depend on the capture module, whose fast reader is tested there).
 */
public final class TestCaptures {

    private TestCaptures() {
    }

    /** The repository root: the folder holding the parent pom and fixtures/. */
    public static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !(Files.isDirectory(p.resolve("fixtures")) && Files.exists(p.resolve("pom.xml")))) p = p.getParent();
        if (p == null) throw new IllegalStateException("cannot find the repository root (a folder with pom.xml and fixtures/) above " + Path.of("").toAbsolutePath());
        return p;
    }

    public static Path fixture(String relative) {
        return repoRoot().resolve("fixtures").resolve(relative);
    }

    /** ../shared/public-captures beside the clone. */
    public static Path publicCaptures() {
        Path p = repoRoot().resolveSibling("shared").resolve("public-captures");
        if (!Files.isDirectory(p)) throw new IllegalStateException("public captures not found at " + p + " (expected: shared/ beside the clone)");
        return p;
    }

    public static List<Path> allPublicCaptures() throws IOException {
        try (Stream<Path> s = Files.walk(publicCaptures())) {
            return s.filter(f -> f.toString().endsWith(".pcap")).sorted().toList();
        }
    }

    /** Reads every frame of a classic pcap file (either byte order, micro- or nanosecond timestamps). */
    public static List<Frame> frames(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        ByteOrder order = magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        b.order(order);
        boolean nanos = b.getInt(0) == 0xa1b23c4d;
        LinkType link = LinkType.of(b.getInt(20));
        List<Frame> frames = new ArrayList<>();
        int p = 24;
        while (p + 16 <= b.limit()) {
            long sec = Integer.toUnsignedLong(b.getInt(p));
            long frac = Integer.toUnsignedLong(b.getInt(p + 4));
            int incl = b.getInt(p + 8), orig = b.getInt(p + 12);
            if (p + 16 + incl > b.limit()) break;
            ByteBuffer bytes = b.slice(p + 16, incl).order(ByteOrder.BIG_ENDIAN).asReadOnlyBuffer();
            frames.add(new Frame(frames.size() + 1, sec * 1_000_000_000L + (nanos ? frac : frac * 1000), link, bytes, orig));
            p += 16 + incl;
        }
        return frames;
    }

    public static AnalysisResult analyze(Path file, AnalysisOptions options) throws IOException {
        Analyzer a = new Analyzer(options);
        for (Frame f : frames(file)) a.accept(f);
        return a.finish(file.toString(), null);
    }

    /** Decodes hex written with spaces, newlines and // comments. */
    public static byte[] hex(String text) {
        StringBuilder digits = new StringBuilder();
        for (String line : text.split("\n")) {
            int c = line.indexOf("//");
            digits.append((c >= 0 ? line.substring(0, c) : line).replaceAll("[^0-9a-fA-F]", ""));
        }
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        return out;
    }
}
