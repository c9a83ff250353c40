package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.reproduce.Seed;
import io.wireanalyze.reproduce.SeedCatalogue;
import io.wireanalyze.reproduce.SeedListing;
import io.wireanalyze.reproduce.SeedReport;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * Re-runs a seed paper's measurements with the protocols built today and sets its numbers beside ours with a
 * verdict on each of its findings; without a seed, lists the seeds.
 */
@Command(name = "reproduce", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Re-run a seed paper's measurements (a comparison, see compare) with the protocols built today, on the "
                + "seed's network (koutsogiannakis: lan100), and print its tables with the paper's numbers beside ours and a "
                + "verdict on each of its findings (holds, weaker, reversed). Without SEED: list the seeds, what they measured "
                + "and which of their protocols run today.")
final class ReproduceCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "SEED", description = "A seed's id (e.g. koutsogiannakis, juric-corba-vs-rmi) or its text's file name.")
    String seed;

    @Option(names = "--quick", description = "Fewer calls, payloads, clients and repetitions (the seed's quick plan): a look in a minute, not the figures.")
    boolean quick;

    @Option(names = "--repeat", paramLabel = "N", description = "Repetitions of every run (default: the seed's, 3; --quick: 2).")
    Integer repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the captures, reports and charts (default: wireanalyze-reproduce/<seed>).")
    Path out;

    @Option(names = "--seeds", paramLabel = "DIR", description = "Where the seeds' texts are (default: ../shared/seeds beside the clone).")
    Path seeds;

    @CommandLine.Mixin
    NetworkOptions network = new NetworkOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SeedCatalogue catalogue = SeedCatalogue.load();
        if (seed == null) {
            SeedListing.print(catalogue, seedsFolder(), spec.commandLine().getOut());
            return WireAnalyze.OK;
        }
        Seed s = catalogue.find(seed).orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "seed '" + seed
                + "': unknown (expected: one of " + catalogue.seeds().stream().map(Seed::id).collect(Collectors.joining(", ")) + ")"));
        Seed.Mode mode = quick ? Seed.Mode.QUICK : Seed.Mode.FULL;
        if (repeat != null && (repeat < 1 || repeat > 1000)) throw new CommandLine.ParameterException(spec.commandLine(), "--repeat: " + repeat + " (expected: 1..1000)");
        Progress progress = new Progress(spec.commandLine().getErr());
        String missing = s.availability().stream().filter(a -> a.missing().isPresent()).map(a -> a.label() + " (" + a.missing().get() + ")")
                .collect(Collectors.joining(", "));
        if (!missing.isEmpty()) progress.say(s.id() + ": not built yet, left out: " + missing);
        if (s.runnable().isEmpty()) throw new IllegalStateException("seed " + s.id() + ": none of its protocols " + s.protocols() + " is built yet");
        ComparePlan plan = s.plan(mode, network.specOr(spec, s.network()), Optional.ofNullable(repeat));
        for (io.wireanalyze.workloads.WorkloadKind k : s.runnable())
            if (!plan.protocols().contains(k))
                progress.say(s.id() + ": " + k + " left out on " + plan.network().network() + ": " + io.wireanalyze.reproduce.Placeable.why(k, plan.network()).orElse(""));
        Path dir = out != null ? out : Path.of("wireanalyze-reproduce", s.id());
        progress.say("reproducing " + s.id() + ": " + plan.protocols() + " at " + plan.points().size() + " plan point(s), " + plan.repeat()
                + " repetition(s): " + plan.runs().size() + " runs on " + plan.network().describe() + "; captures into " + dir);
        Ownership owner = Ownership.fromEnvironment();
        AnalysisOptions options = CaptureAnalysis.options(List.of(), AnalysisOptions.DEFAULT_MARKER, DecoderLimits.DEFAULT);
        CompareOutput output = new CompareOutput(dir, s.id(), spec.commandLine().getOut(), progress, owner);
        Comparison c = new CompareRunner(progress, owner, dir, options).run(plan, done -> output.write(done, SeedReport.text(s, done, mode)));
        return c.failures().isEmpty() ? WireAnalyze.OK : WireAnalyze.FAILURE;
    }

    /** --seeds, else ../shared/seeds beside the clone this jar (or these classes) came from, else beside the current folder. */
    private Path seedsFolder() {
        if (seeds != null) return seeds;
        try {
            Path code = Path.of(ReproduceCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            for (Path p = code; p != null; p = p.getParent()) {
                Path candidate = p.resolveSibling("shared").resolve("seeds");
                if (Files.exists(p.resolve("pom.xml")) && Files.isDirectory(candidate)) return candidate;
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            // fall back to the current folder
        }
        return Path.of("..", "shared", "seeds");
    }
}
