package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.console.Progress;
import io.wireanalyze.report.ChartReport;
import io.wireanalyze.report.CsvReport;
import io.wireanalyze.report.JsonReport;
import io.wireanalyze.report.ReportFiles;
import io.wireanalyze.report.OutputFormat;
import io.wireanalyze.report.TextReport;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Writes results in the chosen format: the one place the commands turn results into output. */
final class Reports {

    private Reports() {
    }

    /**
     * @param reportDir where csv and json files go; null: json to standard output, csv into {@code csvDefault}
     */
    static void write(List<AnalysisResult> results, OutputFormat format, Path reportDir, Path csvDefault, PrintWriter out,
                      Progress progress, Ownership owner) throws IOException {
        switch (format) {
            case TABLE -> new TextReport(out).write(results);
            case JSON -> {
                if (reportDir == null) {
                    OutputStream bytes = StandardOutput.bytesFor(out);
                    if (bytes != null) new JsonReport().write(bytes, results);
                    else new JsonReport().write(out, results);
                    out.println();
                    out.flush();
                } else {
                    owner.createDirectories(reportDir);
                    for (AnalysisResult r : results) {
                        Path file = reportDir.resolve(baseName(r.source()) + ".json");
                        json(r, file, owner);
                        progress.say("wrote " + file);
                    }
                }
            }
            case CSV -> {
                Path dir = reportDir != null ? reportDir : csvDefault;
                owner.createDirectories(dir);
                for (Path f : new CsvReport(dir).write(results)) {
                    owner.own(f);
                    progress.say("wrote " + f);
                }
            }
        }
    }

    /**
     * One capture's JSON report into {@code file}, handed to the sudo user: written whole into a temporary file beside
     * it and moved into place, so that a failure leaves no part of a report where the report goes.
     */
    static void json(AnalysisResult r, Path file, Ownership owner) throws IOException {
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (OutputStream o = ReportFiles.stream(partial)) {
            new JsonReport().write(o, r);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(partial);
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        Files.move(partial, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        owner.own(file);
    }

    static void chart(List<AnalysisResult> results, Path file, Ownership owner) throws IOException {
        new ChartReport().write(file, results);
        owner.own(file);
    }

    static Path chartBeside(Path pcap) {
        return pcap.resolveSibling(baseName(pcap.getFileName().toString()) + ".png");
    }

    /** The key log kept beside a TLS capture: {@code run.pcap} gives {@code run.keys}. */
    static Path keysBeside(Path pcap) {
        return pcap.resolveSibling(baseName(pcap.getFileName().toString()) + ".keys");
    }

    static String baseName(String source) {
        String name = Path.of(source).getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }
}
