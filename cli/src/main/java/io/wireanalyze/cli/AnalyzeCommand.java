package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
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

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Capture files.")
    List<Path> files;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class, description = "table, csv or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--out", paramLabel = "DIR", description = "Directory for the report files (csv: default the current directory; json: default standard output).")
    Path out;

    @Option(names = "--interfaces", paramLabel = "JAR", split = ",", description = "Jars or class files whose methods name the RMI method hashes seen (read as bytes, never loaded).")
    List<Path> interfaces;

    @Option(names = "--chart", paramLabel = "PNG", description = "Also draw the phases of every capture into this PNG file.")
    Path chart;

    @Option(names = "--marker", paramLabel = "METHOD", defaultValue = AnalysisOptions.DEFAULT_MARKER, description = "Method a workload calls between warm-up and measured calls (default: ${DEFAULT-VALUE}).")
    String marker;

    @Option(names = "--strict", description = "Exit with 1 when a file was damaged and could be read only in part.")
    boolean strict;

    @CommandLine.Mixin
    LimitOptions limits = new LimitOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Progress progress = new Progress(spec.commandLine().getErr());
        AnalysisOptions options = CaptureAnalysis.options(interfaces, marker, limits.limits());
        List<AnalysisResult> results = new ArrayList<>();
        boolean damaged = false;
        for (Path file : files) {
            AnalysisResult r = CaptureAnalysis.analyze(file, options, progress);
            if (r.capture().stopReason() != null) {
                damaged = true;
                progress.say(file + ": read only in part: " + r.capture().stopReason()
                        + "; the report covers the " + r.capture().frames() + " frames before it");
            }
            results.add(r);
        }
        Ownership owner = Ownership.fromEnvironment();
        Reports.write(results, format, out, out != null ? out : Path.of("."), spec.commandLine().getOut(), progress, owner);
        if (chart != null) {
            Reports.chart(results, chart, owner);
            progress.say("chart: " + chart);
        }
        return damaged && strict ? WireAnalyze.FAILURE : WireAnalyze.OK;
    }
}
