package io.wireanalyze.reproduce;

import java.util.List;

/**
 * A table of a seed set beside ours: its rows' paper numbers under the paper's columns, our figures under ours.
 *
 * @param where the figure, table or section of the seed it comes from
 */
record SeedTable(String title, String where, List<String> paperColumns, List<String> ourColumns, List<Row> rows) {

    /** A row: the paper's numbers (null where the paper has none) and our quantities, one per column. */
    record Row(String label, ValueUnit unit, List<Double> paper, List<Quantity> ours) {
    }
}
