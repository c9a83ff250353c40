package io.wireanalyze.workloads.httprmi;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Test helper: the HTTP/1.1 messages of one direction of a captured connection, framed by Content-Length (every
 * message of the tunnel has one). Minimal on purpose; the real HTTP decoder lives in the decoders module.
 *
 * @param startLine e.g. {@code POST /cgi-bin/java-rmi.cgi?forward=1100 HTTP/1.1}
 * @param headers   lower-case names to values
 */
record HttpMessages(String startLine, Map<String, String> headers, byte[] body) {

    static List<HttpMessages> parse(byte[] stream) {
        List<HttpMessages> out = new ArrayList<>();
        int at = 0;
        while (at < stream.length) {
            int end = indexOf(stream, at, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            if (end < 0) throw new IllegalArgumentException("no end of headers after byte " + at + " of " + stream.length);
            String[] lines = new String(stream, at, end - at, StandardCharsets.ISO_8859_1).split("\r\n");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 1; i < lines.length; i++) {
                int colon = lines[i].indexOf(':');
                headers.put(lines[i].substring(0, colon).toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).strip());
            }
            int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
            int bodyStart = end + 4;
            out.add(new HttpMessages(lines[0], headers, Arrays.copyOfRange(stream, bodyStart, bodyStart + length)));
            at = bodyStart + length;
        }
        return out;
    }

    private static int indexOf(byte[] b, int from, byte[] what) {
        outer:
        for (int i = from; i <= b.length - what.length; i++) {
            for (int j = 0; j < what.length; j++) if (b[i + j] != what[j]) continue outer;
            return i;
        }
        return -1;
    }
}
