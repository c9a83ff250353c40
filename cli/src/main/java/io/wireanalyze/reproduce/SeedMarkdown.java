package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Comparison;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A seed's section of {@code reproduce all}'s {@code index.md}: what it measured and what we ran, its tables with the
 * paper's numbers beside ours, the verdicts, the figures; and the index's verdict table.
 */
public final class SeedMarkdown {
    private SeedMarkdown() {
    }

    /** One seed that ran (its result), or that could not (its reason), with how long it took. */
    public record Entry(Seed seed, SeedResult result, String failure, long millis, List<Path> figures) {
    }

    /** The verdict table of every seed: one row each. */
    public static String summary(List<Entry> entries) {
        StringBuilder b = new StringBuilder();
        b.append("| seed | network | runs | holds | weaker | reversed | not measured | took |\n");
        b.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (Entry e : entries) {
            if (e.result() == null) {
                b.append("| [").append(e.seed().id()).append("](#").append(anchor(e.seed().id())).append(") | | | | | | | ")
                        .append(seconds(e.millis())).append(" |\n");
                continue;
            }
            SeedResult r = e.result();
            String nets = r.comparisons().stream().map(c -> c.plan().network().network() + " (" + Setting.of(c.plan().network()) + ")")
                    .collect(Collectors.joining(", "));
            int runs = r.comparisons().stream().mapToInt(c -> c.runs().size()).sum();
            int failed = r.comparisons().stream().mapToInt(c -> c.failures().size()).sum();
            b.append("| [").append(e.seed().id()).append("](#").append(anchor(e.seed().id())).append(") | ").append(nets)
                    .append(" | ").append(runs).append(failed == 0 ? "" : " (" + failed + " failed)")
                    .append(" | ").append(r.count(Verdict.HOLDS)).append(" | ").append(r.count(Verdict.WEAKER)).append(" | ").append(r.count(Verdict.REVERSED))
                    .append(" | ").append(r.count(Verdict.NOT_MEASURED)).append(" | ").append(seconds(e.millis())).append(" |\n");
        }
        return b.toString();
    }

    /** A seed's section; figures' paths relative to the index. */
    public static String section(Entry e, Path index) {
        Seed s = e.seed();
        StringBuilder b = new StringBuilder();
        b.append("## ").append(s.id()).append("\n\n");
        b.append("*").append(escape(s.title())).append("* (`").append(s.file()).append("`)\n\n");
        b.append("**Measured:** ").append(escape(s.measured())).append("\n\n");
        if (e.result() == null) {
            b.append("**Not run:** ").append(escape(e.failure())).append("\n\n");
            return b.toString();
        }
        SeedResult r = e.result();
        List<String> missing = new ArrayList<>();
        for (Seed.Availability a : s.availability()) a.missing().ifPresent(m -> missing.add(a.label() + " (" + m + ")"));
        for (Comparison c : r.comparisons()) {
            b.append("**Ours:** ").append(c.plan().protocols().stream().map(Object::toString).collect(Collectors.joining(", "))).append(" on ")
                    .append(escape(c.plan().network().describe())).append(" (").append(Setting.of(c.plan().network())).append("), ")
                    .append(c.plan().points().size()).append(" plan point(s), ").append(c.plan().repeat()).append(" repetition(s), ")
                    .append(c.plan().warmup()).append(" warm-up call(s) per client left out; ").append(c.runs().size()).append(" runs");
            if (!c.failures().isEmpty()) b.append(", ").append(c.failures().size()).append(" failed (").append(escape(c.failures().stream()
                    .map(f -> f.key().stem() + ": " + f.reason()).collect(Collectors.joining("; ")))).append(")");
            b.append(".\n\n");
            for (io.wireanalyze.workloads.table.WorkloadKind k : s.runnable())
                if (!c.plan().protocols().contains(k)) missing.add(k + " (not on " + c.plan().network().network() + ": " + Placeable.why(k, c.plan().network()).orElse("left out") + ")");
        }
        if (!missing.isEmpty()) b.append("**Missing:** ").append(escape(String.join(", ", missing))).append("\n\n");
        for (SeedResult.Table t : r.tables()) {
            b.append("### ").append(escape(t.title())).append("\n\n*").append(escape(t.where())).append("*\n\n");
            table(b, t.headers(), t.rows());
            if (t.note() != null) b.append("\n").append(escape(t.note())).append("\n");
            b.append("\n");
        }
        if (!r.findings().isEmpty()) {
            b.append("### Findings\n\n").append(escape(SeedReport.VERDICT_RULE)).append(".\n\n");
            List<List<String>> rows = new ArrayList<>();
            for (SeedResult.Judged j : r.findings())
                rows.add(List.of(Integer.toString(j.number()), "**" + j.verdict() + "**", j.claim() + " [" + j.where() + "]", j.paper(), j.ours()));
            table(b, List.of("#", "verdict", "finding", "paper", "ours"), rows);
            b.append("\nVerdicts: ").append(r.tally()).append(".\n\n");
        }
        List<Path> pngs = e.figures().stream().filter(p -> p.getFileName().toString().endsWith(".png")).toList();
        if (!pngs.isEmpty()) {
            b.append("### Figures\n\n");
            for (Path p : pngs) {
                String rel = index.getParent() == null ? p.toString() : index.getParent().toAbsolutePath().relativize(p.toAbsolutePath()).toString();
                String svg = rel.substring(0, rel.length() - 4) + ".svg";
                b.append("![").append(p.getFileName()).append("](").append(rel).append(") ([SVG](").append(svg).append("))\n\n");
            }
        }
        if (!s.notes().isEmpty()) {
            b.append("### Notes\n\n");
            for (String n : s.notes()) b.append("- ").append(escape(n)).append("\n");
            b.append("\n");
        }
        return b.toString();
    }

    private static void table(StringBuilder b, List<String> headers, List<List<String>> rows) {
        b.append("| ").append(headers.stream().map(SeedMarkdown::cell).collect(Collectors.joining(" | "))).append(" |\n");
        b.append("|").append(" --- |".repeat(headers.size())).append("\n");
        for (List<String> row : rows) b.append("| ").append(row.stream().map(SeedMarkdown::cell).collect(Collectors.joining(" | "))).append(" |\n");
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("<", "&lt;").replace("\n", " ");
    }

    /** Markdown's own characters in prose: {@code <0.10} stays text. */
    static String escape(String s) {
        return s.replace("<", "&lt;").replace("*", "\\*").replace("_", "\\_");
    }

    static String anchor(String id) {
        return id.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9 -]", "").replace(' ', '-');
    }

    private static String seconds(long millis) {
        long s = Math.round(millis / 1000.0);
        return s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s";
    }
}
