package io.wireanalyze.testing;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.frame.Frame;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The engine's analysis of a test capture: the fixtures and frames of {@link TestCaptures}, analysed whole. */
public final class Analyses {
    private Analyses() {
    }

    public static AnalysisResult analyze(Path file, AnalysisOptions options) throws IOException {
        return analyze(file.toString(), TestCaptures.frames(file), options);
    }

    /** The analysis of these frames, read again as often as its facts ask ({@link Analyzer#anotherRound()}). */
    public static AnalysisResult analyze(List<Frame> frames, AnalysisOptions options) throws IOException {
        return analyze("capture", frames, options);
    }

    private static AnalysisResult analyze(String name, List<Frame> frames, AnalysisOptions options) throws IOException {
        return Analyzer.analyze(() -> TestCaptures.source(name, frames), options, f -> { }, Analyzer.RECORDS_IN_MEMORY);
    }
}
