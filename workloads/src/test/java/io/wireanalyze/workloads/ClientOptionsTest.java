package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ClientOptionsTest {

    @Test
    void argsParseBackToTheSameOptions() {
        Plan plan = Plan.of(5, Payload.ints(100), 2).withHold(Duration.ofMillis(2500))
                .withRelease(StubRelease.DROP_AND_GC);
        ClientOptions options = new ClientOptions(HostPort.loopback(1099), "BenchService", plan, 3, Path.of("/tmp/r.tsv"));
        assertEquals(List.of("--server", "127.0.0.1:1099", "--name", "BenchService", "--invocations", "5",
                "--payload", "ints:100", "--warmup", "2", "--client", "3", "--result", "/tmp/r.tsv",
                "--hold-ms", "2500", "--drop-stub-and-gc"), options.toArgs());
        assertEquals(options, ClientOptions.parse(options.toArgs().toArray(String[]::new)).orElseThrow());
    }

    @Test
    void reportsAMissingOptionAnUnknownOneAndABadPayload() {
        assertEquals("option --server: missing (expected: --server VALUE)",
                ClientOptions.parse(new String[] {"--name", "x", "--payload", "none", "--result", "r"}).error().orElseThrow());
        assertEquals("argument '--verbose': unknown (expected: one of --client, --drop-stub-and-gc, --hold-ms, "
                        + "--invocations, --name, --payload, --result, --server, --warmup)",
                ClientOptions.parse(new String[] {"--verbose"}).error().orElseThrow());
        assertEquals("payload 'intz:5': unknown kind 'intz' (expected: ints:N, chars:N, objects:N, none, or a getter name)",
                ClientOptions.parse(new String[] {"--server", "127.0.0.1:1099", "--name", "x", "--payload", "intz:5",
                        "--result", "r"}).error().orElseThrow());
        assertEquals("option --invocations: 'five' (expected: an integer 0..10000000)",
                ClientOptions.parse(new String[] {"--server", "127.0.0.1:1099", "--name", "x", "--payload", "none",
                        "--result", "r", "--invocations", "five"}).error().orElseThrow());
    }

    @Test
    void hostPortParsingNamesThePort() {
        assertEquals(new HostPort("127.0.0.1", 1099), HostPort.parse("127.0.0.1:1099").orElseThrow());
        assertEquals("endpoint '127.0.0.1:70000': port 70000 (expected: host:port with port 1..65535)",
                HostPort.parse("127.0.0.1:70000").error().orElseThrow());
        assertEquals("endpoint 'localhost': not host:port (expected: host:port with port 1..65535)",
                HostPort.parse("localhost").error().orElseThrow());
    }
}
