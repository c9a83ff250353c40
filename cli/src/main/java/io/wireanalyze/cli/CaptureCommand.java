package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.live.CaptureException;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.capture.live.LiveCapture;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.workloads.ClientExit;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.StubRelease;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.jrmp.JrmpConfig;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.iiop.IdlString;
import io.wireanalyze.workloads.iiop.IiopConfig;
import io.wireanalyze.workloads.iiop.IiopWorkload;
import io.wireanalyze.workloads.rmiiiop.RmiIiopConfig;
import io.wireanalyze.workloads.rmiiiop.RmiIiopWorkload;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** Runs a workload on loopback under a live libpcap capture, then analyses the capture. */
@Command(name = "capture", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Run a real server and client for a protocol on 127.0.0.1 while capturing their traffic with "
                + "libpcap (needs root), then analyse the capture. The pcap is kept for `analyze` and Wireshark.")
final class CaptureCommand implements Callable<Integer> {

    @Option(names = "--protocol", paramLabel = "NAME", required = true, converter = ProtocolConverter.class, completionCandidates = ProtocolCandidates.class,
            description = "Protocol to run: ${COMPLETION-CANDIDATES}.")
    WorkloadProtocol protocol;

    @Option(names = "--invocations", paramLabel = "N", defaultValue = "20", description = "Measured invocations (default: ${DEFAULT-VALUE}).")
    int invocations;

