package io.wireanalyze.capture;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * tshark's view of a capture, checked in under src/test/resources/tshark: one line per frame with
 * frame.number, frame.time_epoch, frame.len, frame.cap_len, optionally after a file-name column.
 */
record TsharkFrames(String file, long number, long epochNanos, int length, int capturedLength) {

    static List<TsharkFrames> load(String resource, boolean withFileColumn) throws IOException {
        List<TsharkFrames> frames = new ArrayList<>();
        try (InputStream in = TsharkFrames.class.getResourceAsStream(resource)) {
            assertNotNull(in, "test resource " + resource + " is missing");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String first = reader.readLine();
            assertTrue(first != null && first.startsWith("# TShark"), resource + ": first line should name tshark's version: " + first);
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split("\t");
                int c = withFileColumn ? 1 : 0;
                frames.add(new TsharkFrames(withFileColumn ? f[0] : "", Long.parseLong(f[c]), epochNanos(f[c + 1]),
                        Integer.parseInt(f[c + 2]), Integer.parseInt(f[c + 3])));
            }
        }
        return frames;
    }

    /** "1718291266.163791000" to nanoseconds, exactly. */
    static long epochNanos(String epoch) {
        int dot = epoch.indexOf('.');
        String fraction = (epoch.substring(dot + 1) + "000000000").substring(0, 9);
        return Long.parseLong(epoch.substring(0, dot)) * 1_000_000_000L + Long.parseLong(fraction);
    }
}
