package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.console.Progress;
import io.wireanalyze.profile.CpuProfile;
import io.wireanalyze.report.OutputFormat;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.table.WorkloadKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Runs a workload on loopback or an emulated network under a live libpcap capture ({@link CaptureRun}), then
 * analyses the capture. The workload, and the options of its own, come from the {@link WorkloadKind} table
 * ({@link WorkloadOptionGroups}).
 */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false, modelTransformer = WorkloadOptionGroups.class,
        description = "Run a real server and client for a protocol on 127.0.0.1 (or an emulated LAN, --network) while capturing "
                + "their traffic with libpcap (needs root), then analyse the capture. The pcap is kept for `analyze` and Wireshark.")
final class CaptureCommand implements Callable<Integer> {

    @Option(names = "--protocol", paramLabel = "NAME", required = true,
            description = "Protocol to run: ${COMPLETION-CANDIDATES}.")
    WorkloadKind protocol;

    @Option(names = "--invocations", paramLabel = "N", defaultValue = "20", description = "Measured invocations (default: ${DEFAULT-VALUE}).")
    int invocations;

    @Option(names = "--payload", paramLabel = "SPEC", defaultValue = "ints:6000",
            description = "What each call sends: ints:N (an int[N]), chars:N (a String of N chars), objects:N (getObjects: N records of 10 fields), none (ping), or a getter (getInt, getShort, getLong, getFloat, getDouble, getBoolean, getByte, getString). Default: ${DEFAULT-VALUE}.")
    String payload;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0", description = "Warm-up calls before the measured ones, marked on the wire and left out of the invocation figures (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", description = "Client JVMs running the plan in parallel (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--hold-ms", paramLabel = "MS", defaultValue = "0", description = "Keep the remote reference this long after the calls (jrmp, http-rmi, http-to-port, jrmp-tls: to see lease renewals).")
    long holdMs;

    @Option(names = "--out", paramLabel = "PCAP", defaultValue = "wireanalyze-capture.pcap", description = "Where to write the capture (default: ${DEFAULT-VALUE}); the chart goes beside it as .png.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class, description = "Report format: table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Directory for csv/json reports (default: csv beside the capture, json on standard output).")
    Path reportDir;

    @Option(names = "--interface", paramLabel = "IFACE", defaultValue = LiveCaptureOptions.DEFAULT_INTERFACE, description = "Interface to capture on with --network loopback (default: ${DEFAULT-VALUE}).")
    String iface;

    @Option(names = "--snaplen", paramLabel = "BYTES", defaultValue = "262144", description = "Bytes kept of each packet (default: ${DEFAULT-VALUE}).")
    int snaplen;

    @Option(names = "--profile", description = "Record the client and server JVMs with JDK Flight Recorder and add a table of their CPU samples "
            + "during the measured calls by package (sockets, RMI runtime, serialization, XML, crypto, the stack, other); the .jfr files are kept "
            + "beside the capture in <name>-jfr/.")
    boolean profile;

    @CommandLine.Mixin
    NetworkOptions network = new NetworkOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (protocol.notBuilt().isPresent()) throw new IllegalStateException("--protocol " + protocol + ": " + protocol.notBuilt().get());
        NetworkSpec net = network.spec(spec);
        if (net.emulated() && spec.commandLine().getParseResult().hasMatchedOption("--interface"))
            throw new CommandLine.ParameterException(spec.commandLine(), "--interface applies to --network loopback only (an emulated network captures on its veth)");
        Plan planned = plan();
        WorkloadArgs args = WorkloadOptionGroups.args(spec, protocol);
        Plan plan = args.applyTo(planned);
        Progress progress = new Progress(spec.commandLine().getErr());
        Ownership owner = Ownership.fromEnvironment();
        if (profile) args = args.withRecordings(Profiling.prepare(out, owner));
        CaptureRun.Outcome run = new CaptureRun(progress, owner).run(new CaptureRun.Request(protocol, args, plan, out, net, iface, snaplen));
        CpuProfile cpu = profile ? Profiling.read(run.pcap(), run.clients().calls(), owner) : null;
        if (cpu != null) progress.say("flight recordings: " + Profiling.folderBeside(run.pcap()) + " (" + cpu.files().size() + " .jfr), "
                + cpu.total() + " CPU samples during the measured calls");
        Path pcap = run.pcap();
        AnalysisResult analysis = CaptureAnalysis.analyze(pcap, CaptureAnalysis.options(List.of(), AnalysisOptions.DEFAULT_MARKER,
                DecoderLimits.DEFAULT, CaptureAnalysis.keyLog(run.keyLog(), progress)), progress);
        if (format == OutputFormat.TABLE && net.emulated()) spec.commandLine().getOut().println("network " + net.describe());
        Reports.write(List.of(analysis), format, reportDir, pcap.getParent(), spec.commandLine().getOut(), progress, owner);
        if (format == OutputFormat.TABLE) AppTimes.print(analysis, run.clients(), spec.commandLine().getOut());
        if (cpu != null && format == OutputFormat.TABLE) {
            spec.commandLine().getOut().println();
            spec.commandLine().getOut().print(cpu.table());
            spec.commandLine().getOut().flush();
        }
        Path chart = Reports.chartBeside(pcap);
        Reports.chart(List.of(analysis), chart, owner);
        analysis.close();   // read out: its spilled records' files go now
        progress.say("chart: " + chart);
        return WireAnalyze.OK;
    }

    /** The common options' plan; the workload's option groups may change it ({@link WorkloadArgs#applyTo(Plan)}). */
    private Plan plan() {
        Parsed<Plan> parsed = Plan.parse(invocations, payload, warmup);
        if (parsed instanceof Parsed.Invalid<Plan> bad) throw new CommandLine.ParameterException(spec.commandLine(), bad.message());
        Plan plan = ((Parsed.Ok<Plan>) parsed).value().withClients(clients);
        protocol.refuses(plan.payload()).ifPresent(why -> {
            throw new CommandLine.ParameterException(spec.commandLine(), why);
        });
        return holdMs > 0 ? plan.withHold(Duration.ofMillis(holdMs)) : plan;
    }
}
