package io.wireanalyze.fuzz;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;
import io.wireanalyze.frame.TcpSegment;
import io.wireanalyze.testing.TestCaptures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the checked-in seed corpora of the decoder fuzz targets from real captures (fixtures/jrmp, fixtures/giop
 * and fixtures/public), in each target's input layout. Runs only when asked:
 * {@code mvn -pl decoders test -Dtest=SeedCorpusWriter -Dwireanalyze.fuzz.writeSeeds=true} (fuzz/README.md).
 * Seeds are named {@code seed-<capture>-<what>}; findings and regressions (crash-*, timeout-*) are left alone.
 */
class SeedCorpusWriter {

    /** A reassembled TCP connection of a capture. */
    private static final class Conn {
        final Endpoint initiator;
        final boolean sawSyn;
        final ByteArrayOutputStream[] bytes = {new ByteArrayOutputStream(), new ByteArrayOutputStream()};
        final long[] next = {-1, -1};
        final ByteArrayOutputStream ops = new ByteArrayOutputStream();   // ConnectionDecoderFuzzTest layout

        Conn(Endpoint initiator, boolean sawSyn) {
            this.initiator = initiator;
            this.sawSyn = sawSyn;
        }
    }

    private static final int MAX_SEED = 16 * 1024;

    private final Path root = TestCaptures.repoRoot().resolve("decoders/src/test/resources/io/wireanalyze/fuzz");

    @Test
    @EnabledIfSystemProperty(named = "wireanalyze.fuzz.writeSeeds", matches = "true")
    void write() throws IOException {
        Map<String, Path> captures = new LinkedHashMap<>();
        for (String f : List.of("jrmp/dgc-clean", "jrmp/lease-renewal", "jrmp/lookup-then-invoke", "giop/iiop-naming-giop10-wstring",
                "giop/iiop-resolve-then-invoke", "giop/rmi-iiop-fragments", "tls/jrmp-tls13-lookup-then-invoke",
                "tls/jrmp-tls12-lookup-then-invoke", "tls/openssl-clients"))
            captures.put(f.substring(f.indexOf('/') + 1), TestCaptures.fixture(f + ".pcap"));
        Path pub = TestCaptures.publicCaptures();
        for (String f : List.of("ndpi-jrmi", "ndpi-corba", "ndpi-soap"))
            captures.put(f, pub.resolve(f + ".pcap"));
        captures.put("log4shell-basic-auth-ev0", pub.resolve("fox-it-log4shell-rmi/rmi-basic-auth-ev0.pcap"));
        captures.put("log4shell-user-agent-ev8", pub.resolve("fox-it-log4shell-rmi/rmi-user-agent-ev8.pcap"));

        Set<String> frameSeeds = new LinkedHashSet<>();
        for (Map.Entry<String, Path> e : captures.entrySet()) {
            String name = e.getKey();
            List<Frame> frames = TestCaptures.frames(e.getValue());
            analyzerSeed(name, frames);
            int kept = 0;
            for (Frame f : frames) {                                  // a few frames of each kind per capture
                PacketParser.Result r = PacketParser.parse(f);
                String key = r.kind() + " " + (r.segment() == null ? 0 : r.segment().flags()) + " " + name;
                if (kept < 6 && frameSeeds.add(key)) {
                    write("PacketParserFuzzTest", "parse", name + "-frame" + f.number(), bytes(f.bytes()));
                    kept++;
                }
            }
            int n = 0;
            for (Conn c : connections(frames)) {
                n++;
                byte[] c2s = cap(c.bytes[0].toByteArray()), s2c = cap(c.bytes[1].toByteArray());
                if (c2s.length + s2c.length == 0) continue;
                String conn = name + "-conn" + n;
                write("ConnectionDecoderFuzzTest", "chunks", conn, concat(new byte[] {(byte) (c.sawSyn ? 1 : 0)}, cap(c.ops.toByteArray())));
                if (startsWith(c2s, "1603"))
                    write("TlsConnectionFuzzTest", "chunks", conn, concat(new byte[] {(byte) (c.sawSyn ? 1 : 0)}, cap(c.ops.toByteArray())));
                boolean jrmp = startsWith(c2s, "4a524d49") || startsWith(c2s, "50aced0005") || startsWith(c2s, "52");
                boolean giop = startsWith(c2s, "47494f50") || startsWith(c2s, "5a494f50");
                if (jrmp || giop) {
                    // control: PEER_REPLIED (a call is complete once answered); mid-stream when the capture has no header
                    int control = 1 << 1 | (startsWith(c2s, "4a524d49") ? 0 : 1);
                    byte[] head = {(byte) control, (byte) (c2s.length >>> 8), (byte) c2s.length};
                    write(jrmp ? "JrmpSessionFuzzTest" : "GiopSessionFuzzTest", "decode", conn, concat(head, c2s, s2c));
                }
                if (jrmp) serialStreams(conn, c2s, s2c);
            }
        }
    }

