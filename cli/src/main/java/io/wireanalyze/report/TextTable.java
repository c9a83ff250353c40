package io.wireanalyze.report;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A text table with aligned columns. A column whose cells are all numbers (or "n/a") is right-aligned,
 * header included; other columns are left-aligned. Columns are separated by two spaces. A table whose headers
 * are all empty prints without a header line (a list of label and value).
 */
public final class TextTable {

    private static final Pattern NUMBER = Pattern.compile("[-+]?[0-9][0-9,]*(\\.[0-9]+)?%?|" + Fmt.NA);
    private static final String GAP = "  ";

    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();
    /** Row indexes a rule is drawn above. */
    private final List<Integer> rules = new ArrayList<>();

    public TextTable(String... headers) {
        this.headers = List.of(headers);
    }

    /** Adds a row; {@code null} cells print empty, missing trailing cells too. */
    public TextTable row(Object... cells) {
        if (cells.length > headers.size())
            throw new IllegalArgumentException("row of " + cells.length + " cells (expected: <= " + headers.size() + ")");
        List<String> row = new ArrayList<>(headers.size());
        for (int i = 0; i < headers.size(); i++) row.add(i < cells.length && cells[i] != null ? cells[i].toString() : "");
        rows.add(row);
        return this;
    }

    /** Draws a rule between the rows added so far and the next one (above a total row). */
    public TextTable rule() {
        rules.add(rows.size());
        return this;
    }

    public int rowCount() {
        return rows.size();
    }

    /** Prints the table, each line starting with {@code indent}, trailing blanks trimmed. */
    public void print(PrintWriter out, String indent) {
        int n = headers.size();
        int[] width = new int[n];
        boolean[] right = new boolean[n];
        for (int c = 0; c < n; c++) {
            width[c] = headers.get(c).length();
            boolean numeric = false;
            boolean allNumeric = true;
            for (List<String> row : rows) {
                String cell = row.get(c);
                width[c] = Math.max(width[c], cell.length());
                if (cell.isEmpty()) continue;
                if (NUMBER.matcher(cell).matches()) numeric = true; else allNumeric = false;
            }
            right[c] = numeric && allNumeric;
        }
        int total = Arrays.stream(width).sum() + GAP.length() * (n - 1);
        if (headers.stream().anyMatch(h -> !h.isEmpty())) {
            line(out, indent, headers, width, right);
            out.println(indent + "-".repeat(total));
        }
        for (int r = 0; r <= rows.size(); r++) {
            if (rules.contains(r)) out.println(indent + "-".repeat(total));
            if (r < rows.size()) line(out, indent, rows.get(r), width, right);
        }
    }

    private static void line(PrintWriter out, String indent, List<String> cells, int[] width, boolean[] right) {
        StringBuilder b = new StringBuilder(indent);
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) b.append(GAP);
            String cell = cells.get(c);
            String pad = " ".repeat(width[c] - cell.length());
            b.append(right[c] ? pad + cell : cell + pad);
        }
        out.println(b.toString().stripTrailing());
    }
}
