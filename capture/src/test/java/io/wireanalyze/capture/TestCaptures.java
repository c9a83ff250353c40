package io.wireanalyze.capture;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.fail;

/** The real captures the capture tests read: test resources, the repository's fixtures, the public captures (fixtures/public). */
final class TestCaptures {

    private TestCaptures() {}

    /** A test resource as a file, e.g. {@code resource("pcapng/ndpi-jrmi.pcapng")}. */
    static Path resource(String name) {
        URL url = TestCaptures.class.getResource("/" + name);
        assertNotNull(url, "test resource " + name + " is missing");
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new AssertionError(url.toString(), e);
        }
    }

    /** A file under the repository's fixtures/ folder, e.g. {@code fixture("jrmp/dgc-clean.pcap")}. */
    static Path fixture(String relative) {
        Path f = io.wireanalyze.testing.TestCaptures.fixture(relative);
        if (!Files.isRegularFile(f)) fail("fixture " + f + " is missing");
        return f;
    }

    /** Every pcapng test resource, sorted by name. */
    static List<Path> pcapngResources() throws IOException {
        try (Stream<Path> list = Files.list(resource("pcapng/ndpi-jrmi.pcapng").getParent())) {
            return list.filter(p -> p.toString().endsWith(".pcapng")).sorted().toList();
        }
    }

    /** Every real capture: the public captures (fixtures/public), the JRMP fixtures and the pcapng test resources. */
    static List<Path> all() throws IOException {
        List<Path> all = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(SharedCaptures.dir())) {
            walk.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(all::add);
        }
        try (Stream<Path> list = Files.list(fixture("jrmp/dgc-clean.pcap").getParent())) {
            list.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(all::add);
        }
        all.addAll(pcapngResources());
        return all;
    }
}
