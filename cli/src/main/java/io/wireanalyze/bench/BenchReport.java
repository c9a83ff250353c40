package io.wireanalyze.bench;

import io.wireanalyze.bench.Measurement.Tool;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The bench's tables: one row per capture and tool, then the targets and whether each was met. */
final class BenchReport {

    /** Analyze within this many times the read floor's wall time, on the 1.5 M-packet mixed capture. */
    static final double FLOOR_RATIO = 3;
    /** Packets per second analyze reaches on the MTU-1500 variant. */
    static final double PACKETS_PER_SECOND = 3e6;
    /** Times faster than tshark on the 150 k-packet slice, and from 1 M packets up. */
    static final double TSHARK_SMALL = 30, TSHARK_LARGE = 60;
    static final long LARGE_PACKETS = 1_000_000;

    /** Issue #20: analyze within this many times the read floor's wall time, on each capture. */
    static final double FLOOR_RATIO_20 = 6;
    /** Issue #20: packets per second analyze reaches on the MTU-1500 variant. */
    static final double PACKETS_PER_SECOND_20 = 400e3;
    /** Issue #20: times faster than tshark on the 150 k-packet slice, and on the 1.5 M-packet captures. */
    static final double TSHARK_SMALL_20 = 2, TSHARK_LARGE_20 = 5;
    /** Issue #20: MB/s of the XML-heavy capture, whole process. */
    static final double XML_MEGABYTES_PER_SECOND = 300;

    /** Issue #19: analyze with workers at least this many times as fast as on one thread, whole process. */
    static final double WORKERS_SPEEDUP = 1.5;
    /** Issue #19's speed-up with workers on the large (5 M-packet) capture. */
    static final double WORKERS_SPEEDUP_LARGE = 1.6;
    /** Issue #19: the Spark job in local mode at most this many times {@code analyze --merge}'s wall time. */
    static final double SPARK_RATIO = 2;

    /** An issue target: what it asks, what was measured, and whether it was met (null: not known). */
    record Target(String what, String measured, Boolean met) {
    }

    private BenchReport() {
    }

    static void table(PrintWriter out, List<Measurement> ms) {
        Columns t = new Columns("capture", "packets", "MB", "run", "wall s", "packets/s", "MB/s", "peak RSS", "anon RSS", "vs floor", "vs tshark");
        String last = null;
        for (Measurement m : ms) {
            boolean first = !m.capture().label().equals(last);
            last = m.capture().label();
            String ok = m.best().ok() ? null : m.best().timedOut() ? "stopped after " + seconds(m.best().seconds()) + " s"
                    : "failed (exit " + m.best().exit() + "): " + m.best().err();
            t.row(first ? m.capture().label() : "", first ? String.format(Locale.ROOT, "%,d", m.capture().packets()) : "",
                    first ? String.format(Locale.ROOT, "%.1f", m.capture().bytes() / 1e6) : "", m.tool().label,
                    m.best().timedOut() ? "> " + seconds(m.best().seconds()) : seconds(m.best().seconds()),
                    ok != null ? "" : String.format(Locale.ROOT, "%,.0f", m.packetsPerSecond()),
                    ok != null ? "" : String.format(Locale.ROOT, "%.1f", m.megabytesPerSecond()),
                    m.best().peakKib() == 0 ? "" : mib(m.best().peakKib()),
                    m.best().peakAnonKib() == 0 ? "" : mib(m.best().peakAnonKib()),
                    m.tool() == Tool.READ_FLOOR || ok != null ? "" : floorRatio(ms, m),
                    m.tool() == Tool.TSHARK || ok != null ? "" : tsharkRatio(ms, m));
            if (ok != null && !m.best().timedOut()) t.note("  " + m.tool().label + " " + ok);
        }
        t.print(out);
        out.println("vs floor: wall time over the read floor's (lower is better); vs tshark: tshark's wall time over this one's"
                + " (higher is better). Whole processes, best of " + (ms.isEmpty() ? 1 : ms.get(0).runs()) + " run(s). Peak RSS: the process's"
                + " maximum resident set (the reader keeps the capture's bytes on the heap, in 1 MiB windows); anon RSS: its anonymous part (heap and native memory), sampled every 20 ms.");
    }

