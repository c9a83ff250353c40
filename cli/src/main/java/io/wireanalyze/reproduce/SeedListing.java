package io.wireanalyze.reproduce;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** {@code reproduce} without a seed: every seed, what it measured, which of its protocols run today. */
public final class SeedListing {
    private SeedListing() {
    }

    /** The seeds whose numbers the repository holds; with {@code texts} (a folder of seed texts, or null) those without. */
    public static void print(SeedCatalogue catalogue, Path texts, PrintWriter out) {
        out.println("Seeds (their numbers in the repository, cli/src/main/resources/seeds" + (texts != null ? "; their texts in " + texts : "") + ")");
        for (Seed s : catalogue.seeds()) {
            out.println();
            out.println("  " + s.id() + "  (" + s.file() + ")");
            out.println("    " + s.title());
            Wrap.lines("    measured:", s.measured(), "      ").forEach(out::println);
            List<Seed.Availability> all = s.availability();
            String runs = all.stream().filter(a -> a.kind().isPresent()).map(Seed.Availability::label).collect(Collectors.joining(", "));
            String missing = all.stream().filter(a -> a.missing().isPresent()).map(a -> a.label() + " (" + a.missing().get() + ")")
                    .collect(Collectors.joining(", "));
            long running = all.stream().filter(a -> a.kind().isPresent()).count();
            Wrap.lines("    protocols:", missing.isEmpty() ? runs + ": all run today"
                    : (running == 0 ? "none runs today" : runs + (running == 1 ? " runs" : " run") + " today") + "; missing: " + missing, "      ")
                    .forEach(out::println);
            Wrap.lines("    reproduces:", (s.tables().isEmpty() && s.findings().isEmpty() ? "its plan, with our figures only (its numbers are not in the repository yet)"
                    : s.tables().size() + " table(s) beside the paper's numbers, " + s.findings().size() + " finding(s) with verdicts")
                    + "; on " + s.networks().stream().map(n -> n + " (" + (n.emulated() ? Setting.TWO_COMPUTERS : Setting.ONE_HOST) + ")")
                    .collect(Collectors.joining(", then ")) + ": wireanalyze reproduce " + s.id(), "      ").forEach(out::println);
        }
        List<String> unknown = texts == null ? List.of() : catalogue.withoutData(texts);
        if (!unknown.isEmpty()) {
            out.println();
            out.println("  Seed texts without data in the repository yet: " + String.join(", ", unknown));
        }
        out.flush();
    }
}
