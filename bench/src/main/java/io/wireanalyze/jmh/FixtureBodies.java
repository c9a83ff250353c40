package io.wireanalyze.jmh;

import io.wireanalyze.frame.Endpoint;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.PacketParser;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The HTTP bodies of the fixtures of one folder (soap, xmlrpc, burlap) that are XML as sent (gzip bodies left out):
 * each direction of each connection is its TCP payloads in sequence order (the fixtures are clean loopback captures:
 * a segment at or before bytes already had is left out), cut into HTTP/1.x messages by Content-Length or chunks.
 * For the XML parser benchmark, which times parsing alone on real bodies.
 */
final class FixtureBodies {

    private FixtureBodies() {
    }

    static List<byte[]> of(String folder) throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        List<Path> pcaps;
        try (Stream<Path> s = Files.list(InMemoryCapture.fixtures().resolve(folder))) {
            pcaps = s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        }
        for (Path pcap : pcaps) {
            InMemoryCapture c = InMemoryCapture.load(folder + "/" + pcap.getFileName());
            Map<List<Endpoint>, ByteArrayOutputStream> streams = new LinkedHashMap<>();
            Map<List<Endpoint>, Long> next = new LinkedHashMap<>();
            for (Frame f : c.frames()) {
                PacketParser.Result r = PacketParser.parse(f);
                if (r.kind() != PacketParser.Kind.TCP || !r.segment().payload().hasRemaining()) continue;
                List<Endpoint> key = List.of(r.segment().src(), r.segment().dst());
                long seq = r.segment().seq();
                Long expected = next.get(key);
                if (expected != null && seq != expected) continue;   // a retransmission (loopback: nothing is lost)
                ByteBuffer payload = r.segment().payload().duplicate();
                next.put(key, (seq + payload.remaining()) & 0xffffffffL);
                byte[] b = new byte[payload.remaining()];
                payload.get(b);
                streams.computeIfAbsent(key, k -> new ByteArrayOutputStream()).writeBytes(b);
            }
            for (ByteArrayOutputStream stream : streams.values()) messages(stream.toByteArray(), bodies);
        }
        if (bodies.isEmpty()) throw new IOException("no XML bodies in fixtures/" + folder);
        return List.copyOf(bodies);
    }

    /** The XML bodies of the HTTP messages one after the other in {@code s}. */
    private static void messages(byte[] s, List<byte[]> out) {
        int at = 0;
        while (at < s.length) {
            int end = indexOf(s, at, "\r\n\r\n");
            if (end < 0) return;
            String head = new String(s, at, end - at, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
            if (!head.startsWith("http/1.") && !head.startsWith("post ") && !head.startsWith("get ")) return;
            int bodyStart = end + 4;
            byte[] body;
            if (head.contains("\ntransfer-encoding: chunked")) {
                ByteArrayOutputStream b = new ByteArrayOutputStream();
                int p = bodyStart;
                while (true) {
                    int eol = indexOf(s, p, "\r\n");
                    if (eol < 0) return;
                    String size = new String(s, p, eol - p, StandardCharsets.ISO_8859_1).split(";")[0].trim();
                    int n = Integer.parseInt(size, 16);
                    p = eol + 2;
                    if (n == 0) {
                        int trailerEnd = indexOf(s, p, "\r\n");
                        p = trailerEnd < 0 ? s.length : trailerEnd + 2;
                        break;
                    }
                    b.write(s, p, Math.min(n, s.length - p));
                    p += n + 2;
                }
                body = b.toByteArray();
                at = p;
            } else {
                int i = head.indexOf("\ncontent-length:");
                int n = 0;
                if (i >= 0) {
                    int eol = head.indexOf('\n', i + 1);
                    n = Integer.parseInt(head.substring(i + 16, eol < 0 ? head.length() : eol).trim());
                }
                n = Math.min(n, s.length - bodyStart);
                body = java.util.Arrays.copyOfRange(s, bodyStart, bodyStart + n);
                at = bodyStart + n;
            }
            if (body.length > 0 && body[0] == '<') out.add(body);
        }
    }

    private static int indexOf(byte[] s, int from, String what) {
        byte[] w = what.getBytes(StandardCharsets.ISO_8859_1);
        outer:
        for (int i = from; i + w.length <= s.length; i++) {
            for (int j = 0; j < w.length; j++) if (s[i + j] != w[j]) continue outer;
            return i;
        }
        return -1;
    }
}