    /** The targets, from the measurements of the mixed capture, its MTU variant and the slice. */
    static List<Target> targets(List<Measurement> ms, String mixed, String mtu, String slice) {
        List<Target> out = new ArrayList<>();
        List<String> floor = new ArrayList<>();
        Boolean floorMet = true;
        for (Measurement m : analyses(ms, mixed)) {
            Double r = ratio(ms, m, Tool.READ_FLOOR, false);
            floor.add(format(m) + " " + (r == null ? "?" : String.format(Locale.ROOT, "%.2fx", r)));
            floorMet = and(floorMet, r == null ? null : r <= FLOOR_RATIO);
        }
        out.add(new Target("analyze within " + (int) FLOOR_RATIO + "x of the read floor (" + mixed + ")", String.join(", ", floor), floorMet));
        List<String> rate = new ArrayList<>();
        Boolean rateMet = true;
        for (Measurement m : analyses(ms, mtu)) {
            rate.add(format(m) + " " + (m.best().ok() ? String.format(Locale.ROOT, "%,.0f packets/s", m.packetsPerSecond()) : "failed"));
            rateMet = and(rateMet, m.best().ok() && m.packetsPerSecond() >= PACKETS_PER_SECOND);
        }
        out.add(new Target(">= " + (int) (PACKETS_PER_SECOND / 1e6) + " M packets/s (" + mtu + ")", String.join(", ", rate), rateMet));
        out.add(tsharkTarget(ms, List.of(slice), TSHARK_SMALL));
        List<String> large = new ArrayList<>();
        for (String c : List.of(mixed, mtu)) {
            for (Measurement m : ms) if (m.capture().label().equals(c) && m.capture().packets() >= LARGE_PACKETS && !large.contains(c)) large.add(c);
        }
        if (large.isEmpty()) out.add(new Target(">= " + (int) TSHARK_LARGE + "x tshark from 1M packets up", "no capture of 1M packets or more", null));
        else out.add(tsharkTarget(ms, large, TSHARK_LARGE));
        return out;
    }

    /**
     * Issue #20's targets (its peak memory is {@code bench --sizes}'): within 6x of the read floor on each capture of the
     * bench, 400 k packets/s on the MTU-1500 variant, 2x tshark on the slice and 5x on the 1.5 M-packet captures, and the
     * XML-heavy capture at 300 MB/s (every analysis: json, table, json on one thread).
     */
    static List<Target> targets20(List<Measurement> ms, String mixed, String mtu, String slice, String xml) {
        List<Target> out = new ArrayList<>();
        List<String> captures = ms.stream().filter(m -> m.tool() == Tool.READ_FLOOR).map(m -> m.capture().label()).toList();
        List<String> floor = new ArrayList<>();
        Boolean floorMet = captures.isEmpty() ? null : true;
        for (String c : captures) {
            List<String> figures = new ArrayList<>();
            for (Measurement m : analyses(ms, c)) {
                Double r = ratio(ms, m, Tool.READ_FLOOR, false);
                figures.add(format(m) + " " + (r == null ? "?" : String.format(Locale.ROOT, "%.2fx", r)));
                floorMet = and(floorMet, r == null ? null : r <= FLOOR_RATIO_20);
            }
            floor.add(c + ": " + String.join(", ", figures));
        }
        out.add(new Target("analyze within " + (int) FLOOR_RATIO_20 + "x of the read floor (each capture)", String.join("; ", floor), floorMet));
        out.add(rate(ms, mtu, PACKETS_PER_SECOND_20, Measurement::packetsPerSecond, "%,.0f packets/s",
                ">= " + (int) (PACKETS_PER_SECOND_20 / 1e3) + " k packets/s (" + mtu + ")"));
        out.add(tsharkTarget(ms, List.of(slice), TSHARK_SMALL_20));
        out.add(tsharkTarget(ms, List.of(mixed, mtu), TSHARK_LARGE_20));
        out.add(rate(ms, xml, XML_MEGABYTES_PER_SECOND, Measurement::megabytesPerSecond, "%.1f MB/s",
                ">= " + (int) XML_MEGABYTES_PER_SECOND + " MB/s (" + xml + ")"));
        return out;
    }

    /** Every analysis of {@code capture} at {@code asked} or more of {@code figure} (printed with {@code pattern}). */
    private static Target rate(List<Measurement> ms, String capture, double asked, java.util.function.ToDoubleFunction<Measurement> figure,
                               String pattern, String what) {
        List<String> said = new ArrayList<>();
        Boolean met = null;
        for (Measurement m : analyses(ms, capture)) {
            said.add(format(m) + " " + (m.best().ok() ? String.format(Locale.ROOT, pattern, figure.applyAsDouble(m)) : "failed"));
            met = and(met == null ? Boolean.TRUE : met, m.best().ok() && figure.applyAsDouble(m) >= asked);
        }
        return new Target(what, said.isEmpty() ? "not run" : String.join(", ", said), met);
    }

