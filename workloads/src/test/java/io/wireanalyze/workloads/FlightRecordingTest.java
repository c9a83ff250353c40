package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FlightRecordingTest {

    /**
     * A recorded JVM resolves names from a file of its own, so that JFR's socket events make no reverse DNS look-up of an
     * emulated network's addresses; the file still names what this machine's JVMs resolve by name (localhost, itself).
     */
    @Test
    void aRecordedJvmResolvesFromItsOwnHostsFileNamingThisMachine(@TempDir Path dir) throws Exception {
        List<String> options = FlightRecording.jvmOptions(dir, JvmSide.CLIENT, "jrmp client");
        Path hosts = dir.resolve(FlightRecording.HOSTS_FILE);
        assertEquals("-Djdk.net.hosts.file=" + hosts.toAbsolutePath(), options.get(options.size() - 1));
        assertTrue(options.get(1).startsWith("-XX:StartFlightRecording=settings="), options.toString());
        String text = Files.readString(hosts);
        assertTrue(text.lines().anyMatch(l -> l.matches("127\\.0\\.0\\.1\\s+.*\\blocalhost\\b.*")), text);
        String self = InetAddress.getLocalHost().getHostName();
        assertTrue(text.lines().anyMatch(l -> l.matches(".*\\s" + java.util.regex.Pattern.quote(self) + "(\\s.*)?")), text);
    }
}
