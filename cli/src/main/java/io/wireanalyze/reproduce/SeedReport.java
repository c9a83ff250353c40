package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Comparison;
import io.wireanalyze.report.TextTable;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A seed beside our figures: what it measured and what we ran, its tables with the paper's numbers next to ours,
 * and a verdict on each of its findings with the figures that say so.
 */
public final class SeedReport {
    private static final String INDENT = "  ";

    private SeedReport() {
    }

    /** The verdicts on the seed's findings, in its order. */
    public static List<Verdict> verdicts(Seed seed, Comparison c, Seed.Mode mode) {
        return SeedResult.of(seed, c, mode).findings().stream().map(SeedResult.Judged::verdict).toList();
    }

    public static String text(Seed seed, Comparison c, Seed.Mode mode) {
        return text(SeedResult.of(seed, c, mode), mode);
    }

    public static String text(SeedResult result, Seed.Mode mode) {
        Seed seed = result.seed();
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.println("Seed " + seed.id() + ": " + seed.title() + " (" + seed.file() + ")");
        Wrap.lines(INDENT + "measured:", seed.measured(), INDENT + "  ").forEach(out::println);
        for (Comparison c : result.comparisons())
            Wrap.lines(INDENT + "ours:", c.plan().protocols().stream().map(Object::toString).collect(Collectors.joining(", ")) + " on "
                    + c.plan().network().describe() + " (" + Setting.of(c.plan().network()) + "), " + c.plan().repeat() + " repetition(s), " + c.plan().warmup()
                    + " warm-up call(s) per client left out", INDENT + "  ").forEach(out::println);
        if (mode == Seed.Mode.QUICK && !seed.quick().invocations().isEmpty())
            out.println(INDENT + "--quick: " + seed.quick().invocations().entrySet().stream().map(e -> e.getKey() + " calls ran as " + e.getValue())
                    .collect(Collectors.joining(", ")) + "; rows keep the paper's counts as labels");
        List<String> missing = seed.availability().stream().filter(a -> a.missing().isPresent())
                .map(a -> a.label() + " (" + a.missing().get() + ")").collect(Collectors.toCollection(ArrayList::new));
        for (Comparison c : result.comparisons())
            for (io.wireanalyze.workloads.table.WorkloadKind k : seed.runnable())
                if (!c.plan().protocols().contains(k)) missing.add(k + " (not on " + c.plan().network().network() + ": " + Placeable.why(k, c.plan().network()).orElse("left out") + ")");
        Wrap.lines(INDENT + "missing:", missing.isEmpty() ? "none, every protocol of the seed ran" : String.join(", ", missing), INDENT + "  ").forEach(out::println);
        for (Comparison c : result.comparisons())
            if (c.partial()) out.println(INDENT + "PARTIAL: " + c.interruption() + " after " + c.runs().size() + " of " + c.plan().runs().size() + " runs"
                    + " on " + c.plan().network().network());
        for (SeedResult.Table t : result.tables()) table(out, t);
        if (!result.findings().isEmpty()) findings(out, result);
        if (!seed.notes().isEmpty()) {
            out.println();
            out.println("Notes");
            for (String n : seed.notes()) Wrap.lines(INDENT + "-", n, INDENT + "  ").forEach(out::println);
        }
        out.flush();
        return s.toString();
    }

    private static void table(PrintWriter out, SeedResult.Table t) {
        out.println();
        out.println(t.title() + " [" + t.where() + "]");
        TextTable tt = new TextTable(t.headers().toArray(String[]::new));
        for (List<String> row : t.rows()) tt.row(row.toArray());
        tt.print(out, INDENT);
        if (t.note() != null) Wrap.lines(INDENT, t.note(), INDENT + "  ").forEach(out::println);
    }

    static final String VERDICT_RULE = "holds: ours goes the paper's way by at least half its relative margin (with no number in the paper: the same way);"
            + " weaker: the same way, by less; reversed: the other way";

    private static void findings(PrintWriter out, SeedResult result) {
        out.println();
        out.println("Findings (" + VERDICT_RULE + ")");
        for (SeedResult.Judged j : result.findings()) {
            Wrap.lines(String.format(Locale.ROOT, "%s%2d. %s:", INDENT, j.number(), j.verdict().toString().toUpperCase(Locale.ROOT)), j.claim() + " [" + j.where() + "]",
                    INDENT + "    ").forEach(out::println);
            Wrap.lines(INDENT + "    paper " + j.paper() + "; ours", j.ours(), INDENT + "      ").forEach(out::println);
        }
        out.println(INDENT + "verdicts: " + result.tally());
    }
}
