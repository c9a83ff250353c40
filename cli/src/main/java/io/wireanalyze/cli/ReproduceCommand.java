package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.console.Progress;
import io.wireanalyze.reproduce.Seed;
import io.wireanalyze.reproduce.SeedCatalogue;
import io.wireanalyze.reproduce.SeedJson;
import io.wireanalyze.reproduce.SeedListing;
import io.wireanalyze.reproduce.SeedMarkdown;
import io.wireanalyze.reproduce.SeedReport;
import io.wireanalyze.reproduce.SeedResult;
import io.wireanalyze.reproduce.Setting;
import io.wireanalyze.report.OutputFormat;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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
                + "network its numbers came from (two computers: lan100; one host: loopback; the two web-services seeds, measured in both: "
                + "loopback, then lan100), and print its tables with the "
                + "paper's numbers beside ours and a verdict on each of its findings (holds, weaker, reversed, not measured). SEED all: "
                + "every seed, each into its own folder, and DIR/index.md with their tables, verdicts, figures and the machine. Without "
                + "SEED: list the seeds, what they measured and which of their protocols run today.")
final class ReproduceCommand implements Callable<Integer> {
    static final String ALL = "all";

    @Parameters(arity = "0..1", paramLabel = "SEED", description = "A seed's id (e.g. koutsogiannakis, juric-corba-vs-rmi), its text's file name, or all.")
    String seed;

    @Option(names = "--quick", description = "Fewer calls, payloads, clients and repetitions (the seed's quick plan): a look in a minute, not the figures.")
    boolean quick;

