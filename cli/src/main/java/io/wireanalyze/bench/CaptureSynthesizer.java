package io.wireanalyze.bench;

import io.wireanalyze.bench.SessionTemplate.TemplateFrame;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Builds a large, realistic capture from the fixtures: every fixture's TCP frames are one template, replayed round
 * after round (each round replays every template once, in a shuffled order). Replays start half a millisecond apart
 * on average and last as long as their fixture did (up to 7 s), so about 2,000 are under way at once once the
 * capture is longer than a few seconds; a k-way merge of
 * their cursors writes the packets in time order. Each replay has its own addresses (clients in 198.18.0.0/16,
 * servers in 198.19.0.0/16: unique 4-tuples), its own sequence numbers (an offset per side), and its own start
 * time. Memory grows with the replays under way, not with the file.
 */
final class CaptureSynthesizer {

    /**
     * Fixture folders left out: damaged captures (their damage is the point), foreign ones, and TCP's own (a 4-tuple
     * reused by two connections, which a replay giving each connection its own 4-tuple would not keep), and the reordered
     * copies of jrmp/ and giop/ captures (issue 23's defect 5: the same sessions again, their timestamps out of order).
     */
    static final List<String> LEFT_OUT = List.of("hostile", "public", "tcp", "reordered");
    /** 2024-01-01T00:00:00Z: where the synthetic capture's clock starts. */
    static final long EPOCH_NANOS = 1_704_067_200L * 1_000_000_000L;
    /** Replays start on average this far apart (uniformly 0 to twice this). */
    static final long STAGGER_MEAN_NANOS = 500_000;

    /**
     * @param mtu  largest IP packet written (576 to 65535), or 0 to keep the captured segments as they are
     * @param seed picks the replay order, the start times and the sequence number offsets
     * @param oneServer every replay's servers on one address (each keeps its port): one server host talking to
     *                  thousands of clients, instead of servers spread over 198.19.0.0/16
     */
    record Options(SynthesisTarget target, int mtu, long seed, boolean oneServer) {
        Options {
            if (mtu != 0 && (mtu < 576 || mtu > 65_535)) throw new IllegalArgumentException("--mtu " + mtu + " (expected: 576 to 65535, or 0 for none)");
        }

        Options(SynthesisTarget target, int mtu, long seed) {
            this(target, mtu, seed, false);
        }

        /** What decides the file's contents, for telling whether an existing one can be reused. */
        String describe() {
            return "target " + target.label() + ", mtu " + mtu + ", seed " + seed + ", stagger " + STAGGER_MEAN_NANOS + " ns"
                    + (oneServer ? ", one server address" : "");
        }
    }

    /** What was written. */
    record Summary(Path file, long rounds, long replays, long packets, long bytes, Path keyLog, int mostUnderWay) {
    }

    /** Told of the progress every 65536 packets. */
    interface Listener {
        void written(long packets, long totalPackets);
    }

    private CaptureSynthesizer() {
    }

    /** The fixture captures used: {@code <dir>/<protocol>/*.pcap} and {@code *.pcapng}, but for {@link #LEFT_OUT}. */
    static List<Path> fixtureCaptures(Path fixtures) throws IOException {
        if (!Files.isDirectory(fixtures))
            throw new IOException(fixtures + ": no such directory (expected: the repository's fixtures/, with <protocol>/*.pcap)");
        List<Path> out = new ArrayList<>();
        try (Stream<Path> dirs = Files.list(fixtures)) {
            for (Path dir : dirs.filter(Files::isDirectory).sorted().toList()) {
                if (LEFT_OUT.contains(dir.getFileName().toString())) continue;
                try (Stream<Path> files = Files.list(dir)) {
                    files.filter(f -> f.toString().endsWith(".pcap") || f.toString().endsWith(".pcapng")).sorted().forEach(out::add);
                }
            }
        }
        if (out.isEmpty()) throw new IOException(fixtures + ": no captures in <protocol>/*.pcap (expected: the repository's fixtures/)");
        return out;
    }

