package io.wireanalyze.compare;

import io.wireanalyze.phase.Phase;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison as two CSV files with the JSON's keys: {@code <base>.csv}, one row per protocol, point and figure
 * (a phase's figures with the phase named) with mean, cv, min, max and n; and {@code <base>-runs.csv}, one row per
 * finished run with every figure as a column ({@code phase.<phase>.<key>} for the phases).
 */
public final class CompareCsv {
    static final String[] STATS = {"protocol", "payload", "invocations", "clients", "figure", "phase", "mean", "cv", "min", "max", "n",
            "network", "partial"};

    /** Writes both files into {@code dir}; returns them. */
    public List<Path> write(Path dir, String base, Comparison c) throws IOException {
        Path stats = dir.resolve(base + ".csv"), runs = dir.resolve(base + "-runs.csv");
        try (CSVPrinter p = printer(stats, STATS)) {
            String network = c.plan().network().network().toString();
            for (PlanPoint pt : c.plan().points()) {
                for (WorkloadKind k : c.plan().protocols()) {
                    for (Figure f : Figure.values()) stat(p, k, pt, f.key(), "", c.stat(k, pt, f), network, c.partial());
                    for (Phase ph : Phase.values())
                        for (PhaseFigure f : PhaseFigure.values()) stat(p, k, pt, f.key(), ph.label(), c.stat(k, pt, ph, f), network, c.partial());
                }
            }
        }
        try (CSVPrinter p = printer(runs, runHeaders())) {
            for (RunRecord r : c.runs()) {
                List<Object> row = new ArrayList<>(List.of(r.key().protocol().toString(), r.key().point().payload().spec(),
                        r.key().point().invocations(), r.key().point().clients(), r.key().repetition(), r.pcap().toString()));
                for (Figure f : Figure.values()) row.add(cell(r.figures().get(f)));
                for (Phase ph : Phase.values()) for (PhaseFigure f : PhaseFigure.values()) row.add(cell(r.figures().get(ph, f)));
                p.printRecord(row);
            }
        }
        return List.of(stats, runs);
    }

    static String[] runHeaders() {
        List<String> h = new ArrayList<>(List.of("protocol", "payload", "invocations", "clients", "repetition", "pcap"));
        for (Figure f : Figure.values()) h.add(f.key());
        for (Phase ph : Phase.values()) for (PhaseFigure f : PhaseFigure.values()) h.add("phase." + ph.label() + "." + f.key());
        return h.toArray(String[]::new);
    }

    private static void stat(CSVPrinter p, WorkloadKind k, PlanPoint pt, String figure, String phase, Stat s, String network,
                             boolean partial) throws IOException {
        p.printRecord(k.toString(), pt.payload().spec(), pt.invocations(), pt.clients(), figure, phase,
                s == null ? "" : cell(s.mean()), s == null ? "" : cell(s.cv()), s == null ? "" : cell(s.min()),
                s == null ? "" : cell(s.max()), s == null ? 0 : s.n(), network, partial);
    }

    private static String cell(Double v) {
        if (v == null || v.isNaN() || v.isInfinite()) return "";
        return java.math.BigDecimal.valueOf(v).setScale(6, java.math.RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }

    private static CSVPrinter printer(Path file, String[] headers) throws IOException {
        Writer w = io.wireanalyze.report.ReportFiles.writer(file);
        return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(headers).setRecordSeparator("\n").build());
    }
}