    @Option(names = "--payload", paramLabel = "SPEC", defaultValue = "ints:6000",
            description = "What each call sends: ints:N (an int[N]), chars:N (a String of N chars), none (ping), or a getter (getInt, getShort, getLong, getFloat, getDouble, getBoolean, getByte, getString). Default: ${DEFAULT-VALUE}.")
    String payload;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0", description = "Warm-up calls before the measured ones, marked on the wire and left out of the invocation figures (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1", description = "Client JVMs running the plan in parallel (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--out", paramLabel = "PCAP", defaultValue = "wireanalyze-capture.pcap", description = "Where to write the capture (default: ${DEFAULT-VALUE}); the chart goes beside it as .png.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class, description = "Report format: table, csv or json (default: ${DEFAULT-VALUE}).")
    io.wireanalyze.report.OutputFormat format;

    @Option(names = "--report-dir", paramLabel = "DIR", description = "Directory for csv/json reports (default: csv beside the capture, json on standard output).")
    Path reportDir;

    @Option(names = "--interface", paramLabel = "IFACE", defaultValue = LiveCaptureOptions.DEFAULT_INTERFACE, description = "Interface to capture on (default: ${DEFAULT-VALUE}).")
    String iface;

    @Option(names = "--snaplen", paramLabel = "BYTES", defaultValue = "262144", description = "Bytes kept of each packet (default: ${DEFAULT-VALUE}).")
    int snaplen;

    @Option(names = {"--naming-port", "--registry-port"}, paramLabel = "PORT",
            description = "Naming service port: the RMI registry for jrmp (default 1099), COS Naming for iiop (1050) and rmi-iiop (1060).")
    Integer namingPort;

    @Option(names = "--object-port", paramLabel = "PORT", description = "Port the remote object is served on (default: jrmp 1100, iiop 1051, rmi-iiop 1061).")
    Integer objectPort;

    @Option(names = "--naming-giop", paramLabel = "VERSION", description = "iiop, rmi-iiop: GIOP version of the naming traffic, 1.0, 1.1 or 1.2 (default: 1.2).")
    String namingGiop;

    @Option(names = "--idl-string", paramLabel = "TYPE", description = "iiop: send chars:N as an IDL string or wstring (default: string).")
    String idlString;

    @Option(names = "--lease-ms", paramLabel = "MS", description = "jrmp: the server's java.rmi.dgc.leaseValue: a short lease makes the client renew it with DGC dirty calls.")
    Long leaseMs;

    @Option(names = "--hold-ms", paramLabel = "MS", defaultValue = "0", description = "Keep the remote reference this long after the calls (jrmp: to see lease renewals).")
    long holdMs;

    @Option(names = "--drop-stub", description = "jrmp: after the calls, drop the stub and collect it so the client's DGC sends a clean call.")
    boolean dropStub;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (protocol.notBuilt() != null) throw new IllegalStateException("--protocol " + protocol + ": " + protocol.notBuilt());
        Plan plan = plan();
        WorkloadSpec w = workload();
        Progress progress = new Progress(spec.commandLine().getErr());
        String missing = LiveCapture.checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        Path pcap = out.toAbsolutePath();
        if (pcap.getParent() != null) Files.createDirectories(pcap.getParent());

        Path calls = Files.createTempFile("wireanalyze-calls", ".jsonl");
        ClientResult result;
        CaptureStats stats;
        try (Workload workload = w.workload()) {
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(pcap).onInterface(iface)
                    .withSnaplen(snaplen).withFilter(workload.bpfFilter()));
            Thread hook = new Thread(() -> interrupted(capture, workload, pcap, progress), "wireanalyze-interrupted");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                // The servers start before the capture: it holds what a client costs (lookup, handshakes, DGC,
                // calls), not the servers registering themselves with their naming service.
                workload.start();
                progress.say(protocol + " servers ready: " + w.naming() + " on 127.0.0.1:" + w.namingPort() + ", the object on 127.0.0.1:" + w.objectPort());
                capture.start();
                progress.say("capturing on " + iface + " (" + workload.bpfFilter() + ") into " + pcap);
                progress.say("running " + plan.clients() + " client(s): " + plan.invocations() + " x " + plan.payload().spec()
                        + (plan.warmup() > 0 ? " after " + plan.warmup() + " warm-up calls" : ""));
                result = whileShowingProgress(() -> workload.runClient(plan, calls), pcap, progress);
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
        AnalysisResult analysis = CaptureAnalysis.analyze(pcap, CaptureAnalysis.options(List.of(), io.wireanalyze.accounting.AnalysisOptions.DEFAULT_MARKER,
                io.wireanalyze.codec.DecoderLimits.DEFAULT), progress);
        Reports.write(List.of(analysis), format, reportDir, pcap.getParent(), spec.commandLine().getOut(), progress);
        if (format == io.wireanalyze.report.OutputFormat.TABLE) AppTimes.print(analysis, result, spec.commandLine().getOut());
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

    private interface ClientRun {
        ClientResult run() throws WorkloadException;
    }

    /** Runs the clients, showing elapsed time and the capture's size meanwhile. */
    private static ClientResult whileShowingProgress(ClientRun run, Path pcap, Progress progress) throws WorkloadException {
        long start = System.nanoTime();
        Thread ticker = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(250);
                } catch (InterruptedException e) {
                    return;
                }
                long kb = 0;
                try {
                    kb = Files.size(pcap) / 1024;
                } catch (IOException ignored) {
                    // not written yet
                }
                progress.tick(String.format(java.util.Locale.ROOT, "clients running for %.0f s; capture %d KiB so far",
                        (System.nanoTime() - start) / 1e9, kb));
            }
        }, "wireanalyze-progress");
        ticker.setDaemon(true);
        ticker.start();
        try {
            return run.run();
        } finally {
            ticker.interrupt();
            progress.clear();
        }
    }

    /** The workload for --protocol, with what the ready message names. */
    private record WorkloadSpec(Workload workload, String naming, int namingPort, int objectPort) {
    }

    private WorkloadSpec workload() {
        if (protocol != WorkloadProtocol.JRMP && (leaseMs != null || dropStub))
            throw new CommandLine.ParameterException(spec.commandLine(), "--lease-ms and --drop-stub apply to --protocol jrmp only (CORBA has no distributed GC)");
        if (protocol == WorkloadProtocol.JRMP && (namingGiop != null || idlString != null))
            throw new CommandLine.ParameterException(spec.commandLine(), "--naming-giop and --idl-string apply to --protocol iiop and rmi-iiop only");
        if (protocol == WorkloadProtocol.RMI_IIOP && idlString != null)
            throw new CommandLine.ParameterException(spec.commandLine(), "--idl-string applies to --protocol iiop only (RMI-IIOP sends Java strings as wstring values)");
        switch (protocol) {
            case JRMP -> {
                JrmpConfig c = JrmpConfig.defaults();
                c = c.withPorts(namingPort != null ? namingPort : c.registryPort(), objectPort != null ? objectPort : c.objectPort());
                if (leaseMs != null) c = c.withLeaseValue(Duration.ofMillis(leaseMs));
                return new WorkloadSpec(new JrmpWorkload(c), "RMI registry", c.registryPort(), c.objectPort());
            }
            case IIOP -> {
                IiopConfig c = IiopConfig.defaults();
                c = c.withPorts(namingPort != null ? namingPort : c.namingPort(), objectPort != null ? objectPort : c.objectPort());
                if (namingGiop != null) c = c.withNamingGiop(parsed(GiopVersion.parse(namingGiop)));
                if (idlString != null) c = c.withChars(parsed(IdlString.parse(idlString)));
                return new WorkloadSpec(new IiopWorkload(c), "JacORB COS Naming", c.namingPort(), c.objectPort());
            }
            case RMI_IIOP -> {
                RmiIiopConfig c = RmiIiopConfig.defaults();
                c = c.withPorts(namingPort != null ? namingPort : c.namingPort(), objectPort != null ? objectPort : c.objectPort());
                if (namingGiop != null) c = c.withNamingGiop(parsed(GiopVersion.parse(namingGiop)));
                return new WorkloadSpec(new RmiIiopWorkload(c), "GlassFish ORB naming", c.namingPort(), c.objectPort());
            }
            default -> throw new IllegalStateException("--protocol " + protocol + ": " + protocol.notBuilt());
        }
    }

    private <T> T parsed(Parsed<T> p) {
        if (p instanceof Parsed.Invalid<T> bad) throw new CommandLine.ParameterException(spec.commandLine(), bad.message());
        return ((Parsed.Ok<T>) p).value();
    }

    private Plan plan() {
        Parsed<Plan> parsed = Plan.parse(invocations, payload, warmup);
        if (parsed instanceof Parsed.Invalid<Plan> bad) throw new CommandLine.ParameterException(spec.commandLine(), bad.message());
        Plan plan = ((Parsed.Ok<Plan>) parsed).value().withClients(clients);
        if (holdMs > 0) plan = plan.withHold(Duration.ofMillis(holdMs));
        if (dropStub) plan = plan.withRelease(StubRelease.DROP_AND_GC);
        return plan;
    }

    static final class ProtocolConverter implements CommandLine.ITypeConverter<WorkloadProtocol> {
        @Override
        public WorkloadProtocol convert(String value) {
            return WorkloadProtocol.parse(value);
        }
    }

    static final class ProtocolCandidates implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(WorkloadProtocol.values()).map(WorkloadProtocol::toString).iterator();
        }
    }
}
