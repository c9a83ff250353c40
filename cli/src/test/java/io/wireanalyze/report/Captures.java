package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Real captures from the shared folder, analysed once per test JVM. */
final class Captures {

    private Captures() {}

    /** {@code <repo root>/../shared/public-captures}; the repo root holds the parent pom.xml. */
    static Path publicCaptures() {
        Path dir = Path.of("").toAbsolutePath();
        Path root = null;
        for (Path p = dir; p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("pom.xml")) && Files.isDirectory(p.resolve("decoders"))) {
                root = p;
                break;
            }
        }
        if (root == null) throw new IllegalStateException("no repo root (a folder with pom.xml and decoders/) above " + dir);
        Path shared = root.resolveSibling("shared").resolve("public-captures");
        if (!Files.isDirectory(shared))
            throw new IllegalStateException("shared captures missing: " + shared + " (expected next to the repo root " + root + ")");
        return shared;
    }

    static Path ndpiJrmi() {
        return publicCaptures().resolve("ndpi-jrmi.pcap");
    }

    static Path foxIt(String name) {
        return publicCaptures().resolve("fox-it-log4shell-rmi").resolve(name);
    }

    static AnalysisResult analyse(Path path) {
        Analyzer an = new Analyzer(AnalysisOptions.defaults());
        try (FrameSource s = CaptureFiles.open(path)) {
            Frame f;
            while ((f = s.next()) != null) an.accept(f);
            return an.finish(path.toString(), s.stopReason());
        } catch (IOException e) {
            throw new UncheckedIOException(path.toString(), e);
        }
    }
}