    /** The Java serialization streams of a JRMP connection: each from its 0xaced0005 to the next one. */
    private void serialStreams(String conn, byte[]... sides) throws IOException {
        for (int side = 0; side < 2; side++) {
            byte[] b = sides[side];
            List<Integer> starts = new ArrayList<>();
            for (int i = 0; i + 4 <= b.length; i++) {
                if ((b[i] & 0xff) == 0xac && (b[i + 1] & 0xff) == 0xed && b[i + 2] == 0 && b[i + 3] == 5) starts.add(i);
            }
            for (int k = 0; k < starts.size() && k < 3; k++) {
                int from = starts.get(k), to = k + 1 < starts.size() ? starts.get(k + 1) - 1 : b.length;
                write("SerialStreamFuzzTest", "walkStream", conn + (side == 0 ? "-c2s" : "-s2c") + k, Arrays.copyOfRange(b, from, to));
            }
        }
    }

    private void analyzerSeed(String name, List<Frame> frames) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(0);                                                 // Ethernet, MEDIUM limits
        long previous = frames.isEmpty() ? 0 : frames.get(0).timestampNanos();
        for (Frame f : frames) {
            if (f.link() != io.wireanalyze.frame.LinkType.ETHERNET) return;   // AnalyzerFuzzTest.LINKS[0] (engine module)
            long micros = Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, (f.timestampNanos() - previous) / 1000));
            previous += micros * 1000;
            byte[] b = bytes(f.bytes());
            out.writeBytes(new byte[] {(byte) (micros >>> 24), (byte) (micros >>> 16), (byte) (micros >>> 8), (byte) micros,
                    (byte) (b.length >>> 8), (byte) b.length});
            out.writeBytes(b);
        }
        write("AnalyzerFuzzTest", "frames", name, out.toByteArray());
    }

    /** TCP connections by 4-tuple, each direction's payload in sequence order (retransmissions dropped). */
    private static List<Conn> connections(List<Frame> frames) {
        Map<List<Endpoint>, Conn> conns = new LinkedHashMap<>();
        for (Frame f : frames) {
            PacketParser.Result r = PacketParser.parse(f);
            if (r.kind() != PacketParser.Kind.TCP) continue;
            TcpSegment s = r.segment();
            List<Endpoint> key = s.src().compareTo(s.dst()) < 0 ? List.of(s.src(), s.dst()) : List.of(s.dst(), s.src());
            Conn c = conns.computeIfAbsent(key, k -> new Conn(s.syn() && s.hasAck() ? s.dst() : s.src(), s.syn()));
            int side = s.src().equals(c.initiator) ? 0 : 1;
            long seq = s.syn() ? s.seq() + 1 : s.seq();
            byte[] payload = bytes(s.payload());
            if (payload.length > 0 && (c.next[side] < 0 || seq == c.next[side])) {
                c.bytes[side].writeBytes(payload);
                c.next[side] = seq + payload.length;
                c.ops.write(side << 7 | ConnectionDecoderFuzzTest.DATA_LONG << 5);
                c.ops.write(payload.length >>> 8);
                c.ops.write(payload.length);
                c.ops.writeBytes(payload);
            } else if (c.next[side] < 0) {
                c.next[side] = seq;
            }
            if (s.fin() || s.rst()) c.ops.write(side << 7 | ConnectionDecoderFuzzTest.END << 5);
        }
        return new ArrayList<>(conns.values());
    }

    private void write(String test, String method, String name, byte[] content) throws IOException {
        Path base = test.equals("AnalyzerFuzzTest")   // the whole analysis is the engine module's
                ? TestCaptures.repoRoot().resolve("engine/src/test/resources/io/wireanalyze/fuzz") : root;
        Path dir = base.resolve(test + "Inputs").resolve(method);
        Files.createDirectories(dir);
        Files.write(dir.resolve("seed-" + name), content);
    }

    private static byte[] bytes(ByteBuffer b) {
        byte[] out = new byte[b.remaining()];
        b.duplicate().get(out);
        return out;
    }

    private static byte[] cap(byte[] b) {
        return b.length > MAX_SEED ? Arrays.copyOf(b, MAX_SEED) : b;
    }

    private static boolean startsWith(byte[] b, String hex) {
        byte[] prefix = HexFormat.of().parseHex(hex);
        return b.length >= prefix.length && Arrays.equals(b, 0, prefix.length, prefix, 0, prefix.length);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) out.writeBytes(p);
        return out.toByteArray();
    }
}
