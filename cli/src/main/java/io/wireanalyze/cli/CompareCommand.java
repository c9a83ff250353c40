package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.console.Progress;
import io.wireanalyze.report.OutputFormat;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.table.WorkloadKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs every protocol at every plan point, several times, each run a fresh set of JVMs under its own capture, and
 * prints the protocols side by side with the spread of every figure.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run every protocol at every plan point (payloads x invocations x clients), --repeat times, each run a "
                + "fresh set of JVMs under a live capture (needs root), and print the protocols side by side: set-up time and "
                + "packets, per-invocation packets, bytes and latency, data against overhead, per phase; each figure as its "
                + "mean, coefficient of variation and min..max. Captures, reports (txt, json, csv) and charts go into --out.")
final class CompareCommand implements Callable<Integer> {

    @Option(names = "--protocols", paramLabel = "LIST", split = ",",
            description = "Protocols to compare, from ${COMPLETION-CANDIDATES} (default: every one built).")
    List<WorkloadKind> protocols;

    @Option(names = "--invocations", paramLabel = "LIST", split = ",", defaultValue = "20", description = "Measured calls per client, e.g. 20,160,560 (default: ${DEFAULT-VALUE}).")
    List<Integer> invocations;

    @Option(names = "--payload", paramLabel = "LIST", split = ",", defaultValue = "ints:6000",
            description = "What each call sends, e.g. ints:6000,chars:1000 (ints:N, chars:N, none, or a getter such as getInt; default: ${DEFAULT-VALUE}).")
    List<String> payloads;

    @Option(names = "--clients", paramLabel = "LIST", split = ",", defaultValue = "1", description = "Client JVMs in parallel, e.g. 1,2,4,8 (default: ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "1", description = "Warm-up calls per client before the measured ones, left out of the figures as the seeds left out their first calls (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3", description = "Runs of every protocol at every point, each a fresh set of JVMs (default: ${DEFAULT-VALUE}).")
    int repeat;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "wireanalyze-compare", description = "Folder for every run's capture and JSON report, and the comparison's compare.txt, .json, .csv and charts (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--profile", description = "Record every run's client and server JVMs with JDK Flight Recorder and add a table of their CPU "
            + "samples during the measured calls by package and protocol (the .jfr files kept beside each capture in <run>-jfr/).")
    boolean profile;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class,
            description = "What is printed: table (the comparison), json (compare.json) or csv (compare.csv, a row per protocol, "
                    + "point and figure) (default: ${DEFAULT-VALUE}). Every file is written whatever the format.")
    OutputFormat format;

    @CommandLine.Mixin
    NetworkOptions network = new NetworkOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        ComparePlan plan = plan();
        Progress progress = new Progress(spec.commandLine().getErr());
        Ownership owner = Ownership.fromEnvironment();
        progress.say("comparing " + plan.protocols() + " at " + plan.points().size() + " plan point(s), " + plan.repeat()
                + " repetition(s): " + plan.runs().size() + " runs on " + plan.network().describe() + "; captures into " + out);
        AnalysisOptions options = CaptureAnalysis.options(List.of(), AnalysisOptions.DEFAULT_MARKER, DecoderLimits.DEFAULT);
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter table = format == OutputFormat.TABLE ? stdout : new PrintWriter(Writer.nullWriter());
        CompareOutput output = new CompareOutput(out, "compare", table, progress, owner);
        CompareRunner runner = new CompareRunner(progress, owner, out, options).profiling(profile);
        Comparison c = runner.run(plan, done -> {
            output.write(done, runner.profileTable(plan.protocols()));
            if (format != OutputFormat.TABLE) {
                stdout.print(Files.readString(out.resolve(format == OutputFormat.JSON ? "compare.json" : "compare.csv"), StandardCharsets.UTF_8));
                stdout.flush();
            }
        });
        return c.failures().isEmpty() ? WireAnalyze.OK : WireAnalyze.FAILURE;
    }

    private ComparePlan plan() {
        List<WorkloadKind> chosen = protocols != null ? protocols : builtProtocols();
        for (WorkloadKind k : chosen)
            if (k.notBuilt().isPresent()) throw usage("--protocols " + k + ": " + k.notBuilt().get());
        List<Payload> parsed = new ArrayList<>();
        for (String p : payloads) {
            Parsed<Payload> one = Payload.parse(p.strip());
            if (one.error().isPresent()) throw usage("--payload: " + one.error().get());
            parsed.add(one.orElseThrow());
        }
        for (int n : invocations)
            if (n < 1 || n > Plan.MAX_INVOCATIONS) throw usage("--invocations: " + n + " (expected: 1.." + Plan.MAX_INVOCATIONS + ")");
        for (int n : clients)
            if (n < 1 || n > Plan.MAX_CLIENTS) throw usage("--clients: " + n + " (expected: 1.." + Plan.MAX_CLIENTS + ")");
        if (warmup < 0 || warmup > Plan.MAX_WARMUP) throw usage("--warmup: " + warmup + " (expected: 0.." + Plan.MAX_WARMUP + ")");
        if (repeat < 1 || repeat > 1000) throw usage("--repeat: " + repeat + " (expected: 1..1000)");
        try {
            return new ComparePlan(chosen, ComparePlan.grid(parsed, invocations, clients), warmup, repeat, network.spec(spec));
        } catch (IllegalArgumentException e) {
            throw usage(e.getMessage());
        }
    }

    /**
     * Every protocol of the workload table that is built: those still to come join as they land. Variants (hessian1,
     * xmlrpc-httpclient, xmlrpc-lite) run only when named.
     */
    static List<WorkloadKind> builtProtocols() {
        return Arrays.stream(WorkloadKind.values()).filter(k -> k.notBuilt().isEmpty() && k.variantOf().isEmpty()).toList();
    }

    private CommandLine.ParameterException usage(String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }
}