    @Option(names = "--repeat", paramLabel = "N", description = "Repetitions of every run (default: the seed's, 3; --quick: 2).")
    Integer repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "Folder for the captures, reports and charts (default: wireanalyze-reproduce/<seed>; "
            + "all: wireanalyze-reproduce, a folder per seed and index.md).")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class,
            description = "What is printed: table (the comparison and the seed's tables and verdicts), json (the seed's tables and findings, "
                    + "as <seed>-seed.json) or csv (its findings, as <seed>-findings.csv) (default: ${DEFAULT-VALUE}). Every file is written whatever the format.")
    OutputFormat format;

    @Option(names = "--profile", description = "Record every run's client and server JVMs with JDK Flight Recorder and add, beside the seed's "
            + "tables, the CPU samples during the measured calls by package and protocol (the .jfr files kept beside each capture).")
    boolean profile;

    @Option(names = "--seeds", paramLabel = "DIR", description = "A folder of seed texts (the papers) to check against the seeds "
            + "whose numbers the repository holds: the listing names texts without data. Not needed to reproduce.")
    Path seeds;

    @CommandLine.Mixin
    NetworkOptions network = new NetworkOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        SeedCatalogue catalogue = SeedCatalogue.load();
        if (seed == null) {
            SeedListing.print(catalogue, seeds, spec.commandLine().getOut());
            return WireAnalyze.OK;
        }
        if (repeat != null && (repeat < 1 || repeat > 1000)) throw new CommandLine.ParameterException(spec.commandLine(), "--repeat: " + repeat + " (expected: 1..1000)");
        if (seed.equals(ALL)) return all(catalogue);
        Seed s = catalogue.find(seed).orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "seed '" + seed
                + "': unknown (expected: one of " + catalogue.seeds().stream().map(Seed::id).collect(Collectors.joining(", ")) + ", or all)"));
        SeedMarkdown.Entry e = one(s, out != null ? out : Path.of("wireanalyze-reproduce", s.id()));
        return e.result() != null && e.result().comparisons().stream().allMatch(c -> c.failures().isEmpty()) ? WireAnalyze.OK : WireAnalyze.FAILURE;
    }

    /** Every seed, one after the other; index.md rewritten after each, so a stop leaves the seeds done. */
    private int all(SeedCatalogue catalogue) throws Exception {
        Path dir = out != null ? out : Path.of("wireanalyze-reproduce");
        Ownership owner = Ownership.fromEnvironment();
        owner.createDirectories(dir);
        Progress progress = new Progress(spec.commandLine().getErr());
        List<SeedMarkdown.Entry> entries = new ArrayList<>();
        long start = System.nanoTime();
        boolean ok = true;
        for (Seed s : catalogue.seeds()) {
            SeedMarkdown.Entry e;
            try {
                e = one(s, dir.resolve(s.id()));
            } catch (IllegalStateException | IllegalArgumentException failed) {
                progress.say(s.id() + ": not run: " + WireAnalyze.oneLine(failed));
                e = new SeedMarkdown.Entry(s, null, WireAnalyze.oneLine(failed), 0, List.of());
            }
            ok &= e.result() != null && e.result().comparisons().stream().allMatch(c -> c.failures().isEmpty());
            entries.add(e);
            index(dir, entries, System.nanoTime() - start, owner);
        }
        Path index = dir.resolve("index.md");
        progress.say("wrote " + index + ": " + entries.size() + " seeds in " + (System.nanoTime() - start) / 1_000_000_000L + " s");
        if (format == OutputFormat.TABLE) {
            spec.commandLine().getOut().println();
            spec.commandLine().getOut().print(SeedMarkdown.summary(entries));
            spec.commandLine().getOut().flush();
        }
        return ok ? WireAnalyze.OK : WireAnalyze.FAILURE;
    }

    private void index(Path dir, List<SeedMarkdown.Entry> entries, long nanos, Ownership owner) throws IOException {
        Path index = dir.resolve("index.md");
        StringBuilder b = new StringBuilder("# The seeds reproduced\n\n");
        b.append(Machine.describe()).append("\n\n");
        b.append(quick ? "Each seed's `--quick` plan" : "Each seed's full plan").append(repeat != null ? ", " + repeat + " repetition(s)" : "")
                .append(", on its own network unless `--network` said otherwise; ").append(entries.size()).append(" seed(s) in ")
                .append(nanos / 60_000_000_000L).append(" min ").append(nanos / 1_000_000_000L % 60).append(" s.\n\n");
        b.append(SeedMarkdown.summary(entries)).append("\n");
        for (SeedMarkdown.Entry e : entries) b.append(SeedMarkdown.section(e, index));
        Files.writeString(index, b.toString(), StandardCharsets.UTF_8);
        owner.own(index);
    }

    /**
     * Runs one seed into {@code dir}, prints it in the chosen format, writes its files. Without {@code --network}, on
     * the networks its numbers came from ({@link Seed#networks()}): its own into {@code dir}, a second (a seed with
     * numbers from one host and from two computers) into {@code dir/<network>}.
     */
    private SeedMarkdown.Entry one(Seed s, Path dir) throws Exception {
        Seed.Mode mode = quick ? Seed.Mode.QUICK : Seed.Mode.FULL;
        Progress progress = new Progress(spec.commandLine().getErr());
        String missing = s.availability().stream().filter(a -> a.missing().isPresent()).map(a -> a.label() + " (" + a.missing().get() + ")")
                .collect(Collectors.joining(", "));
        if (!missing.isEmpty()) progress.say(s.id() + ": not built yet, left out: " + missing);
        if (s.runnable().isEmpty()) throw new IllegalStateException("seed " + s.id() + ": none of its protocols " + s.protocols() + " is built yet");
        boolean chosen = spec.commandLine().getParseResult() != null && spec.commandLine().getParseResult().hasMatchedOption("--network");
        NetworkSpec own = network.specOr(spec, s.network());   // also refuses --rate and the like without --network custom
        List<NetworkSpec> nets = chosen ? List.of(own) : s.networks().stream().map(NetworkSpec::of).toList();
        String from = s.settings().isEmpty() ? (s.network().emulated() ? Setting.TWO_COMPUTERS : Setting.ONE_HOST) + " (" + s.network() + ")"
                : s.settings().stream().map(Object::toString).collect(Collectors.joining(" and "));
        progress.say(s.id() + ": its numbers come from " + from
                + (chosen ? "; run on " + nets.get(0).network() + " (--network) as " + Setting.of(nets.get(0))
                : "; run on " + nets.stream().map(n -> n.network() + " (" + Setting.of(n) + ")").collect(Collectors.joining(", then "))));
        Ownership owner = Ownership.fromEnvironment();
        AnalysisOptions options = CaptureAnalysis.options(List.of(), AnalysisOptions.DEFAULT_MARKER, DecoderLimits.DEFAULT);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter table = format == OutputFormat.TABLE ? stdout : new PrintWriter(Writer.nullWriter());
        List<Path> figures = new ArrayList<>();
        List<Comparison> done = new ArrayList<>();
        java.util.Map<io.wireanalyze.capture.net.Network, java.util.Map<io.wireanalyze.workloads.table.WorkloadKind, io.wireanalyze.profile.CpuProfile>> cpuByNetwork = new java.util.EnumMap<>(io.wireanalyze.capture.net.Network.class);
        SeedResult[] result = new SeedResult[1];
        long start = System.nanoTime();
        for (int i = 0; i < nets.size(); i++) {
            NetworkSpec net = nets.get(i);
            Path here = i == 0 ? dir : dir.resolve(net.network().toString());
            boolean last = i == nets.size() - 1;
            ComparePlan plan = s.plan(mode, net, Optional.ofNullable(repeat));
            for (io.wireanalyze.workloads.table.WorkloadKind k : s.runnable())
                if (!plan.protocols().contains(k))
                    progress.say(s.id() + ": " + k + " left out on " + plan.network().network() + ": " + io.wireanalyze.reproduce.Placeable.why(k, plan.network()).orElse(""));
            progress.say("reproducing " + s.id() + " (" + Setting.of(net) + "): " + plan.protocols() + " at " + plan.points().size() + " plan point(s), "
                    + plan.repeat() + " repetition(s): " + plan.runs().size() + " runs on " + plan.network().describe() + "; captures into " + here);
            CompareOutput output = new CompareOutput(here, s.id(), table, progress, owner);
            CompareRunner runner = new CompareRunner(progress, owner, here, options).profiling(profile);
            Comparison ran = runner.run(plan, c -> {
                List<Comparison> all = new ArrayList<>(done);
                all.add(c);
                cpuByNetwork.put(net.network(), runner.profiles());
                SeedResult r = SeedResult.of(s, all, mode, cpuByNetwork);
                result[0] = r;
                boolean seedText = last || c.partial();
                String cpu = runner.profileTable(plan.protocols());
                String extra = seedText ? SeedReport.text(r, mode) : "";
                if (!cpu.isEmpty()) extra = extra.isEmpty() ? cpu : extra + System.lineSeparator() + cpu;
                figures.addAll(output.write(c, extra).stream()
                        .filter(f -> f.getFileName().toString().matches(".*\\.(png|svg)")).toList());
                if (!seedText) return;
                Path json = dir.resolve(s.id() + "-seed.json"), csv = dir.resolve(s.id() + "-findings.csv");
                try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
                    SeedJson.write(w, r);
                }
                Files.writeString(csv, SeedJson.findingsCsv(r), StandardCharsets.UTF_8);
                owner.own(json);
                owner.own(csv);
                if (format == OutputFormat.JSON) stdout.println(Files.readString(json));
                if (format == OutputFormat.CSV) stdout.print(Files.readString(csv));
                stdout.flush();
            });
            done.add(ran);
        }
        return new SeedMarkdown.Entry(s, result[0], null, (System.nanoTime() - start) / 1_000_000, figures);
    }
}
