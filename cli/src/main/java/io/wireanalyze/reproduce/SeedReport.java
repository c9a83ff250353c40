package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Comparison;
import io.wireanalyze.report.TextTable;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
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
        Reading r = new Reading(c, seed.scale(mode));
        return seed.findings().stream().map(f -> verdict(f, r)).toList();
    }

    public static String text(Seed seed, Comparison c, Seed.Mode mode) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        Reading r = new Reading(c, seed.scale(mode));
        out.println("Seed " + seed.id() + ": " + seed.title() + " (" + seed.file() + ")");
        Wrap.lines(INDENT + "measured:", seed.measured(), INDENT + "  ").forEach(out::println);
        Wrap.lines(INDENT + "ours:", c.plan().protocols().stream().map(Object::toString).collect(Collectors.joining(", ")) + " on "
                + c.plan().network().describe() + ", " + c.plan().repeat() + " repetition(s), " + c.plan().warmup()
                + " warm-up call(s) per client left out", INDENT + "  ").forEach(out::println);
        if (mode == Seed.Mode.QUICK && !seed.quick().invocations().isEmpty())
            out.println(INDENT + "--quick: " + seed.quick().invocations().entrySet().stream().map(e -> e.getKey() + " calls ran as " + e.getValue())
                    .collect(Collectors.joining(", ")) + "; rows keep the paper's counts as labels");
        List<String> missing = seed.availability().stream().filter(a -> a.missing().isPresent())
                .map(a -> a.label() + " (" + a.missing().get() + ")").toList();
        Wrap.lines(INDENT + "missing:", missing.isEmpty() ? "none, every protocol of the seed ran" : String.join(", ", missing), INDENT + "  ").forEach(out::println);
        if (c.partial()) out.println(INDENT + "PARTIAL: " + c.interruption() + " after " + c.runs().size() + " of " + c.plan().runs().size() + " runs");
        for (SeedTable t : seed.tables()) table(out, t, r);
        if (!seed.findings().isEmpty()) findings(out, seed, r);
        if (!seed.notes().isEmpty()) {
            out.println();
            out.println("Notes");
            for (String n : seed.notes()) Wrap.lines(INDENT + "-", n, INDENT + "  ").forEach(out::println);
        }
        out.flush();
        return s.toString();
    }

    private static void table(PrintWriter out, SeedTable t, Reading r) {
        out.println();
        out.println(t.title() + " [" + t.where() + "]");
        List<String> headers = new ArrayList<>(List.of(""));
        headers.addAll(t.paperColumns());
        headers.addAll(t.ourColumns());
        TextTable tt = new TextTable(headers.toArray(String[]::new));
        for (SeedTable.Row row : t.rows()) {
            List<Object> cells = new ArrayList<>(List.of(row.label()));
            for (Double p : row.paper()) cells.add(p == null ? "n/a" : row.unit().format(p));
            for (Quantity q : row.ours()) cells.add(cell(q, row.unit(), r));
            tt.row(cells.toArray());
        }
        tt.print(out, INDENT);
    }

    private static String cell(Quantity q, ValueUnit unit, Reading r) {
        if (q instanceof Quantity.NotRun) return "not run";
        OptionalDouble v = q.value(r);
        return v.isPresent() ? unit.format(v.getAsDouble()) : "n/a";
    }

    private static void findings(PrintWriter out, Seed seed, Reading r) {
        out.println();
        out.println("Findings (holds: ours goes the paper's way by at least half its relative margin; weaker: the same way, by less; reversed: the other way)");
        Map<Verdict, Long> counts = new java.util.EnumMap<>(Verdict.class);
        int i = 1;
        for (Finding f : seed.findings()) {
            Verdict v = verdict(f, r);
            counts.merge(v, 1L, Long::sum);
            Wrap.lines(String.format(Locale.ROOT, "%s%2d. %s:", INDENT, i++, v.toString().toUpperCase(Locale.ROOT)), f.claim() + " [" + f.where() + "]",
                    INDENT + "    ").forEach(out::println);
            OptionalDouble a = f.oursA().value(r), b = f.oursB().value(r);
            String ours = a.isPresent() && b.isPresent() ? pair(f.unit(), a.getAsDouble(), b.getAsDouble()) : "not measured (" + missing(f, r) + ")";
            out.println(INDENT + "    paper " + pair(f.unit(), f.paperA(), f.paperB()) + "; ours " + ours);
        }
        out.println(INDENT + "verdicts: " + counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(Collectors.joining(", ")));
    }

    static Verdict verdict(Finding f, Reading r) {
        OptionalDouble a = f.oursA().value(r), b = f.oursB().value(r);
        if (a.isEmpty() || b.isEmpty()) return Verdict.NOT_MEASURED;
        return Verdict.of(f.paperA(), f.paperB(), a.getAsDouble(), b.getAsDouble());
    }

    /** {@code 1034.0 against 219.0 ms (4.72x)}. */
    private static String pair(ValueUnit unit, double a, double b) {
        String ratio = b == 0 ? "" : String.format(Locale.ROOT, " (%.2fx)", a / b);
        String suffix = unit == ValueUnit.MS ? " ms" : "";
        return unit.format(a) + " against " + unit.format(b) + suffix + ratio;
    }

    private static String missing(Finding f, Reading r) {
        List<String> gone = new ArrayList<>();
        for (String p : f.oursA().protocols()) if (r.protocol(p).isEmpty()) gone.add(p);
        for (String p : f.oursB().protocols()) if (r.protocol(p).isEmpty() && !gone.contains(p)) gone.add(p);
        return gone.isEmpty() ? "its plan point did not run" : String.join(", ", gone) + " did not run";
    }
}
