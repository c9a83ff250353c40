package io.wireanalyze.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * The synthetic captures of a bench run, in its work folder: each made once and reused while what made it (the
 * options and the fixtures' bytes, written to {@code x.params} beside {@code x.pcap}) is the same.
 */
final class WorkCaptures {

    private final Path dir;
    private final Path fixtures;
    private final io.wireanalyze.console.Progress progress;
    private List<SessionTemplate> templates;
    private String fixtureDigest;

    WorkCaptures(Path dir, Path fixtures, PrintWriter err) {
        this.dir = dir;
        this.fixtures = fixtures;
        this.progress = new io.wireanalyze.console.Progress(err);
    }

    List<SessionTemplate> templates() throws IOException {
        if (templates == null) {
            templates = CaptureSynthesizer.templates(fixtures);
            MessageDigest sha = sha256();
            for (SessionTemplate t : templates) {
                sha.update(fixtures.relativize(t.source()).toString().getBytes(StandardCharsets.UTF_8));
                sha.update(Files.readAllBytes(t.source()));
            }
            fixtureDigest = HexFormat.of().formatHex(sha.digest());
        }
        return templates;
    }

    /** The capture {@code name}.pcap made with {@code options}: reused when there, else written now. */
    CaptureSynthesizer.Summary get(String name, CaptureSynthesizer.Options options) throws IOException {
        return get(name, options, List.of());
    }

    /**
     * The same, of the fixtures in the protocol folders {@code only} (e.g. soap, burlap, xmlrpc) alone; all of them
     * when it is empty.
     */
    CaptureSynthesizer.Summary get(String name, CaptureSynthesizer.Options options, List<String> only) throws IOException {
        Path pcap = dir.resolve(name + ".pcap"), params = dir.resolve(name + ".params");
        List<SessionTemplate> ts = templates();
        if (!only.isEmpty()) {
            ts = ts.stream().filter(t -> only.contains(fixtures.relativize(t.source()).getName(0).toString())).toList();
            if (ts.isEmpty()) throw new IOException(fixtures + ": no captures in " + String.join(", ", only) + " (expected: the repository's fixtures/)");
        }
        // The layout's version: 2 spreads the servers over 198.19/16, a host each; 1 put every server of the first 65,534
        // replayed hosts on 198.19.0.1, so that a capture "with servers spread" was one server address after all.
        String made = "wireanalyze synthetic capture 2; " + options.describe() + "; " + ts.size() + " fixtures"
                + (only.isEmpty() ? "" : " of " + String.join(", ", only)) + ", sha-256 " + fixtureDigest;
        long rounds = options.target().rounds(CaptureSynthesizer.packetsPerRound(ts, options.mtu()), CaptureSynthesizer.bytesPerRound(ts, options.mtu()));
        Path keys = dir.resolve(name + ".keys");
        if (Files.isRegularFile(pcap) && Files.isRegularFile(params) && Files.readString(params).strip().equals(made)) {
            say("reusing " + pcap + " (" + options.describe() + ")");
            return new CaptureSynthesizer.Summary(pcap, rounds, rounds * ts.size(), rounds * CaptureSynthesizer.packetsPerRound(ts, options.mtu()),
                    Files.size(pcap), Files.exists(keys) ? keys : null, 0);
        }
        Files.deleteIfExists(params);
        long start = System.nanoTime();
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(ts, options, pcap, (packets, total) ->
                progress.tick(String.format(Locale.ROOT, "building %s: %.0f%% (%,d of %,d packets)", pcap.getFileName(), 100.0 * packets / total, packets, total)));
        progress.clear();
        Files.writeString(params, made + "\n");
        say(String.format(Locale.ROOT, "built %s: %,d packets, %,d bytes, %,d replays of %d fixtures (at most %,d under way at once), in %.1f s",
                pcap, s.packets(), s.bytes(), s.replays(), ts.size(), s.mostUnderWay(), (System.nanoTime() - start) / 1e9));
        return s;
    }

    /**
     * {@code whole} cut into {@code files} pcap files of about the same number of records, in order (as {@code editcap -c}
     * cuts, or a sensor's ring buffer rotates): the folder {@code <name>-in-<files>/} beside it, holding {@code
     * part-00.pcap} and on (and nothing else: it is analysed as a folder), with {@code <name>-in-<files>.params} beside
     * it; reused while it was cut from the same file. Read and written as the bench's captures are ({@link PcapOut}).
     */
    Path pieces(CaptureSynthesizer.Summary whole, int files) throws IOException {
        String name = whole.file().getFileName().toString().replaceFirst("\\.pcap$", "");
        Path folder = dir.resolve(name + "-in-" + files), params = dir.resolve(name + "-in-" + files + ".params");
        String made = "cut into " + files + " files: " + whole.file() + ", " + Files.size(whole.file()) + " bytes, modified "
                + Files.getLastModifiedTime(whole.file());
        if (Files.isRegularFile(params) && Files.readString(params).strip().equals(made)) {
            say("reusing " + folder + " (" + whole.file().getFileName() + " in " + files + " files)");
            return folder;
        }
        Files.deleteIfExists(params);
        if (Files.isDirectory(folder)) {
            try (var old = Files.list(folder)) {
                for (Path p : old.toList()) Files.delete(p);
            }
        }
        Files.createDirectories(folder);
        long perFile = (whole.packets() + files - 1) / files;
        try (io.wireanalyze.frame.FrameSource in = io.wireanalyze.capture.CaptureFiles.open(whole.file())) {
            io.wireanalyze.frame.Frame f = in.next();
            for (int piece = 0; f != null; piece++) {
                try (PcapOut out = new PcapOut(folder.resolve(String.format(Locale.ROOT, "part-%02d.pcap", piece)))) {
                    for (long n = 0; n < perFile && f != null; n++, f = in.next()) {
                        if (f.link() != io.wireanalyze.frame.LinkType.ETHERNET)
                            throw new IOException(whole.file() + ": frame " + f.number() + " is not Ethernet (expected: a capture this bench wrote)");
                        out.record(f.timestampNanos(), f.capturedLength(), f.originalLength()).put(f.bytes().duplicate());
                    }
                }
                progress.tick(String.format(Locale.ROOT, "cutting %s into %d files: %d", whole.file().getFileName(), files, piece + 1));
            }
        }
        progress.clear();
        Files.writeString(params, made + "\n");
        say("cut " + whole.file().getFileName() + " into " + files + " files in " + folder);
        return folder;
    }

    private void say(String line) {
        progress.say(line);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