    /**
     * Where each analysis' CPU time went ({@link ChildRun.Cpu}), and the least wall time that CPU time allows on this
     * machine's cores: a run cannot end before its CPU seconds over the cores have passed.
     */
    static void cpu(PrintWriter out, List<Measurement> ms, int cores) {
        Columns t = new Columns("capture", "run", "wall s", "CPU s", "analysis", "JIT", "GC", "other", "CPU / " + cores + " cores");
        String last = null;
        boolean any = false;
        for (Measurement m : ms) {
            ChildRun.Cpu c = m.best().cpu();
            if (!m.tool().analyze() || c == null) continue;
            any = true;
            boolean first = !m.capture().label().equals(last);
            last = m.capture().label();
            t.row(first ? m.capture().label() : "", m.tool().label, seconds(m.best().seconds()), seconds(c.total()),
                    seconds(c.analysis()), seconds(c.jit()), seconds(c.gc()), seconds(c.other()), seconds(c.total() / cores));
        }
        if (!any) {
            out.println("CPU time by thread: not known (/usr/bin/time is not installed: apt-get install time)");
            return;
        }
        t.print(out);
        out.println("CPU s: user and system time of the whole process; analysis: its main, reading and worker threads; JIT:"
                + " the C1 and C2 compilers; GC: the collector's threads and the VM thread (its pauses); other: the rest,"
                + " and the last 200 ms (threads are read every 200 ms). CPU / cores: the least wall time that CPU allows here.");
    }

    /**
     * Issue #19's targets on one machine: analyze with workers at least {@code times} as fast as on one thread (json, on
     * the capture labelled {@code mixed}), and what bounds it: the CPU time the run with workers used, over the cores;
     * and, when both runs compiled with the same compilers, the CPU time the run on one thread used, over the cores.
     * Workers then do at least that work (the same analysis, the same compilers warming up the same code, the same
     * garbage), so no run with workers can end sooner, however little the hand-over costs. When the launcher's rules ran
     * them with different compilers (C1 only with workers, C2 on one thread: {@link BenchCommand#SMALL_WORKERS_BYTES})
     * the work differs, and the one thread's CPU bounds nothing: the bench said "at most 1.25x" beside a run with
     * workers that was 1.42x as fast.
     */
    static Target workersTarget(List<Measurement> ms, String mixed, double times, int cores) {
        Measurement workers = find(ms, mixed, Tool.ANALYZE_JSON), one = find(ms, mixed, Tool.ANALYZE_JSON_ONE_THREAD);
        String what = "json with workers >= " + times + "x json on 1 thread (" + mixed + ")";
        if (workers == null || one == null || !workers.best().ok() || !one.best().ok()) return new Target(what, "not run", null);
        double speedup = one.best().seconds() / workers.best().seconds();
        String said = String.format(Locale.ROOT, "%.2fx (%s s against %s s)", speedup, seconds(workers.best().seconds()), seconds(one.best().seconds()));
        ChildRun.Cpu c = workers.best().cpu();
        if (c != null) {
            double asked = one.best().seconds() / times;
            said += String.format(Locale.ROOT, "; it asks <= %s s, and the run with workers used %s s of CPU (JIT %s, GC %s):"
                    + " at least %s s on %d cores", seconds(asked), seconds(c.total()), seconds(c.jit()), seconds(c.gc()),
                    seconds(c.total() / cores), cores);
        }
        ChildRun.Cpu single = one.best().cpu();
        if (single != null && single.total() > 0) {
            double floor = single.total() / cores;
            said += String.format(Locale.ROOT, "; the run on one thread itself used %s s of CPU (JIT %s, GC %s)",
                    seconds(single.total()), seconds(single.jit()), seconds(single.gc()));
            boolean c1Workers = c1Only(workers.best()), c1One = c1Only(one.best());
            if (c1Workers == c1One) {
                said += String.format(Locale.ROOT, ", so the same work takes at least %s s on %d cores: at most %.2fx",
                        seconds(floor), cores, one.best().seconds() / floor);
            } else {
                said += ", compiled " + (c1One ? "by C1 only" : "by C1 and C2") + " where the run with workers was compiled "
                        + (c1Workers ? "by C1 only" : "by C1 and C2") + " (the launcher's rules): not the same work, so it bounds nothing";
            }
        }
        return new Target(what, said, speedup >= times);
    }

    /** Whether the run's JVM compiled with C1 alone (the launcher's option for small captures, {@link BenchCommand#SMALL_CAPTURE_OPTION}). */
    private static boolean c1Only(ChildRun run) {
        return run.command().contains(BenchCommand.SMALL_CAPTURE_OPTION.split(" ")[0]);
    }

