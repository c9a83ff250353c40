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
import java.util.List;

/**
 * A result's connections, messages and invocations as Parquet ({@code DIR/connections.parquet} ...), for SQL:
 * {@code spark.read.parquet(...)}, DuckDB, pandas. The columns are the JSON report's keys and values
 * ({@link Tables}); a column's type is the widest its values need (whole numbers as long, else double, else string).
 * Written in batches as the records are read, so the driver never holds a table.
 */
final class Parquet {

    private static final int BATCH = 50_000;

    private Parquet() {
    }

    static void write(SparkSession spark, AnalysisResult result, Path dir, Progress progress) throws IOException {
        for (Tables.Table t : Tables.of(result)) {
            StructType schema = schema(t);
            String path = dir.resolve(t.name() + ".parquet").toAbsolutePath().toString();
            List<Row> batch = new ArrayList<>(BATCH);
            boolean first = true;
            long rows = 0;
            for (List<Object> cells : t.rows()) {
                batch.add(row(schema, cells));
                if (batch.size() == BATCH) {
                    write(spark, batch, schema, path, first);
                    rows += batch.size();
                    first = false;
                    batch.clear();
                }
            }
            if (first || !batch.isEmpty()) write(spark, batch, schema, path, first);
            rows += batch.size();
            progress.say("parquet: " + path + " (" + rows + " rows)");
        }
    }

    private static void write(SparkSession spark, List<Row> rows, StructType schema, String path, boolean first) {
        spark.createDataFrame(rows, schema).coalesce(1).write().mode(first ? SaveMode.Overwrite : SaveMode.Append).parquet(path);
    }

    /** Each column's type: long when every value is a whole number, double when a number, boolean, else string. */
    private static StructType schema(Tables.Table t) {
        int n = t.keys().size();
        int[] kind = new int[n];   // 0 none seen, 1 boolean, 2 long, 3 double, 4 string
        for (List<Object> cells : t.rows()) {
            for (int i = 0; i < n; i++) {
                Object v = cells.get(i);
                int k = v == null ? 0 : v instanceof Boolean ? 1 : v instanceof Long || v instanceof Integer || v instanceof Short
                        || v instanceof Byte ? 2 : v instanceof Number ? 3 : 4;
                if (k == 0 || k == kind[i]) continue;
                kind[i] = kind[i] == 0 ? k : (kind[i] >= 2 && kind[i] <= 3 && k >= 2 && k <= 3) ? 3 : 4;
            }
        }
        StructField[] fields = new StructField[n];
        for (int i = 0; i < n; i++) {
            DataType type = switch (kind[i]) {
                case 1 -> DataTypes.BooleanType;
                case 2 -> DataTypes.LongType;
                case 3 -> DataTypes.DoubleType;
                default -> DataTypes.StringType;
            };
            fields[i] = DataTypes.createStructField(t.keys().get(i), type, true);
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
