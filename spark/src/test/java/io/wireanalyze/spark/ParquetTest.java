package io.wireanalyze.spark;

import io.wireanalyze.console.Progress;
import io.wireanalyze.report.Tables;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Parquet writer's one pass: columns typed by the first batch, and written again, typed by every row, only when a
 * later row needs a wider type. Tables made here, in batches of 2, so that a few rows cross batches.
 */
class ParquetTest {

    @TempDir
    static Path work;

    static SparkSession spark;

    @BeforeAll
    static void start() {
        spark = SparkSession.builder().config(SparkAnalysis.conf("local[1]")).getOrCreate();
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    private static List<Object> row(Object... cells) {
        return Arrays.asList(cells);
    }

    private static String write(List<Tables.Table> tables) {
        StringWriter said = new StringWriter();
        Parquet.write(spark, tables, work, new Progress(new PrintWriter(said, true)), 2);
        return said.toString();
    }

    @Test
    void rowsThatKeepTheFirstBatchsTypesAreWrittenOnce() {
        List<List<Object>> rows = List.of(row(1L, 0.5, "a", true), row(2L, 1.25, "b", false), row(3L, 2L, "c", null),
                row(4L, null, null, true), row(5L, 7.5, "e", false));
        String said = write(List.of(new Tables.Table("kept", List.of("n", "x", "s", "b"), rows)));
        assertTrue(said.contains("kept.parquet (5 rows)"), said);
        assertTrue(!said.contains("writing it again"), said);
        Dataset<Row> back = spark.read().parquet(work.resolve("kept.parquet").toString()).orderBy("n");
        StructType schema = back.schema();
        assertEquals(DataTypes.LongType, schema.apply("n").dataType());
        assertEquals(DataTypes.DoubleType, schema.apply("x").dataType());
        assertEquals(DataTypes.StringType, schema.apply("s").dataType());
        assertEquals(DataTypes.BooleanType, schema.apply("b").dataType());
        List<Row> r = back.collectAsList();
        assertEquals(5, r.size());
        assertEquals(2.0, r.get(2).getDouble(1), "a whole number in a column of doubles");
        assertTrue(r.get(3).isNullAt(1) && r.get(3).isNullAt(2));
        assertEquals(7.5, r.get(4).getDouble(1));
    }

    @Test
    void aLaterRowThatNeedsAWiderTypeWritesTheTableAgain() {
        // Column n: whole numbers in the first batch, then a fraction; m: no value in the first batch, then a number;
        // s: a number, then a string.
        List<List<Object>> rows = new ArrayList<>(List.of(row(1L, null, 10L), row(2L, null, 11L), row(3L, null, 12L),
                row(4.5, 9L, "x"), row(5L, null, 13L)));
        String said = write(List.of(new Tables.Table("widened", List.of("n", "m", "s"), rows)));
        assertTrue(said.contains("widened.parquet: a later row needs wider column types than the first 2 rows gave; writing it again"), said);
        assertTrue(said.contains("widened.parquet (5 rows)"), said);
        Dataset<Row> back = spark.read().parquet(work.resolve("widened.parquet").toString()).orderBy("n");
        assertEquals(DataTypes.DoubleType, back.schema().apply("n").dataType());
        assertEquals(DataTypes.LongType, back.schema().apply("m").dataType());
        assertEquals(DataTypes.StringType, back.schema().apply("s").dataType());
        List<Row> r = back.collectAsList();
        assertEquals(5, r.size(), "no row twice after the second pass");
        assertEquals(4.5, r.get(3).getDouble(0));
        assertEquals(9L, r.get(3).getLong(1));
        assertEquals("x", r.get(3).getString(2));
        assertEquals("10", r.get(0).getString(2));
    }

    @Test
    void anEmptyTableIsWrittenWithItsColumns() {
        write(List.of(new Tables.Table("empty", List.of("a", "b"), List.of())));
        Dataset<Row> back = spark.read().parquet(work.resolve("empty.parquet").toString());
        assertEquals(0, back.count());
        assertEquals(List.of("a", "b"), Arrays.asList(back.schema().fieldNames()));
    }
}
