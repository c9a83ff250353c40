package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.testing.TestCaptures;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Real captures from fixtures/public ({@link TestCaptures#publicCaptures()}), analysed as the CLI does. */
final class Captures {

    private Captures() {}

    static Path ndpiJrmi() {
        return TestCaptures.publicCaptures().resolve("ndpi-jrmi.pcap");
    }

    static Path foxIt(String name) {
        return TestCaptures.publicCaptures().resolve("fox-it-log4shell-rmi").resolve(name);
    }

    static AnalysisResult analyse(Path path) {
        try (FrameSource s = CaptureFiles.open(path)) {
            return Analyzer.analyze(s, AnalysisOptions.defaults());
        } catch (IOException e) {
            throw new UncheckedIOException(path.toString(), e);
        }
    }
}
