package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.console.Progress;
import io.wireanalyze.report.OutputFormat;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Analyses capture files from anywhere: protocols are recognised by content, not by port. */
@Command(name = "analyze", aliases = "analyse", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Analyse capture files (pcap or pcapng; Ethernet, Linux cooked, loopback or raw IP) from any source. "
                + "Protocols are recognised by content, not by port. With several files, the table format also "
                + "prints their Figure 16 summaries side by side.")
final class AnalyzeCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Capture files (with --merge, folders too).")
    List<Path> files;

    @Option(names = "--merge", description = "Read the files as one capture: frames in time order across them, a connection "
            + "going on from one file into the next is one connection (a ring buffer of rotated files, captures of one system "
            + "made on several hosts). A folder stands for its files in name order.")
    boolean merge;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class, description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the report files (csv: default the current directory; json: default standard output).")
    Path out;

    @Option(names = "--interfaces", paramLabel = "JAR", split = ",", description = "Jars or class files whose methods name the RMI method hashes seen (read as bytes, never loaded).")
    List<Path> interfaces;

    @Option(names = "--method-names", paramLabel = "FILE",
            description = "Names for calls on interfaces we have no jar of: one a line, a signature (sendInts([I)I) named exactly, or a bare name tried against the arguments read from each call.")
    Path methodNames;

    @Option(names = "--chart", paramLabel = "PNG", description = "Also draw the phases of every capture into this PNG file.")
    Path chart;

    @Option(names = "--annotate", paramLabel = "PCAPNG",
            description = "Also write the capture as pcapng with the accounting in a comment on every frame (phase, connection, message, invocation): frame.comment in Wireshark and tshark. One capture only.")
    Path annotate;

    @Option(names = "--marker", paramLabel = "METHOD", defaultValue = AnalysisOptions.DEFAULT_MARKER, description = "Method a workload calls between warm-up and measured calls (default: ${DEFAULT-VALUE}).")
    String marker;

    @Option(names = "--tls-keylog", paramLabel = "FILE", description = "NSS key log (as Wireshark's tls.keylog_file reads it: SSLKEYLOGFILE, openssl -keylogfile, the Java agent extract-tls-secrets; capture --protocol jrmp-tls keeps one beside its pcap) to decrypt TLS 1.0 to 1.3 with; repeat it for several. Without one, TLS records are counted but their application data is not decoded.")
    List<Path> tlsKeyLogs;

    @Option(names = "--workers", paramLabel = "N",
            description = "Threads that track, reassemble, decode and account the connections (each thread its share of the flows) beside the one reading the frames and their headers; 0: that one does all of it (a long JSON report is formatted on every core either way). The result is the same, byte for byte. Default: one per core, at most 8; none on one core.")
    Integer workers;

    @Option(names = "--strict", description = "Exit with 1 when a file was damaged and could be read only in part.")
    boolean strict;

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "local",
            description = "local (this JVM, --workers threads) or spark (the same analysis as an Apache Spark job: files framed "
                    + "in parallel, packets shuffled by connection, connections analysed as tasks, facts settled on the driver; "
                    + "embedded in local mode, or on --spark-master). With spark, --out DIR also gets the connections, messages "
                    + "and invocations as Parquet. The result is the same, byte for byte. Default: ${DEFAULT-VALUE}.")
    String engine;

    @Option(names = "--spark-master", paramLabel = "URL",
            description = "With --engine spark: the cluster to run on (spark://host:7077, yarn, k8s://...; default: what "
                    + "spark-submit set, else local[*], every core of this machine). Capture files, and the files of "
                    + "--interfaces, --method-names and --tls-keylog, must then be readable by every executor at the same path "
                    + "(a shared folder, or hdfs:// and s3a:// paths for the captures).")
    String sparkMaster;

    @CommandLine.Mixin
    LimitOptions limits = new LimitOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Progress progress = new Progress(spec.commandLine().getErr());
        if (annotate != null && (files.size() != 1 || merge))
            throw new CommandLine.ParameterException(spec.commandLine(), "--annotate writes one capture file (got "
                    + (merge ? "--merge" : files.size() + " files") + ")");
        io.wireanalyze.protocol.tls.TlsKeyLog keys = CaptureAnalysis.keyLog(tlsKeyLogs, progress);
        AnalysisOptions options = options(keys);
        if (workers != null) {
            if (workers < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--workers " + workers + " (expected: 0 or more)");
            options = options.withWorkers(workers);
        }
        if (!engine.equals("local") && !engine.equals("spark"))
            throw new CommandLine.ParameterException(spec.commandLine(), "--engine " + engine + " (expected: local or spark)");
        if (sparkMaster != null && !engine.equals("spark"))
            throw new CommandLine.ParameterException(spec.commandLine(), "--spark-master goes with --engine spark");
        List<AnalysisResult> results = new ArrayList<>();
        try {
            boolean damaged = false;
            if (engine.equals("spark")) {
                if (annotate != null) throw new CommandLine.ParameterException(spec.commandLine(), "--annotate is not written by --engine spark");
                List<String> names = spec.commandLine().getParseResult().matchedPositional(0).stringValues();
                AnalysisResult r = SparkEngines.analyze(names, new OptionsRecipe(spec.commandLine().getParseResult().originalArgs(), List.of()),
                        sparkMaster, out, progress);
                if (r.capture().stopReason() != null) {
                    damaged = true;
                    progress.say("read only in part: " + r.capture().stopReason() + "; the report covers the frames before it in each file");
                }
                results.add(r);
                merge = true;   // one capture, as --merge reads it; no more files to read one by one
            } else if (merge) {
                AnalysisResult r = CaptureAnalysis.analyzeMerged(files, options, keys, progress);
                if (r.capture().stopReason() != null) {
                    damaged = true;
                    progress.say("read only in part: " + r.capture().stopReason() + "; the report covers the frames before it in each file");
                }
                results.add(r);
            }
            for (Path file : merge ? List.<Path>of() : files) {
                AnalysisResult r = CaptureAnalysis.analyze(file, CaptureAnalysis.withKeysOf(file, options, keys, progress), progress);
                if (r.capture().stopReason() != null) {
                    damaged = true;
                    progress.say(file + ": read only in part: " + r.capture().stopReason()
                            + "; the report covers the " + r.capture().frames() + " frames before it");
                }
                results.add(r);
            }
            Ownership owner = Ownership.fromEnvironment();
            Reports.write(results, format, out, out != null ? out : Path.of("."), spec.commandLine().getOut(), progress, owner);
            if (annotate != null) {
                long n = Annotations.write(files.get(0), results.get(0), annotate);
                owner.own(annotate);
                progress.say("annotated " + n + " frames into " + annotate + " (in Wireshark: frame.comment contains \"dgc\")");
            }
            if (chart != null) {
                Reports.chart(results, chart, owner);
                progress.say("chart: " + chart);
            }
            return damaged && strict ? WireAnalyze.FAILURE : WireAnalyze.OK;
        } finally {
            results.forEach(AnalysisResult::close);   // read out, or failed: their spilled records' files go now, not at exit
        }
    }

    /** The analysis' options as these arguments ask, with {@code keys} to decrypt TLS with. */
    AnalysisOptions options(io.wireanalyze.protocol.tls.TlsKeyLog keys) throws java.io.IOException {
        AnalysisOptions options = CaptureAnalysis.options(interfaces, methodNames, marker, limits.limits(), keys);
        // One row per packet only where it is written: the packets CSV and the annotated copy.
        options = options.withKeepPackets(format == io.wireanalyze.report.OutputFormat.CSV || annotate != null);
        // The table lists only some messages (naming, DGC, keep-alive, unparsed): the others need not be kept, unless
        // the Spark job writes every message to Parquet (--out).
        boolean parquet = "spark".equals(engine) && out != null;
        // It lists the first 20 of those, and counts the rest: the analysis keeps no more than that either.
        if (format == io.wireanalyze.report.OutputFormat.TABLE && !parquet) {
            options = options.withKeepMessage(io.wireanalyze.report.TextReport::shows)
                    .withMessageLimit(io.wireanalyze.report.TextReport.MESSAGES_LISTED);
        }
        return options;
    }
}
