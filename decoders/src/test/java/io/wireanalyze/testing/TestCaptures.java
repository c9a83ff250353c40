package io.wireanalyze.testing;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.FrameSource;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.protocol.AnalysisScope;
import io.wireanalyze.protocol.ConnectionDecoder;
import io.wireanalyze.protocol.Decoding;
import io.wireanalyze.protocol.Protocol;
import io.wireanalyze.protocols.ProtocolTable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Test support for every module (the decoders' test jar): the repository's fixtures and its public
 * captures (fixtures/public), read with a minimal classic-pcap reader (the decoders module cannot depend on the capture module,
 * whose fast reader is tested there), and decoders built from the protocol table.
 */
public final class TestCaptures {

    /** The default analysis scope: default limits, no method names. */
    public static final AnalysisScope SCOPE = new AnalysisScope(DecoderLimits.DEFAULT, Map.of());

    private TestCaptures() {
    }

    /** The repository root: the folder holding the parent pom and fixtures/. */
    public static Path repoRoot() {
        Path p = Path.of("").toAbsolutePath();
        while (p != null && !(Files.isDirectory(p.resolve("fixtures")) && Files.exists(p.resolve("pom.xml")))) p = p.getParent();
        if (p == null) throw new IllegalStateException("cannot find the repository root (a folder with pom.xml and fixtures/) above " + Path.of("").toAbsolutePath());
        return p;
    }

    public static Path fixture(String relative) {
        return repoRoot().resolve("fixtures").resolve(relative);
    }

    /**
     * fixtures/public: the public captures (nDPI's and Fox-IT's), kept in the repository with their provenance and
     * licences (fixtures/public/SOURCES.txt). Missing, it fails: the repository stands alone.
     */
    public static Path publicCaptures() {
        Path p = fixture("public");
        if (!Files.isRegularFile(p.resolve("SOURCES.txt")))
            throw new IllegalStateException("public captures not found at " + p + " (expected: fixtures/public/ with SOURCES.txt)");
        return p;
    }

    /**
     * The fixture folders of the protocols of the table, and of the formats they carry, that have one:
     * fixtures/&lt;protocol name&gt;.
     */
    public static List<Path> fixtureFolders() {
        List<Path> out = new ArrayList<>();
        for (Protocol p : ProtocolTable.ALL) {
            List<String> names = new ArrayList<>(List.of(p.name().label()));
            p.carries().forEach(n -> names.add(n.label()));
            for (String name : names) {
                Path dir = fixture(name);
                if (Files.isDirectory(dir) && !out.contains(dir)) out.add(dir);
            }
        }
        return out;
    }

    /** The fixture captures of every protocol, with their golden accounting beside them. */
    public static List<Path> fixtureCaptures() throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path dir : fixtureFolders()) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(f -> f.toString().endsWith(".pcap")).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** A connection decoder with every protocol of the table, default limits and no method names. */
    public static ConnectionDecoder connectionDecoder(boolean sawSyn) {
        return connectionDecoder(DecoderLimits.DEFAULT, sawSyn);
    }

    /** A connection decoder with every protocol of the table, these limits and no method names. */
    public static ConnectionDecoder connectionDecoder(DecoderLimits limits, boolean sawSyn) {
        AnalysisScope scope = new AnalysisScope(limits, Map.of());
        List<Decoding> decodings = ProtocolTable.ALL.stream().map(p -> p.start(scope)).toList();
        return new ConnectionDecoder(decodings, scope, sawSyn, io.wireanalyze.protocol.Facts.local());
    }

    /** A connection decoder with the table's protocols, TLS decrypting with {@code keys}. */
    public static ConnectionDecoder connectionDecoder(io.wireanalyze.protocol.tls.TlsKeyLog keys, boolean sawSyn) {
        AnalysisScope scope = new AnalysisScope(DecoderLimits.DEFAULT, Map.of());
        List<Decoding> decodings = ProtocolTable.withTlsKeys(keys).stream().map(p -> p.start(scope)).toList();
        return new ConnectionDecoder(decodings, scope, sawSyn, io.wireanalyze.protocol.Facts.local());
    }

    /** The key log beside a TLS fixture ({@code x.pcap} has {@code x.keys}), or the empty one when there is none. */
    public static io.wireanalyze.protocol.tls.TlsKeyLog keysBeside(Path pcap) throws IOException {
        Path keys = keyFileBeside(pcap);
        return keys != null ? io.wireanalyze.protocol.tls.TlsKeyLog.parse(Files.readAllLines(keys))
                : io.wireanalyze.protocol.tls.TlsKeyLog.EMPTY;
    }

    /** The key log file beside a capture ({@code x.pcap} or {@code x.pcapng} has {@code x.keys}), or null. */
    public static Path keyFileBeside(Path pcap) {
        Path keys = pcap.resolveSibling(pcap.getFileName().toString().replaceFirst("\\.pcap(ng)?$", ".keys"));
        return !keys.equals(pcap) && Files.exists(keys) ? keys : null;   // neither .pcap nor .pcapng: none
    }

    /**
     * Every capture the whole-result tests run: the fixtures of every protocol, the hostile corpus
     * (fixtures/hostile/*.pcap) and the public captures.
     */
    public static List<Path> everyCapture() throws IOException {
        List<Path> out = new ArrayList<>(fixtureCaptures());
        try (Stream<Path> s = Files.list(fixture("hostile"))) {
            s.filter(f -> f.toString().endsWith(".pcap")).sorted().forEach(out::add);
        }
        out.addAll(allPublicCaptures());
        return out;
    }

    /**
     * {@code editcap -c per}: the capture cut into files of {@code per} frames (nanosecond pcap), in a new folder
     * under {@code parent}, as a sensor's rotated files are. Needs editcap (Debian package wireshark-common).
     */
    public static Path editcapPieces(Path pcap, long per, Path parent) throws IOException, InterruptedException {
        Path dir = Files.createTempDirectory(parent, "pieces");
        Process p = new ProcessBuilder("editcap", "-F", "nsecpcap", "-c", Long.toString(per), pcap.toString(),
                dir.resolve("piece.pcap").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (p.waitFor() != 0) throw new IOException("editcap -c " + per + " " + pcap + " failed: " + out);
        return dir;
    }

    /**
     * An Ethernet frame's IPv4 packet cut into fragments carrying the given payload sizes (multiples of 8 but the
     * last, whose size 0 means "the rest"), each an Ethernet frame with the fragment's header.
     */
    public static List<byte[]> ipv4Fragments(byte[] ethernet, int... sizes) {
        byte[] ip = java.util.Arrays.copyOfRange(ethernet, 14, ethernet.length);
        int ihl = (ip[0] & 0x0f) * 4;
        List<byte[]> out = new ArrayList<>();
        int offset = 0;
        for (int k = 0; k < sizes.length; k++) {
            int n = k == sizes.length - 1 ? ip.length - ihl - offset : sizes[k];
            ByteBuffer f = ByteBuffer.allocate(14 + ihl + n);
            f.put(ethernet, 0, 14).put(ip, 0, ihl).put(ip, ihl + offset, n);
            f.putShort(14 + 2, (short) (ihl + n));
            f.putShort(14 + 6, (short) ((k < sizes.length - 1 ? 0x2000 : 0) | (offset / 8)));
            out.add(f.array());
            offset += n;
        }
        return out;
    }

    public static List<Path> allPublicCaptures() throws IOException {
        try (Stream<Path> s = Files.walk(publicCaptures())) {
            return s.filter(f -> f.toString().endsWith(".pcap")).sorted().toList();
        }
    }

    /** Reads every frame of a classic pcap file (either byte order, micro- or nanosecond timestamps). */
    public static List<Frame> frames(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(file));
        int magic = b.order(ByteOrder.LITTLE_ENDIAN).getInt(0);
        ByteOrder order = magic == 0xa1b2c3d4 || magic == 0xa1b23c4d ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        b.order(order);
        boolean nanos = b.getInt(0) == 0xa1b23c4d;
        LinkType link = LinkType.of(b.getInt(20));
        List<Frame> frames = new ArrayList<>();
        int p = 24;
        while (p + 16 <= b.limit()) {
            long sec = Integer.toUnsignedLong(b.getInt(p));
            long frac = Integer.toUnsignedLong(b.getInt(p + 4));
            int incl = b.getInt(p + 8), orig = b.getInt(p + 12);
            if (p + 16 + incl > b.limit()) break;
            ByteBuffer bytes = b.slice(p + 16, incl).order(ByteOrder.BIG_ENDIAN).asReadOnlyBuffer();
            frames.add(new Frame(frames.size() + 1, sec * 1_000_000_000L + (nanos ? frac : frac * 1000), link, bytes, orig));
            p += 16 + incl;
        }
        return frames;
    }

    /**
     * Writes {@code frames} as a classic pcap ({@link #frames}' inverse): little-endian, nanosecond timestamps, the first
     * frame's link type for all.
     */
    public static void writePcap(List<Frame> frames, Path file) throws IOException {
        int bytes = 24;
        for (Frame f : frames) bytes += 16 + f.capturedLength();
        ByteBuffer out = ByteBuffer.allocate(bytes).order(ByteOrder.LITTLE_ENDIAN);
        out.putInt(0xa1b23c4d).putShort((short) 2).putShort((short) 4).putInt(0).putInt(0).putInt(262144)
                .putInt(frames.isEmpty() ? LinkType.ETHERNET.number() : frames.get(0).link().number());
        for (Frame f : frames) {
            out.putInt((int) (f.timestampNanos() / 1_000_000_000L)).putInt((int) (f.timestampNanos() % 1_000_000_000L))
                    .putInt(f.capturedLength()).putInt(f.originalLength()).put(f.bytes().duplicate());
        }
        Files.write(file, out.array());
    }

    /** Frames as a source, for the analysis (the engine module's {@code Analyses}). */
    public static FrameSource source(String name, List<Frame> frames) {
        Iterator<Frame> it = frames.iterator();
        return new FrameSource() {
            @Override
            public Frame next() {
                return it.hasNext() ? it.next() : null;
            }

            @Override
            public String name() {
                return name;
            }

            @Override
            public void close() {
            }
        };
    }

    /** Decodes hex written with spaces, newlines and // comments. */
    public static byte[] hex(String text) {
        StringBuilder digits = new StringBuilder();
        for (String line : text.split("\n")) {
            int c = line.indexOf("//");
            digits.append((c >= 0 ? line.substring(0, c) : line).replaceAll("[^0-9a-fA-F]", ""));
        }
        byte[] out = new byte[digits.length() / 2];
        for (int i = 0; i < out.length; i++) out[i] = (byte) Integer.parseInt(digits.substring(2 * i, 2 * i + 2), 16);
        return out;
    }
}
