package io.wireanalyze.reproduce;

import io.wireanalyze.compare.Comparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A seed read in a comparison's results: its tables with the paper's cells beside ours, and its findings with a
 * verdict each, as printed cells. What the text, Markdown and JSON of {@code reproduce} write. A seed measured in both
 * settings (one host and two computers) is read in two comparisons, one on loopback and one on lan100: each table and
 * finding from the comparison on the network of its setting; {@code comparison} is the first, {@code others} the rest.
 */
public record SeedResult(Seed seed, Comparison comparison, List<Comparison> others, List<Table> tables, List<Judged> findings) {

    public SeedResult {
        others = List.copyOf(others);
    }

    /** Every comparison read, the first first. */
    public List<Comparison> comparisons() {
        List<Comparison> all = new ArrayList<>(List.of(comparison));
        all.addAll(others);
        return all;
    }

    /** A seed's table as cells: the header, then a row per label; {@code note} says why our cells are empty, if they are. */
    public record Table(String title, String where, List<String> headers, List<List<String>> rows, String note) {
    }

    /**
     * A finding with its verdict; {@code paper} and {@code ours} as printed ({@code 2.34 against 0.157 ms (14.9x)}),
     * {@code ourA} and {@code ourB} the numbers behind ours (NaN when not measured).
     */
    public record Judged(int number, String claim, String where, Verdict verdict, String paper, String ours, double ourA, double ourB) {
    }

    public static SeedResult of(Seed seed, Comparison c, Seed.Mode mode) {
        return of(seed, List.of(c), mode);
    }

    /** Read in these comparisons (the first the seed's own network): each table and finding in the one of its setting. */
    public static SeedResult of(Seed seed, List<Comparison> comparisons, Seed.Mode mode) {
        return of(seed, comparisons, mode, java.util.Map.of());
    }

    /**
     * As {@link #of(Seed, List, Seed.Mode)}, with the CPU profiles of the runs ({@code --profile}) by network and protocol,
     * which fill the seeds' tables by package (Juric et al.'s Tables 2 and 5).
     */
    public static SeedResult of(Seed seed, List<Comparison> comparisons, Seed.Mode mode,
                                java.util.Map<io.wireanalyze.capture.net.Network, java.util.Map<io.wireanalyze.workloads.table.WorkloadKind, io.wireanalyze.profile.CpuProfile>> profiles) {
        if (comparisons.isEmpty()) throw new IllegalArgumentException("comparisons: none (expected: one or more)");
        List<Reading> readings = comparisons.stream().map(c -> new Reading(c, seed.scale(mode), comparisons, profiles)).toList();
        List<Table> tables = new ArrayList<>();
        for (SeedTable t : seed.tables()) tables.add(table(t, reading(t.setting(), readings)));
        List<Judged> findings = new ArrayList<>();
        int i = 1;
        for (Finding f : seed.findings()) findings.add(judge(i++, f, reading(f.setting(), readings)));
        return new SeedResult(seed, comparisons.get(0), comparisons.subList(1, comparisons.size()), tables, findings);
    }

    /** The first reading whose network the setting covers, else the first (which then says the other setting is not measured). */
    private static Reading reading(Setting s, List<Reading> readings) {
        for (Reading r : readings) if (s.covers(r.comparison().plan().network())) return r;
        return readings.get(0);
    }

    private static Table table(SeedTable t, Reading r) {
        boolean ours = t.setting().covers(r.comparison().plan().network());
        List<String> headers = new ArrayList<>(List.of(""));
        headers.addAll(t.paperColumns());
        headers.addAll(t.ourColumns());
        List<List<String>> rows = new ArrayList<>();
        for (SeedTable.Row row : t.rows()) {
            List<String> cells = new ArrayList<>(List.of(row.label()));
            for (int i = 0; i < row.paper().size(); i++) cells.add(row.paperCell(i));
            for (Quantity q : row.ours()) cells.add(ours ? cell(q, row.unit(), r) : "-");
            rows.add(cells);
        }
        return new Table(t.title(), t.where(), headers, rows, ours ? null : "ours: " + t.setting().otherSetting(r.comparison().plan().network()));
    }

    private static String cell(Quantity q, ValueUnit unit, Reading r) {
        if (q instanceof Quantity.NotRun) return "not run";
        OptionalDouble v = q.value(r);
        if (v.isEmpty() && q instanceof Quantity.Cpu && !r.profiled()) return "needs --profile";
        return v.isPresent() ? unit.format(v.getAsDouble()) : "n/a";
    }

