package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.report.Schema.Column;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import java.util.stream.Stream;

/**
 * The accounting as CSV files, for each capture with base name B (file name without extension):
 * {@code B.phases.csv}, {@code B.connections.csv}, {@code B.invocations.csv}, {@code B.messages.csv} and
 * {@code B.packets.csv}, one row per phase, connection, invocation, message and TCP packet. Columns are the JSON
 * report's keys, from the same {@link Schema}; a message's protocol details are one {@code extra} cell of
 * {@code key=value} joined by "; ". Every frame number can be looked up in Wireshark ({@code frame.number == N}).
 * Empty cells are unknown values; ms carry 3 decimals; lines end with LF. Two captures with the same base name get
 * {@code B-2}, {@code B-3}...
 */
public final class CsvReport {

    static final String[] PHASES = Stream.concat(Stream.of("phase"), Stream.of(Schema.keys(Schema.PHASE))).toArray(String[]::new);
    static final String[] CONNECTIONS = Schema.keys(Schema.CONNECTION);
    static final String[] INVOCATIONS = Schema.keys(Schema.INVOCATION);
    /** {@code extra} holds the message's protocol details as {@code key=value} joined by "; ". */
    static final String[] MESSAGES = Stream.concat(Stream.of(Schema.keys(Schema.MESSAGE)), Stream.of("extra")).toArray(String[]::new);
    static final String[] PACKETS = Schema.keys(Schema.PACKET);
    /** The files' format: Commons CSV's default, lines ending with LF. */
    private static final CSVFormat FORMAT = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').build();

    private final Path dir;
    /** Rows of a long list printed together, on the cores' threads ({@link #rows}). */
    private final int batch;

    /** Writes into {@code dir}, creating it when missing. */
    public CsvReport(Path dir) {
        this(dir, Batched.BATCH);
    }

    /** The same, a long list's rows printed in batches of {@code batch} (tests: small ones, to show the bytes are the same). */
    CsvReport(Path dir, int batch) {
        this.dir = dir;
        this.batch = batch;
    }

    /** Writes every result's files; returns them in the order written. */
    public List<Path> write(List<AnalysisResult> results) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (AnalysisResult r : results) {
            String base = Fmt.baseName(r.source());
            String unique = base;
            for (int n = 2; !used.add(unique); n++) unique = base + "-" + n;
            written.addAll(write(r, unique));
        }
        return written;
    }

    private List<Path> write(AnalysisResult r, String base) throws IOException {
        List<Path> files = new ArrayList<>();
        try (CSVPrinter p = printer(files, base + ".phases.csv", PHASES)) {
            for (Phase ph : Phase.values()) {
                List<Object> row = new ArrayList<>();
                row.add(ph.label());
                row.addAll(cells(Schema.PHASE, r.phase(ph)));
                p.printRecord(row);
            }
        }
        try (CSVPrinter p = printer(files, base + ".connections.csv", CONNECTIONS)) {
            rows(p, r.connections(), c -> cells(Schema.CONNECTION, c));
        }
        try (CSVPrinter p = printer(files, base + ".invocations.csv", INVOCATIONS)) {
            rows(p, r.invocations(), i -> cells(Schema.INVOCATION, i));
        }
        try (CSVPrinter p = printer(files, base + ".messages.csv", MESSAGES)) {
            rows(p, r.messages(), m -> {
                List<Object> row = cells(Schema.MESSAGE, m);
                row.add(extra(m.message().info().details()));
                return row;
            });
        }
        try (CSVPrinter p = printer(files, base + ".packets.csv", PACKETS)) {
            rows(p, r.packets(), row -> cells(Schema.PACKET, row));
        }
        return files;
    }

    private static <T> List<Object> cells(List<Column<T>> columns, T record) {
        List<Object> out = new ArrayList<>(columns.size() + 1);
        for (Column<T> c : columns) {
            Object v = c.value().apply(record);
            out.add(v == null ? null : switch (c.kind()) {
                case PLAIN -> v;
                case MS -> Fmt.ms((Double) v);
                case RATIO, PER -> Fmt.decimal((Double) v);
                case HASH -> Fmt.hash((Long) v);
            });
        }
        return out;
    }

    private CSVPrinter printer(List<Path> files, String name, String[] header) throws IOException {
        Path file = dir.resolve(name);
        files.add(file);
        Writer w = ReportFiles.writer(file);
        return FORMAT.builder().setHeader(header).build().print(w);
    }

    /**
     * A row for each record, after the header {@code p} printed: a long list's rows printed in batches on the cores'
     * threads ({@link Batched}) by printers of their own, and their lines written in order; the same bytes.
     */
    private <T> void rows(CSVPrinter p, List<T> records, java.util.function.Function<T, List<Object>> row) throws IOException {
        if (!Batched.pays(records, batch)) {
            for (T r : records) p.printRecord(row.apply(r));
            return;
        }
        Batched.write(records, batch, CharRun::forRecords, (some, text) -> {
            CSVPrinter lines = FORMAT.print(text);
            for (T r : some) lines.printRecord(row.apply(r));
        }, text -> text.writeTo(p.getOut()));
    }

    private static String extra(Details details) {
        StringJoiner j = new StringJoiner("; ");
        details.fields((key, value) -> j.add(key + "=" + value));
        return j.toString();
    }
}
