package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Runs the analysis over one capture file, with progress. */
final class CaptureAnalysis {

    private CaptureAnalysis() {
    }

    static AnalysisResult analyze(Path file, AnalysisOptions options, Progress progress) throws IOException {
        if (!Files.exists(file)) throw new IOException(file + ": no such file");
        if (Files.isDirectory(file)) throw new IOException(file + ": is a directory (expected: a pcap file)");
        if (!Files.isReadable(file)) throw new IOException(file + ": not readable (permission denied)");
        try (FrameSource source = CaptureFiles.open(file)) {
            Analyzer analyzer = new Analyzer(options);
            long frames = 0, unknownLink = 0, firstUnknown = 0;
            int unknownType = 0;
            Frame f;
            while ((f = source.next()) != null) {
                analyzer.accept(f);
                if (f.link() == io.wireanalyze.frame.LinkType.UNKNOWN && unknownLink++ == 0) {
                    firstUnknown = f.number();
                    unknownType = f.rawLinkType();
                }
                if ((++frames & 0x3fff) == 0) progress.tick("reading " + file + ": " + frames + " frames");
            }
            progress.clear();
            if (unknownLink > 0) {
                String where = source instanceof io.wireanalyze.capture.PcapFileSource
                        ? "named in the file header at byte offset 20" : "named by its interface description block";
                progress.say(file + ": frame " + firstUnknown + ": link type " + unknownType + " (" + where + ") is not decoded; "
                        + unknownLink + " frame(s) of it are counted as other frames, not analysed");
            }
            return analyzer.finish(file.toString(), source.stopReason());
        }
    }

    /** Method names for the interfaces of the workload table and the user's jars. */
    static AnalysisOptions options(java.util.List<Path> interfaceJars, String marker,
                                   io.wireanalyze.protocol.DecoderLimits limits) throws IOException {
        MethodNames names = new MethodNames();
        for (Class<?> type : io.wireanalyze.workloads.WorkloadKind.allInterfaces()) names.add(type);
        if (interfaceJars != null) for (Path jar : interfaceJars) {
            if (!Files.exists(jar)) throw new IOException(jar + ": no such file (--interfaces expects jars or class files)");
            names.addFile(jar);
        }
        AnalysisOptions d = AnalysisOptions.defaults().withMethodNames(names.asMap());
        return new AnalysisOptions(limits, d.methodNames(), marker, true);
    }
}
