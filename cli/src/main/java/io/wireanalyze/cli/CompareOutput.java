package io.wireanalyze.cli;

import io.wireanalyze.compare.CompareCharts;
import io.wireanalyze.compare.CompareCsv;
import io.wireanalyze.compare.CompareJson;
import io.wireanalyze.compare.CompareText;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.console.Progress;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a comparison's report goes: the table on standard output and in {@code <base>.txt}, the JSON, the CSV and
 * the charts beside it in the output folder, all handed to the sudo user. {@code compare} and {@code reproduce}
 * write through it.
 */
final class CompareOutput {
    private final Path dir;
    private final String base;
    private final PrintWriter out;
    private final Progress progress;
    private final Ownership owner;

    CompareOutput(Path dir, String base, PrintWriter out, Progress progress, Ownership owner) {
        this.dir = dir;
        this.base = base;
        this.out = out;
        this.progress = progress;
        this.owner = owner;
    }

    /** Writes every file and prints the table, followed by {@code extra} (a seed's tables). Returns the files. */
    List<Path> write(Comparison c, String extra) throws IOException {
        owner.createDirectories(dir);
        StringWriter text = new StringWriter();
        new CompareText(new PrintWriter(text)).write(c);
        String all = text + (extra.isEmpty() ? "" : System.lineSeparator() + extra);
        out.print(all);
        out.flush();
        List<Path> files = new ArrayList<>();
        Path txt = dir.resolve(base + ".txt");
        Files.writeString(txt, all, StandardCharsets.UTF_8);
        files.add(txt);
        Path json = dir.resolve(base + ".json");
        try (Writer w = io.wireanalyze.report.ReportFiles.writer(json)) {
            new CompareJson().write(w, c);
        }
        files.add(json);
        files.addAll(new CompareCsv().write(dir, base, c));
        if (!c.runs().isEmpty()) files.addAll(new CompareCharts().write(dir, base, c));
        owner.ownAll(files);
        progress.say("wrote " + String.join(", ", files.stream().map(f -> f.getFileName().toString()).toList()) + " into " + dir);
        return files;
    }
}