    /**
     * Issue #19's workers once the JIT is done ({@code bench compiled}, {@link CompiledRounds}): json on one thread and with workers, each the
     * mean of the measured rounds in one JVM, and the speed-up; {@code failure} when the run failed.
     */
    static String compiled(String capture, Map<Integer, Double> means, int rounds, String failure) {
        String what = "compiled, in one JVM (" + capture + ", json, rounds " + (rounds / 2 + 1) + " to " + rounds + " of " + rounds + "): ";
        if (failure != null) return what + "failed: " + failure;
        Double one = means.get(0);
        Map.Entry<Integer, Double> most = means.entrySet().stream().filter(e -> e.getKey() > 0).reduce((a, b) -> b).orElse(null);
        if (one == null || most == null) return what + "no result";
        return what + String.format(Locale.ROOT, "on 1 thread %s s, with %d workers %s s: %.2fx (the json runs above without their start-up"
                + " and the JIT's warm-up, which on few cores takes the core the workers would use)", seconds(one), most.getKey(), seconds(most.getValue()),
                one / most.getValue());
    }

    /**
     * Issue #19's Spark target: the Spark job embedded in local mode within {@link #SPARK_RATIO}x of {@code analyze --merge}
     * on the capture labelled {@code pieces} (the mixed capture cut into files), with both runs' peak memory; the two
     * tables must be the same ({@code sameTables}; null when Spark did not run, for the reason {@code notRun}). With the
     * JSON runs (when the bench made them), both formats must be within the ratio, and the two engines' JSON the same
     * bytes ({@code sameJson}).
     */
    static Target sparkTarget(List<Measurement> ms, String pieces, Boolean sameTables, Boolean sameJson, String notRun) {
        String what = "Spark (embedded, local[*]) within " + (int) SPARK_RATIO + "x of analyze --merge (" + pieces + ")";
        Measurement merge = find(ms, pieces, Tool.ANALYZE_MERGE), spark = find(ms, pieces, Tool.ANALYZE_SPARK);
        if (notRun != null) return new Target(what, "not run: " + notRun, null);
        if (merge == null || spark == null || !merge.best().ok() || !spark.best().ok()) return new Target(what, "failed", false);
        double ratio = spark.best().seconds() / merge.best().seconds();
        String said = String.format(Locale.ROOT, "spark %s s against --merge %s s: %.2fx; peak RSS %s against %s; the tables %s",
                seconds(spark.best().seconds()), seconds(merge.best().seconds()), ratio, mib(spark.best().peakKib()), mib(merge.best().peakKib()),
                Boolean.TRUE.equals(sameTables) ? "identical" : "DIFFERENT");
        boolean met = ratio <= SPARK_RATIO && Boolean.TRUE.equals(sameTables);
        Measurement mergeJson = find(ms, pieces, Tool.ANALYZE_MERGE_JSON), sparkJson = find(ms, pieces, Tool.ANALYZE_SPARK_JSON);
        if (mergeJson != null || sparkJson != null) {
            if (mergeJson == null || sparkJson == null || !mergeJson.best().ok() || !sparkJson.best().ok()) {
                said += "; json: failed";
                met = false;
            } else {
                double json = sparkJson.best().seconds() / mergeJson.best().seconds();
                said += String.format(Locale.ROOT, "; json: spark %s s against --merge %s s: %.2fx (peak RSS %s against %s), the JSON %s",
                        seconds(sparkJson.best().seconds()), seconds(mergeJson.best().seconds()), json, mib(sparkJson.best().peakKib()),
                        mib(mergeJson.best().peakKib()), Boolean.TRUE.equals(sameJson) ? "identical" : "DIFFERENT");
                met &= json <= SPARK_RATIO && Boolean.TRUE.equals(sameJson);
            }
        }
        return new Target(what, said, met);
    }

    static void targets(PrintWriter out, List<Target> targets) {
        targets(out, "target (issue #10)", targets);
    }

    static void targets(PrintWriter out, String header, List<Target> targets) {
        Columns t = new Columns(header, "measured", "met");
        for (Target g : targets) t.row(g.what(), g.measured(), g.met() == null ? "unknown" : g.met() ? "yes" : "no");
        t.print(out);
    }