    static Judged judge(int number, Finding f, Reading r) {
        String paper = paper(f);
        if (!f.setting().covers(r.comparison().plan().network()))
            return new Judged(number, f.claim(), f.where(), Verdict.NOT_MEASURED, paper, "not measured (" + f.setting().otherSetting(r.comparison().plan().network()) + ")",
                    Double.NaN, Double.NaN);
        OptionalDouble a = f.oursA().value(r), b = f.oursB().value(r);
        if (a.isEmpty() || b.isEmpty())
            return new Judged(number, f.claim(), f.where(), Verdict.NOT_MEASURED, paper, "not measured (" + missing(f, r) + ")", Double.NaN, Double.NaN);
        return new Judged(number, f.claim(), f.where(), f.verdict(a.getAsDouble(), b.getAsDouble()), paper,
                pair(f.unit(), a.getAsDouble(), b.getAsDouble()), a.getAsDouble(), b.getAsDouble());
    }

    private static String paper(Finding f) {
        if (f.paper() instanceof Finding.Paper.Pair p) return pair(f.unit(), p.a(), p.b());
        if (f.paper() instanceof Finding.Paper.Factor x) return String.format(Locale.ROOT, "%.2fx", x.factor());
        return "no number (the text says which is larger)";
    }

    /** {@code 1034.0 against 219.0 ms (4.72x)}. */
    static String pair(ValueUnit unit, double a, double b) {
        String ratio = b == 0 ? "" : String.format(Locale.ROOT, " (%.2fx)", a / b);
        String suffix = unit == ValueUnit.MS ? " ms" : "";
        return unit.format(a) + " against " + unit.format(b) + suffix + ratio;
    }

    private static String missing(Finding f, Reading r) {
        List<String> why = new ArrayList<>();
        notRun(f.oursA(), why);
        notRun(f.oursB(), why);
        otherRun(f.oursA(), r, why);
        otherRun(f.oursB(), r, why);
        if (!why.isEmpty()) return String.join("; ", why);
        List<String> gone = new ArrayList<>();
        for (String p : f.oursA().protocols()) if (r.protocol(p).isEmpty()) gone.add(p);
        for (String p : f.oursB().protocols()) if (r.protocol(p).isEmpty() && !gone.contains(p)) gone.add(p);
        if (gone.isEmpty()) return "its plan point did not run";
        io.wireanalyze.capture.net.NetworkSpec net = r.comparison().plan().network();
        List<String> reasons = new ArrayList<>();
        for (String p : gone) {
            io.wireanalyze.workloads.Parsed<io.wireanalyze.workloads.table.WorkloadKind> k = io.wireanalyze.workloads.table.WorkloadKind.parse(p);
            Optional<String> placed = k.error().isPresent() ? Optional.empty() : Placeable.why(k.orElseThrow(), net);
            reasons.add(placed.map(w -> p + " is not on " + net.network() + ": " + w).orElse(p + " did not run"));
        }
        return String.join("; ", reasons);
    }

    /** A quantity of another setting's run when that run is not among this result's. */
    private static void otherRun(Quantity q, Reading r, List<String> why) {
        String need = null;
        if (q instanceof Quantity.On on && r.on(on.setting()).isEmpty())
            need = "needs the run on " + on.setting() + " too (reproduce without --network runs both)";
        if (need != null && !why.contains(need)) why.add(need);
        if (q instanceof Quantity.Ratio x) {
            otherRun(x.a(), r, why);
            otherRun(x.b(), r, why);
        }
        if (q instanceof Quantity.Difference x) {
            otherRun(x.a(), r, why);
            otherRun(x.b(), r, why);
        }
        if (q instanceof Quantity.Combined x) x.parts().forEach(p -> otherRun(p, r, why));
    }

    private static void notRun(Quantity q, List<String> why) {
        if (q instanceof Quantity.NotRun n && !why.contains(n.why())) why.add(n.why());
        if (q instanceof Quantity.Ratio x) {
            notRun(x.a(), why);
            notRun(x.b(), why);
        }
        if (q instanceof Quantity.Difference x) {
            notRun(x.a(), why);
            notRun(x.b(), why);
        }
        if (q instanceof Quantity.Combined x) x.parts().forEach(p -> notRun(p, why));
    }

    /** How many findings got each verdict, in the verdicts' order, e.g. {@code 6 holds, 2 weaker, 2 reversed}. */
    public String tally() {
        java.util.Map<Verdict, Long> counts = new java.util.EnumMap<>(Verdict.class);
        for (Judged j : findings) counts.merge(j.verdict(), 1L, Long::sum);
        return counts.entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).collect(java.util.stream.Collectors.joining(", "));
    }

    public long count(Verdict v) {
        return findings.stream().filter(j -> j.verdict() == v).count();
    }
}
