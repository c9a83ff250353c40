package io.wireanalyze.reproduce;

import java.util.List;

/**
 * A table of a seed set beside ours: its rows' paper numbers under the paper's columns, our figures under ours.
 *
 * @param where   the figure, table or section of the seed it comes from
 * @param setting where the paper measured it: our columns are filled only by a run in that setting
 */
record SeedTable(String title, String where, List<String> paperColumns, List<String> ourColumns, List<Row> rows, Setting setting) {

    /**
     * A row: the paper's numbers (null where the paper has none, or where it printed words: {@code literal}), and our
     * quantities, one per column.
     */
    record Row(String label, ValueUnit unit, List<Double> paper, List<String> literal, List<Quantity> ours) {
        Row {
            paper = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(paper));
            literal = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(literal));
        }

        /** The paper's cell as printed: its number in the row's unit, its own words, or n/a. */
        String paperCell(int i) {
            if (paper.get(i) != null) return unit.format(paper.get(i));
            return literal.get(i) != null ? literal.get(i) : "n/a";
        }
    }
}