    private static Target tsharkTarget(List<Measurement> ms, List<String> captures, double times) {
        List<String> said = new ArrayList<>();
        Boolean met = true;
        for (String c : captures) {
            Measurement tshark = find(ms, c, Tool.TSHARK);
            if (tshark == null) continue;
            boolean atLeast = tshark.best().timedOut();
            List<String> figures = new ArrayList<>();
            for (Measurement m : analyses(ms, c)) {
                Double r = ratio(ms, m, Tool.TSHARK, true);
                figures.add(format(m) + " " + (r == null ? "?" : (atLeast ? "> " : "") + String.format(Locale.ROOT, "%.1fx", r)));
                met = and(met, r == null ? null : r >= times ? Boolean.TRUE : atLeast ? null : Boolean.FALSE);
            }
            said.add((captures.size() > 1 ? c + ": " : "") + String.join(", ", figures));
        }
        return new Target(">= " + (int) times + "x tshark (" + String.join(", ", captures) + ")",
                said.isEmpty() ? "tshark not run" : String.join("; ", said), said.isEmpty() ? null : met);
    }

    /** "json", "table" or "json, 1 thread". */
    private static String format(Measurement m) {
        return m.tool().label.substring(m.tool().label.indexOf(' ') + 1);
    }

    private static List<Measurement> analyses(List<Measurement> ms, String capture) {
        return ms.stream().filter(m -> m.capture().label().equals(capture) && m.tool().analyze()).toList();
    }

    private static Measurement find(List<Measurement> ms, String capture, Tool tool) {
        for (Measurement m : ms) if (m.capture().label().equals(capture) && m.tool() == tool) return m;
        return null;
    }

    /**
     * m's wall time over the other tool's ({@code inverse}: the other's over m's); null when either failed. A tshark
     * stopped at its time limit counts with that time: the ratio is then a lower bound.
     */
    private static Double ratio(List<Measurement> ms, Measurement m, Tool other, boolean inverse) {
        Measurement o = find(ms, m.capture().label(), other);
        if (o == null || !m.best().ok() || !(o.best().ok() || o.best().timedOut())) return null;
        return inverse ? o.best().seconds() / m.best().seconds() : m.best().seconds() / o.best().seconds();
    }

    private static String floorRatio(List<Measurement> ms, Measurement m) {
        Double r = ratio(ms, m, Tool.READ_FLOOR, false);
        return r == null ? "" : String.format(Locale.ROOT, "%.2fx", r);
    }

    private static String tsharkRatio(List<Measurement> ms, Measurement m) {
        Double r = ratio(ms, m, Tool.TSHARK, true);
        Measurement t = find(ms, m.capture().label(), Tool.TSHARK);
        return r == null ? "" : (t.best().timedOut() ? "> " : "") + String.format(Locale.ROOT, "%.1fx", r);
    }

    private static Boolean and(Boolean a, Boolean b) {
        if (Boolean.FALSE.equals(a) || Boolean.FALSE.equals(b)) return false;
        return a == null || b == null ? null : true;
    }

    /** A packet count for a label: 150k, 1.5M. */
    static String count(long n) {
        if (n >= 1_000_000) return java.math.BigDecimal.valueOf(n / 1e6).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString() + "M";
        if (n >= 1_000) return java.math.BigDecimal.valueOf(n / 1e3).round(new java.math.MathContext(3)).stripTrailingZeros().toPlainString() + "k";
        return Long.toString(n);
    }

    static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f", s);
    }

    static String mib(long kib) {
        return String.format(Locale.ROOT, "%,.0f MiB", kib / 1024.0);
    }

    /** A plain text table: columns padded to their widest cell, numbers right-aligned. */
    static final class Columns {
        private final List<String[]> rows = new ArrayList<>();
        private final List<Integer> notesAfter = new ArrayList<>();
        private final List<String> notes = new ArrayList<>();

        Columns(String... header) {
            rows.add(header);
        }

        void row(String... cells) {
            rows.add(cells);
        }

        /** A line of its own under the last row. */
        void note(String line) {
            notesAfter.add(rows.size() - 1);
            notes.add(line);
        }

        void print(PrintWriter out) {
            int[] width = new int[rows.get(0).length];
            for (String[] r : rows) for (int i = 0; i < r.length; i++) width[i] = Math.max(width[i], r[i].length());
            for (int n = 0; n < rows.size(); n++) {
                String[] r = rows.get(n);
                StringBuilder line = new StringBuilder();
                for (int i = 0; i < r.length; i++) {
                    boolean number = n > 0 && i > 0 && !r[i].isEmpty() && (Character.isDigit(r[i].charAt(0)) || r[i].startsWith("> "));
                    String pad = " ".repeat(width[i] - r[i].length());
                    line.append(i == 0 ? "" : "  ").append(number ? pad + r[i] : r[i] + pad);
                }
                out.println(line.toString().stripTrailing());
                for (int k = 0; k < notes.size(); k++) if (notesAfter.get(k) == n) out.println(notes.get(k));
            }
            out.flush();
        }
    }
}
