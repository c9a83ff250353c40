package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.Analyzer;
import io.wireanalyze.capture.CaptureFiles;
import io.wireanalyze.capture.CaptureFormat;
import io.wireanalyze.capture.DecryptionSecrets;
import io.wireanalyze.capture.MergedSource;
import io.wireanalyze.capture.PcapngFileSource;
import io.wireanalyze.console.Progress;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.protocol.tls.TlsKeyLog;
import io.wireanalyze.protocols.ProtocolTable;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs the analysis over one capture file, with progress. */
final class CaptureAnalysis {

    private CaptureAnalysis() {
    }

    static AnalysisResult analyze(Path file, AnalysisOptions options, Progress progress) throws IOException {
        check(file);
        return analyze(file.toString(), () -> CaptureFiles.open(file), options, progress);
    }

    /**
     * Several files as one capture ({@link MergedSource}: frames in time order across them, a connection going on
     * from one file into the next is one connection); a folder stands for its files in name order.
     */
    static AnalysisResult analyzeMerged(List<Path> paths, AnalysisOptions options, TlsKeyLog keys, Progress progress) throws IOException {
        for (Path p : paths) if (!Files.isDirectory(p)) check(p);
        List<Path> files = MergedSource.expand(paths);
        for (Path f : files) check(f);
        // The key logs inside every file (pcapng Decryption Secrets Blocks) and --tls-keylog's, together.
        TlsKeyLog all = keys;
        for (Path f : files) {
            TlsKeyLog inFile = keysIn(f, keys, progress);
            if (inFile != null) all = all.plus(inFile);
        }
        if (all != keys) options = options.withProtocols(ProtocolTable.withTlsKeys(all));
        progress.say("merging " + files.size() + " file(s) into one capture, in time order");
        return analyze(files.size() == 1 ? files.get(0).toString() : files.get(0) + " and " + (files.size() - 1) + " more",
                () -> MergedSource.open(files), options, progress);
    }

    private static void check(Path file) throws IOException {
        if (!Files.exists(file)) throw new IOException(file + ": no such file");
        if (Files.isDirectory(file)) throw new IOException(file + ": is a directory (expected: a pcap file)");
        if (!Files.isReadable(file)) throw new IOException(file + ": not readable (permission denied)");
    }

    private static AnalysisResult analyze(String name, Analyzer.Capture capture, AnalysisOptions options, Progress progress)
            throws IOException {
        FrameWatch watch = new FrameWatch(name, progress);
        boolean[] pcap = new boolean[1];
        // Read again only when a fact one connection told changes how another decodes (Analyzer.anotherRound).
        AnalysisResult result = Analyzer.analyze(() -> {
            FrameSource source = capture.open();
            pcap[0] = source instanceof io.wireanalyze.capture.PcapFileSource;
            return source;
        }, options, watch, Analyzer.RECORDS_IN_MEMORY);
        String file = name;
        progress.clear();
        if (watch.unknownLink > 0) {
            String where = pcap[0] ? "named in the file header at byte offset 20" : "named by its interface description block";
            progress.say(file + ": frame " + watch.firstUnknown + ": link type " + watch.unknownType + " (" + where + ") is not decoded; "
                    + watch.unknownLink + " frame(s) of it are counted as other frames, not analysed");
        }
        return result;
    }

    /** Sees every frame before the analysis does: shows progress and notes frames of a link type not decoded. */
    private static final class FrameWatch implements java.util.function.Consumer<Frame> {
        private final String file;
        private final Progress progress;
        long frames, unknownLink, firstUnknown;
        int unknownType;

        FrameWatch(String file, Progress progress) {
            this.file = file;
            this.progress = progress;
        }

        @Override
        public void accept(Frame f) {
            if (f.link() == io.wireanalyze.frame.LinkType.UNKNOWN && unknownLink++ == 0) {
                firstUnknown = f.number();
                unknownType = f.rawLinkType();
            }
            if ((++frames & 0x3fff) == 0) progress.tick("reading " + file + ": " + frames + " frames");
        }
    }

    /**
     * Worker threads for an analysis when none are asked for: one per core, at most 8; none on one core. (None on two
     * cores either until 2026-11-27, when workers measured slower there; with the engine as it is they are faster on
     * most captures and no slower on the rest: docs/benchmark.md, fourteenth stop, "Workers by default on 2 cores".)
     */
    static int defaultWorkers() {
        int cores = Runtime.getRuntime().availableProcessors();
        return cores <= 1 ? 0 : Math.min(8, cores);
    }

    /**
     * Method names for the interfaces of the workload table and the user's jars; TLS decrypted with the key log
     * ({@link TlsKeyLog#EMPTY}: none).
     */
    static AnalysisOptions options(java.util.List<Path> interfaceJars, String marker,
                                   io.wireanalyze.codec.DecoderLimits limits) throws IOException {
        return options(interfaceJars, null, marker, limits, TlsKeyLog.EMPTY);
    }

