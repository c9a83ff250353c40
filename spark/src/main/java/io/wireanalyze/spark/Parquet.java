package io.wireanalyze.spark;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.console.Progress;
import io.wireanalyze.report.Tables;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A result's connections, messages and invocations as Parquet ({@code DIR/connections.parquet} ...), for SQL:
 * {@code spark.read.parquet(...)}, DuckDB, pandas. The columns are the JSON report's keys and values
 * ({@link Tables}); a column's type is the widest its values need (whole numbers as long, else double, else string).
 * Written in batches as the records are read, so the driver never holds a table: one pass, typed by the first batch,
 * unless a later value needs a wider type than that batch gave its column; then the table is written again, typed by
 * all its values.
 */
final class Parquet {

    private static final int BATCH = 50_000;

    /** A column's kind, narrowest first: no value seen, boolean, long, double, string. */
    private static final int NONE = 0, BOOLEAN = 1, LONG = 2, DOUBLE = 3, STRING = 4;

    private Parquet() {
    }

    static void write(SparkSession spark, AnalysisResult result, Path dir, Progress progress) throws IOException {
        write(spark, Tables.of(result), dir, progress, BATCH);
    }

    /** Each table as {@code DIR/<name>.parquet}, {@code batch} rows at a time. */
    static void write(SparkSession spark, List<Tables.Table> tables, Path dir, Progress progress, int batch) {
        for (Tables.Table t : tables) {
            String path = dir.resolve(t.name() + ".parquet").toAbsolutePath().toString();
            long rows = write(spark, t, path, null, batch);
            if (rows < 0) {
                progress.say("parquet: " + path + ": a later row needs wider column types than the first " + batch + " rows gave; writing it again");
                rows = write(spark, t, path, kinds(t.keys().size(), t.rows()), batch);
            }
            progress.say("parquet: " + path + " (" + rows + " rows)");
        }
    }

    /**
     * Writes a table's rows in batches of {@code size} with the columns' kinds {@code fixed}, or (null) those of the first batch.
     * Returns the rows written, or -1 when a row does not fit kinds taken from the first batch.
     */
    private static long write(SparkSession spark, Tables.Table t, String path, int[] fixed, int size) {
        Iterator<List<Object>> it = t.rows().iterator();
        List<List<Object>> cells = new ArrayList<>(size);
        while (cells.size() < size && it.hasNext()) cells.add(it.next());
        int[] kind = fixed != null ? fixed : kinds(t.keys().size(), cells);
        StructType schema = schema(t.keys(), kind);
        List<Row> batch = new ArrayList<>(size);
        for (List<Object> c : cells) batch.add(row(schema, c));
        boolean first = true;
        long rows = 0;
        while (true) {
            if (batch.size() == size || !it.hasNext() && (first || !batch.isEmpty())) {
                write(spark, batch, schema, path, first);
                rows += batch.size();
                first = false;
                batch.clear();
            }
            if (!it.hasNext()) return rows;
            List<Object> c = it.next();
            if (fixed == null && !fits(kind, c)) return -1;
            batch.add(row(schema, c));
        }
    }

    private static void write(SparkSession spark, List<Row> rows, StructType schema, String path, boolean first) {
        spark.createDataFrame(rows, schema).coalesce(1).write().mode(first ? SaveMode.Overwrite : SaveMode.Append).parquet(path);
    }

    /** Each column's kind: long when every value is a whole number, double when a number, boolean, else string. */
    private static int[] kinds(int n, Iterable<List<Object>> rows) {
        int[] kind = new int[n];
        for (List<Object> cells : rows) {
            for (int i = 0; i < n; i++) {
                int k = kind(cells.get(i));
                if (k == NONE || k == kind[i]) continue;
                kind[i] = kind[i] == NONE ? k : (kind[i] >= LONG && kind[i] <= DOUBLE && k >= LONG && k <= DOUBLE) ? DOUBLE : STRING;
            }
        }
        return kind;
    }

    /** Whether a row's values keep the kinds: a column of all the rows would have the same. */
    private static boolean fits(int[] kind, List<Object> cells) {
        for (int i = 0; i < kind.length; i++) {
            int k = kind(cells.get(i));
            if (k != NONE && k != kind[i] && !(kind[i] == DOUBLE && k == LONG) && !(kind[i] == STRING && k != NONE)) return false;
        }
        return true;
    }

    private static int kind(Object v) {
        return v == null ? NONE : v instanceof Boolean ? BOOLEAN : v instanceof Long || v instanceof Integer || v instanceof Short
                || v instanceof Byte ? LONG : v instanceof Number ? DOUBLE : STRING;
    }

    private static StructType schema(List<String> keys, int[] kind) {
        StructField[] fields = new StructField[keys.size()];
        for (int i = 0; i < fields.length; i++) {
            DataType type = switch (kind[i]) {
                case BOOLEAN -> DataTypes.BooleanType;
                case LONG -> DataTypes.LongType;
                case DOUBLE -> DataTypes.DoubleType;
                default -> DataTypes.StringType;
            };
            fields[i] = DataTypes.createStructField(keys.get(i), type, true);
        }
        return DataTypes.createStructType(fields);
    }

    private static Row row(StructType schema, List<Object> cells) {
        Object[] values = new Object[cells.size()];
        for (int i = 0; i < values.length; i++) {
            Object v = cells.get(i);
            DataType type = schema.fields()[i].dataType();
            values[i] = v == null ? null : type == DataTypes.LongType ? (Object) ((Number) v).longValue()
                    : type == DataTypes.DoubleType ? (Object) ((Number) v).doubleValue()
                    : type == DataTypes.StringType ? String.valueOf(v) : v;
        }
        return RowFactory.create(values);
    }
}
