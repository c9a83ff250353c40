package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.protocol.Details;

import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.function.Function;

/**
 * A result's connections, messages and invocations as tables, for a columnar writer (the Spark job's Parquet): the
 * reports' own keys, in their order ({@link Schema}), and the values the JSON report writes (milliseconds rounded to
 * microseconds, ratios to 4 decimals, RMI hashes as hex); a message's protocol details in one {@code extra} column,
 * as the CSV report writes them.
 */
public final class Tables {

    private Tables() {
    }

    /** One table: its name, its columns' keys, and its rows (each a value per key; null for none). */
    public record Table(String name, List<String> keys, Iterable<List<Object>> rows) {
    }

    public static List<Table> of(AnalysisResult r) {
        List<String> messageKeys = new ArrayList<>(List.of(Schema.keys(Schema.MESSAGE)));
        messageKeys.add("extra");
        return List.of(
                new Table("connections", List.of(Schema.keys(Schema.CONNECTION)), rows(r.connections(), c -> cells(Schema.CONNECTION, c))),
                new Table("messages", messageKeys, rows(r.messages(), m -> {
                    List<Object> cells = cells(Schema.MESSAGE, m);
                    cells.add(extra(m.message().info().details()));
                    return cells;
                })),
                new Table("invocations", List.of(Schema.keys(Schema.INVOCATION)), rows(r.invocations(), i -> cells(Schema.INVOCATION, i))));
    }

    private static <T> Iterable<List<Object>> rows(List<T> records, Function<T, List<Object>> row) {
        return () -> records.stream().map(row).iterator();
    }

    private static <T> List<Object> cells(List<Schema.Column<T>> columns, T record) {
        List<Object> out = new ArrayList<>(columns.size() + 1);
        for (Schema.Column<T> c : columns) {
            Object v = c.value().apply(record);
            out.add(v == null ? null : switch (c.kind()) {
                case PLAIN -> v;
                case MS, PER -> Fmt.round((Double) v, 3).doubleValue();
                case RATIO -> Fmt.round((Double) v, 4).doubleValue();
                case HASH -> Fmt.hash((Long) v);
            });
        }
        return out;
    }

    private static String extra(Details details) {
        StringJoiner j = new StringJoiner("; ");
        details.fields((key, value) -> j.add(key + "=" + value));
        String s = j.toString();
        return s.isEmpty() ? null : s;
    }
}