    /** The templates of those captures, leaving out any with no replayable frame. */
    static List<SessionTemplate> templates(Path fixtures) throws IOException {
        List<SessionTemplate> out = new ArrayList<>();
        for (Path p : fixtureCaptures(fixtures)) {
            SessionTemplate t = SessionTemplate.load(p);
            if (!t.frames().isEmpty()) out.add(t);
        }
        return out;
    }

    /** Packets one round writes. */
    static long packetsPerRound(List<SessionTemplate> templates, int mtu) {
        long n = 0;
        for (SessionTemplate t : templates) for (TemplateFrame f : t.frames()) n += Replay.pieces(f, mtu);
        return n;
    }

    /** File bytes one round writes (record headers and frames). */
    static long bytesPerRound(List<SessionTemplate> templates, int mtu) {
        long n = 0;
        for (SessionTemplate t : templates) {
            for (TemplateFrame f : t.frames()) {
                int pieces = Replay.pieces(f, mtu);
                n += pieces == 1 ? PcapOut.RECORD_HEADER + f.bytes().length
                        : (long) pieces * (PcapOut.RECORD_HEADER + f.payloadOffset()) + f.payloadLength();
            }
        }
        return n;
    }

    /**
     * Writes the capture to {@code file} (through {@code file.partial}, so a half-written one never stays), and the
     * TLS key logs beside the templates into one beside it ({@code x.keys}) when there are any.
     */
    static Summary write(List<SessionTemplate> templates, Options options, Path file, Listener listener) throws IOException {
        if (templates.isEmpty()) throw new IOException("no fixture capture with a replayable TCP frame (Ethernet, IPv4)");
        long rounds = options.target().rounds(packetsPerRound(templates, options.mtu()), bytesPerRound(templates, options.mtu()));
        long replays = rounds * templates.size();
        long totalPackets = rounds * packetsPerRound(templates, options.mtu());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        Random random = new Random(options.seed());
        PriorityQueue<Replay> running = new PriorityQueue<>(
                Comparator.comparingLong(Replay::nextNanos).thenComparingLong(r -> r.index));
        List<SessionTemplate> order = new ArrayList<>(templates);
        long packets;
        int mostUnderWay = 0;
        try (PcapOut out = new PcapOut(partial)) {
            long started = 0;
            long nextStart = EPOCH_NANOS;
            while (true) {
                Replay head = running.peek();
                if (started < replays && (head == null || nextStart <= head.nextNanos())) {
                    int slot = (int) (started % templates.size());
                    if (slot == 0) Collections.shuffle(order, random);
                    running.add(new Replay(order.get(slot), started++, nextStart, options.seed(), options.mtu(), options.oneServer()));
                    mostUnderWay = Math.max(mostUnderWay, running.size());
                    nextStart += (long) (random.nextDouble() * 2 * STAGGER_MEAN_NANOS);
                    continue;
                }
                if (head == null) break;
                running.poll();
                head.writeNext(out);
                if (!head.done()) running.add(head);
                if ((out.packets() & 0xffff) == 0) listener.written(out.packets(), totalPackets);
            }
            packets = out.packets();
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return new Summary(file, rounds, replays, packets, Files.size(file), keyLog(templates, file), mostUnderWay);
    }

    /** The key logs beside the templates ({@code x.pcap} has {@code x.keys}), as one file beside {@code file}; or null. */
    private static Path keyLog(List<SessionTemplate> templates, Path file) throws IOException {
        StringBuilder all = new StringBuilder();
        for (SessionTemplate t : templates) {
            String name = t.source().getFileName().toString();
            Path keys = t.source().resolveSibling(name.substring(0, name.lastIndexOf('.')) + ".keys");
            if (Files.exists(keys)) all.append(Files.readString(keys, StandardCharsets.ISO_8859_1)).append('\n');
        }
        String name = file.getFileName().toString();
        Path out = file.resolveSibling((name.contains(".") ? name.substring(0, name.lastIndexOf('.')) : name) + ".keys");
        if (all.length() == 0) {
            Files.deleteIfExists(out);
            return null;
        }
        Files.writeString(out, all, StandardCharsets.ISO_8859_1);
        return out;
    }
}
