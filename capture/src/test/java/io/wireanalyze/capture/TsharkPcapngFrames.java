package io.wireanalyze.capture;

import io.wireanalyze.frame.LinkType;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * tshark's view of the pcapng test files, checked in as src/test/resources/tshark/pcapng.tsv: file name,
 * frame.number, frame.interface_id, frame.encap_type, frame.time_epoch (empty for a frame without a
 * timestamp), frame.len, frame.cap_len.
 */
record TsharkPcapngFrames(String file, long number, int interfaceId, int encapType, OptionalLong epochNanos, int length,
                          int capturedLength) {

    static final String RESOURCE = "/tshark/pcapng.tsv";

    /** Wireshark's WTAP_ENCAP_ number (frame.encap_type) as a LINKTYPE_. */
    LinkType linkType() {
        return switch (encapType) {
            case 1 -> LinkType.ETHERNET;
            case 25 -> LinkType.LINUX_SLL;
            case 210 -> LinkType.LINUX_SLL2;
            default -> fail("frame.encap_type " + encapType + " has no LINKTYPE_ in this test");
        };
    }

    /** The frames of every file, by file name, in file order. */
    static Map<String, List<TsharkPcapngFrames>> load() throws IOException {
        Map<String, List<TsharkPcapngFrames>> byFile = new LinkedHashMap<>();
        try (InputStream in = TsharkPcapngFrames.class.getResourceAsStream(RESOURCE)) {
            assertNotNull(in, "test resource " + RESOURCE + " is missing");
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            String first = reader.readLine();
            assertTrue(first != null && first.startsWith("# TShark"), RESOURCE + ": first line should name tshark's version: " + first);
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.startsWith("#") || line.isBlank()) continue;
                String[] f = line.split("\t", -1);
                OptionalLong epoch = f[4].isEmpty() ? OptionalLong.empty() : OptionalLong.of(TsharkFrames.epochNanos(f[4]));
                byFile.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new TsharkPcapngFrames(f[0], Long.parseLong(f[1]),
                        Integer.parseInt(f[2]), Integer.parseInt(f[3]), epoch, Integer.parseInt(f[5]), Integer.parseInt(f[6])));
            }
        }
        return byFile;
    }
}
