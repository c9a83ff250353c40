package io.wireanalyze.bench;

import io.wireanalyze.bench.Measurement.Tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * {@code bench --sizes}: does memory stay flat as files grow? For each size a mixed capture, analysed to JSON twice,
 * with the default heap and with {@code -Xmx}; peak RSS of both, and whether the two JSON reports are the same bytes.
 */
final class FlatMemory {

    private FlatMemory() {
    }

    static int run(List<String> sizes, String xmx, long seed, WorkCaptures captures, Children children, PrintWriter out,
                   PrintWriter err) throws IOException, InterruptedException {
        List<Long> bytes = new ArrayList<>();
        for (String s : sizes) bytes.add(SynthesisTarget.Sizes.parse(s));
        String limited = "-Xmx" + xmx;
        BenchReport.Columns t = new BenchReport.Columns("size", "packets", "MB", "default heap: wall s", "packets/s", "peak RSS", "anon RSS",
                limited + ": wall s", "packets/s", "peak RSS", "anon RSS", "JSON sha-256");
        for (long size : bytes) {
            String label = SynthesisTarget.Sizes.format(size);
            CaptureSynthesizer.Summary c = captures.get("mixed-" + label + "-seed" + seed,
                    new CaptureSynthesizer.Options(new SynthesisTarget.Bytes(size), 0, seed));
            BenchCommand.warm(c.file());
            children.say("running analyze json on " + c.file().getFileName() + " with the default heap");
            ChildRun free = children.run(Tool.ANALYZE_JSON, c.file(), c.keyLog(), 0, List.of(), "-default-heap");
            children.say("running analyze json on " + c.file().getFileName() + " with " + limited);
            ChildRun capped = children.run(Tool.ANALYZE_JSON, c.file(), c.keyLog(), 0, List.of(limited), "-" + limited.substring(1).toLowerCase(Locale.ROOT));
            String same = "";
            if (free.ok() && capped.ok()) {
                String a = sha256(children.json(c.file(), "-default-heap")), b = sha256(children.json(c.file(), "-" + limited.substring(1).toLowerCase(Locale.ROOT)));
                same = a.equals(b) ? "identical " + a.substring(0, 12) : "DIFFER " + a.substring(0, 12) + " / " + b.substring(0, 12);
            }
            t.row(label, String.format(Locale.ROOT, "%,d", c.packets()), String.format(Locale.ROOT, "%.1f", c.bytes() / 1e6),
                    cell(free), rate(free, c.packets()), BenchReport.mib(free.peakKib()), BenchReport.mib(free.peakAnonKib()),
                    cell(capped), rate(capped, c.packets()), BenchReport.mib(capped.peakKib()), BenchReport.mib(capped.peakAnonKib()), same);
            for (ChildRun r : List.of(free, capped)) if (!r.ok()) t.note("  " + shown(r.command()) + ": exit " + r.exit() + ": " + r.err());
        }
        t.print(out);
        out.println("Whole processes (analyze --format json --out DIR). Peak RSS: the process's maximum resident set, every"
                + " resident page counted (the reader keeps the capture's bytes on the heap, in 1 MiB windows); anon RSS: its"
                + " anonymous part (heap and native memory), sampled every 20 ms.");
        out.flush();
        return 0;
    }


    /**
     * A failed run's command as a note shows it: after the program, without its {@code --out} folder (one of the
     * bench's, emptied by the next run). Every option that shaped the run stays, its worker count among them.
     */
    static String shown(List<String> command) {
        List<String> shown = new java.util.ArrayList<>();
        for (int i = 1; i < command.size(); i++) {
            if (command.get(i).equals("--out") && i + 1 < command.size()) {
                i++;
                continue;
            }
            shown.add(command.get(i));
        }
        return String.join(" ", shown);
    }

    private static String cell(ChildRun r) {
        return r.ok() ? BenchReport.seconds(r.seconds()) : "failed";
    }

    private static String rate(ChildRun r, long packets) {
        return r.ok() ? String.format(Locale.ROOT, "%,.0f", packets / r.seconds()) : "";
    }

    static String sha256(Path file) throws IOException {
        MessageDigest sha = WorkCaptures.sha256();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) sha.update(buf, 0, n);
        }
        return HexFormat.of().formatHex(sha.digest());
    }
}
