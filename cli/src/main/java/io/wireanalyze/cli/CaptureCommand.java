package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.live.CaptureException;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.capture.live.LiveCapture;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.report.OutputFormat;
import io.wireanalyze.workloads.ClientExit;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.WorkloadKind;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

/**
 * Runs a workload on loopback under a live libpcap capture, then analyses the capture. The workload, and the
 * options of its own, come from the {@link WorkloadKind} table ({@link WorkloadOptionGroups}).
 */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false, modelTransformer = WorkloadOptionGroups.class,
        description = "Run a real server and client for a protocol on 127.0.0.1 while capturing their traffic with "
                + "libpcap (needs root), then analyse the capture. The pcap is kept for `analyze` and Wireshark.")
final class CaptureCommand implements Callable<Integer> {

    @Option(names = "--protocol", paramLabel = "NAME", required = true, converter = WorkloadKind.Converter.class,
            completionCandidates = WorkloadKind.Labels.class, description = "Protocol to run: ${COMPLETION-CANDIDATES}.")
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

    @Option(names = "--hold-ms", paramLabel = "MS", defaultValue = "0", description = "Keep the remote reference this long after the calls (jrmp, http-rmi, jrmp-tls: to see lease renewals).")
    long holdMs;

    @Option(names = "--out", paramLabel = "PCAP", defaultValue = "wireanalyze-capture.pcap", description = "Where to write the capture (default: ${DEFAULT-VALUE}); the chart goes beside it as .png.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class, description = "Report format: table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Directory for csv/json reports (default: csv beside the capture, json on standard output).")
    Path reportDir;

    @Option(names = "--interface", paramLabel = "IFACE", defaultValue = LiveCaptureOptions.DEFAULT_INTERFACE, description = "Interface to capture on (default: ${DEFAULT-VALUE}).")
    String iface;

    @Option(names = "--snaplen", paramLabel = "BYTES", defaultValue = "262144", description = "Bytes kept of each packet (default: ${DEFAULT-VALUE}).")
    int snaplen;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (protocol.notBuilt().isPresent()) throw new IllegalStateException("--protocol " + protocol + ": " + protocol.notBuilt().get());
        Plan planned = plan();
        WorkloadArgs args = WorkloadOptionGroups.args(spec, protocol);
        Plan plan = args.applyTo(planned);
        Workload w = protocol.create(args);
        Progress progress = new Progress(spec.commandLine().getErr());
        String missing = LiveCapture.checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        Path pcap = out.toAbsolutePath();
        if (pcap.getParent() != null) Files.createDirectories(pcap.getParent());

        Path calls = Files.createTempFile("wireanalyze-calls", ".tsv");
        ClientResult result;
        CaptureStats stats;
        Path keyLog;
        try (Workload workload = w) {
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(pcap).onInterface(iface)
                    .withSnaplen(snaplen).withFilter(workload.bpfFilter()));
            Thread hook = new Thread(() -> interrupted(capture, workload, pcap, progress), "wireanalyze-interrupted");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                // The servers start before the capture: it holds what a client costs (lookup, handshakes, DGC,
                // calls), not the servers registering themselves with their naming service.
                workload.start();
                progress.say(protocol + " servers ready: " + workload.listeners().stream().map(Listener::toString).collect(Collectors.joining(", ")));
                capture.start();
                workload.notes().forEach(progress::say);
                progress.say("capturing on " + iface + " (" + workload.bpfFilter() + ") into " + pcap);
                progress.say("running " + plan.clients() + " client(s): " + plan.invocations() + " x " + plan.payload().spec()
                        + (plan.warmup() > 0 ? " after " + plan.warmup() + " warm-up calls" : ""));
                result = progress.during("clients", () -> "capture " + kib(pcap) + " KiB so far", () -> workload.runClient(plan, calls));
                keyLog = keepKeyLog(workload, pcap, progress);   // before closing: the workload deletes its own copy
                workload.close();
                Thread.sleep(300);   // let the last FIN/ACKs reach the capture
                stats = capture.stop();
            } finally {
                capture.stopQuietly();
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: nothing to remove
                }
            }
        } finally {
            Files.deleteIfExists(calls);
        }
        progress.say("capture stopped: " + stats.received() + " packets received by libpcap" + (iface.equals("lo") ? " (lo counts each twice)" : "")
                + ", " + stats.dropped() + " dropped, " + stats.droppedByInterface() + " dropped by the interface; saved " + pcap);
        if (stats.lostAny())
            progress.say("WARNING: libpcap DROPPED PACKETS: the accounting below is missing traffic; capture fewer invocations or a larger buffer");
        for (ClientExit exit : result.exits()) {
            if (!exit.succeeded())
                throw new WorkloadException("client " + exit.client() + " failed with exit code " + exit.exitCode() + ": "
                        + String.join(" | ", exit.stderrTail()));
        }
        AnalysisResult analysis = CaptureAnalysis.analyze(pcap, CaptureAnalysis.options(List.of(), AnalysisOptions.DEFAULT_MARKER,
                DecoderLimits.DEFAULT, CaptureAnalysis.keyLog(keyLog, progress)), progress);
        Reports.write(List.of(analysis), format, reportDir, pcap.getParent(), spec.commandLine().getOut(), progress);
        if (format == OutputFormat.TABLE) AppTimes.print(analysis, result, spec.commandLine().getOut());
        Path chart = Reports.chartBeside(pcap);
        Reports.chart(List.of(analysis), chart);
        progress.say("chart: " + chart);
        return WireAnalyze.OK;
    }

    /** Ctrl-C or SIGTERM: the capture is stopped and closed so the pcap stays valid, and the servers are stopped. */
    private static void interrupted(LiveCapture capture, Workload workload, Path pcap, Progress progress) {
        workload.close();
        try {
            CaptureStats stats = capture.stop();
            progress.say("interrupted: capture stopped, " + stats.received() + " packets received by libpcap, "
                    + stats.dropped() + " dropped; the pcap is valid: wireanalyze analyze " + pcap);
        } catch (CaptureException | RuntimeException e) {
            progress.say("interrupted: " + WireAnalyze.oneLine(e));
        }
    }

    /**
     * A TLS workload's key log, kept beside the capture ({@code run.pcap} gives {@code run.keys}) so that the capture
     * can be decrypted again later, by analyze or by Wireshark; null for a workload without TLS.
     */
    private static Path keepKeyLog(Workload workload, Path pcap, Progress progress) throws IOException, WorkloadException {
        java.util.Optional<Path> log = workload.tlsKeyLog();
        if (log.isEmpty()) return null;
        if (!Files.exists(log.get()))
            throw new WorkloadException("TLS key log " + log.get() + ": not written (expected: the server's agent to write the"
                    + " secrets of every connection it accepted)");
        Path kept = Reports.keysBeside(pcap);
        Files.copy(log.get(), kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        progress.say("TLS key log: " + kept + " (tshark -o tls.keylog_file:" + kept + " decrypts the capture too)");
        return kept;
    }

    /** The capture's size so far; 0 before libpcap has written it. */
    private static long kib(Path pcap) {
        try {
            return Files.size(pcap) / 1024;
        } catch (IOException notYetWritten) {
            return 0;
        }
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