    static AnalysisOptions options(java.util.List<Path> interfaceJars, String marker,
                                   io.wireanalyze.codec.DecoderLimits limits, TlsKeyLog keys) throws IOException {
        return options(interfaceJars, null, marker, limits, keys);
    }

    /** @param methodNamesFile {@code --method-names}: signatures named exactly, bare names tried when guessing; or null */
    static AnalysisOptions options(java.util.List<Path> interfaceJars, Path methodNamesFile, String marker,
                                   io.wireanalyze.codec.DecoderLimits limits, TlsKeyLog keys) throws IOException {
        MethodNames names = new MethodNames();
        for (Class<?> type : io.wireanalyze.workloads.table.WorkloadKind.allInterfaces()) names.add(type);
        if (interfaceJars != null) for (Path jar : interfaceJars) {
            if (!Files.exists(jar)) throw new IOException(jar + ": no such file (--interfaces expects jars or class files)");
            names.addFile(jar);
        }
        java.util.Set<String> words = java.util.Set.of();
        if (methodNamesFile != null) {
            if (!Files.exists(methodNamesFile)) throw new IOException(methodNamesFile + ": no such file (--method-names expects one name or signature a line)");
            words = names.addNamesFile(methodNamesFile);
        }
        AnalysisOptions d = AnalysisOptions.defaults().withMethodNames(names.asMap());
        return new AnalysisOptions(limits, d.methodNames(), marker, true, ProtocolTable.withTlsKeys(keys)).withMethodWords(words)
                .withWorkers(defaultWorkers());
    }

    /**
     * The NSS key log at {@code file} (the format Wireshark's tls.keylog_file reads), with a note of what it holds;
     * {@link TlsKeyLog#EMPTY} when {@code file} is null.
     */
    static TlsKeyLog keyLog(Path file, Progress progress) throws IOException {
        return keyLog(file == null ? List.of() : List.of(file), progress);
    }

    /**
     * The options for {@code file}: when it is a pcapng file whose Decryption Secrets Blocks (before its first packet)
     * hold a TLS key log, TLS is decrypted with those secrets and {@code keys} (the --tls-keylog files'), and a note
     * says the keys came from the file; else {@code options} as they are.
     */
    static AnalysisOptions withKeysOf(Path file, AnalysisOptions options, TlsKeyLog keys, Progress progress) throws IOException {
        TlsKeyLog inFile = keysIn(file, keys, progress);
        return inFile == null ? options : options.withProtocols(ProtocolTable.withTlsKeys(keys.plus(inFile)));
    }

    /** The TLS key log in a pcapng's leading Decryption Secrets Blocks, said on progress; null when it has none. */
    private static TlsKeyLog keysIn(Path file, TlsKeyLog keys, Progress progress) throws IOException {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)
                || CaptureFormat.detect(file) != CaptureFormat.PCAPNG) return null;
        List<String> lines = new ArrayList<>();
        int blocks = 0;
        for (DecryptionSecrets s : PcapngFileSource.leadingSecrets(file)) {
            if (!s.tlsKeyLog()) continue;
            blocks++;
            lines.addAll(s.lines());
        }
        if (blocks == 0) return null;
        TlsKeyLog inFile = TlsKeyLog.parse(lines);
        progress.say(file + ": TLS key log from the file (" + blocks + " Decryption Secrets Block" + (blocks > 1 ? "s" : "") + "): "
                + inFile.entries() + " secrets" + (inFile.ignoredLines() > 0 ? ", " + inFile.ignoredLines() + " lines ignored" : "")
                + (keys.isEmpty() ? "" : "; with the --tls-keylog secrets"));
        return inFile;
    }

    /** The NSS key logs at {@code files}, as one, with a note of what each holds; {@link TlsKeyLog#EMPTY} for none. */
    static TlsKeyLog keyLog(List<Path> files, Progress progress) throws IOException {
        if (files == null || files.isEmpty()) return TlsKeyLog.EMPTY;
        List<String> lines = new ArrayList<>();
        for (Path file : files) {
            if (!Files.exists(file)) throw new IOException("--tls-keylog " + file + ": no such file (expected: an NSS key log)");
            if (!Files.isReadable(file)) throw new IOException("--tls-keylog " + file + ": not readable (permission denied)");
            List<String> own = Files.readAllLines(file, java.nio.charset.StandardCharsets.ISO_8859_1);
            TlsKeyLog keys = TlsKeyLog.parse(own);
            progress.say("TLS key log " + file + ": " + keys.entries() + " secrets"
                    + (keys.ignoredLines() > 0 ? ", " + keys.ignoredLines() + " lines ignored (not NSS key log lines)" : ""));
            lines.addAll(own);
        }
        return TlsKeyLog.parse(lines);
    }
}
