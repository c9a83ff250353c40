package io.wireanalyze.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.*;

/**
 * Issue #21: every workload (the eleven, HTTP-to-port and the variants Hessian 1 and XML-RPC's two other transports;
 * first the seven that ran on loopback only), each captured on the emulated 100 Mbit LAN with a short plan (3 calls
 * after a warm-up call): the servers listen on the namespace's address (in 198.18.0.0/15) and every connection goes to it, the calls decode (jrmp-tls with the key log kept beside the capture, its certificate naming that
 * address), nothing is unparsed, no frame exceeds the MTU, and the namespace and link are gone afterwards. Needs root
 * and libpcap (skipped without, failed under CI=true).
 */
class EveryWorkloadOnLan100Test {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void needsRootAndLibpcap() throws Exception {
        CaptureEndToEndTest.needsRootAndLibpcap();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "jrmp-tls    | ints:600   | jrmp-tls | jrmp-tls",
            "soap        | ints:600   | http     | soap",
            "soap-wssec  | ints:600   | http     | soap",
            "hessian     | objects:10 | http     | hessian",
            "burlap      | objects:10 | http     | burlap",
            "httpinvoker | ints:600   | http     | httpinvoker",
            "xmlrpc      | ints:600   | http     | xmlrpc",
            "http-to-port | ints:600  | http     | http-rmi",
            "hessian1    | objects:10 | http     | hessian",
            "xmlrpc-httpclient | ints:600 | http | xmlrpc",
            "xmlrpc-lite | ints:600   | http     | xmlrpc",
            "jrmp        | ints:600   | jrmp     | jrmp",
            "iiop        | ints:600   | giop     | giop",
            "rmi-iiop    | ints:600   | giop     | giop",
            "http-rmi    | ints:600   | http     | http-rmi"})
    void runsOnLan100WithItsServersOnTheNamespacesAddress(String protocol, String payload, String decoded, String inner, @TempDir Path dir)
            throws Exception {
        Path pcap = dir.resolve(protocol + ".pcap");
        Cli capture = Cli.run("capture", "--protocol", protocol, "--invocations", "3", "--payload", payload, "--warmup", "1",
                "--network", "lan100", "--out", pcap.toString(), "--format", "json");
        assertEquals(0, capture.exitCode(), capture.err());
        assertTrue(capture.err().contains("servers ready: "), capture.err());
        String ready = capture.err().lines().filter(l -> l.contains("servers ready: ")).findFirst().orElseThrow();
        java.util.regex.Matcher at = java.util.regex.Pattern.compile(" on (198\\.1[89]\\.\\d+\\.\\d+):").matcher(ready);
        assertTrue(at.find() && !ready.contains("127.0.0.1"), "the servers on the namespace's address (198.18.0.0/15): " + ready);
        String server = at.group(1);
        assertTrue(capture.err().contains(" 0 dropped"), capture.err());
        JsonNode live = JSON.readTree(capture.out());

        List<String> servers = new ArrayList<>();
        for (JsonNode c : live.get("connections")) {
            servers.add(c.get("server").asText());
            assertTrue(c.get("server").asText().startsWith(server + ":"), c.toString());
            assertTrue(c.get("client").asText().startsWith("198.1"), c.toString());
            assertFalse(c.get("client").asText().startsWith(server + ":"), c.toString());
        }
        assertFalse(servers.isEmpty());
        assertTrue(live.get("connections").findValuesAsText("protocol").stream().allMatch(p -> p.equals(decoded)),
                live.get("connections").findValuesAsText("protocol").toString());
        assertTrue(live.get("messages").findValuesAsText("protocol").stream().anyMatch(p -> p.equals(inner)),
                "the calls' messages decode as " + inner + ": " + live.get("messages").findValuesAsText("protocol").stream().distinct().toList());
        assertEquals(3, live.get("summary").get("invocations").asInt(), live.get("summary").toString());
        int measured = 0;
        for (JsonNode inv : live.get("invocations")) {
            if (inv.get("marker").asBoolean() || inv.get("warmup").asBoolean()) continue;
            measured++;
            assertTrue(inv.get("requestBytes").asInt() + inv.get("replyBytes").asInt() > 100, inv.toString());
        }
        assertEquals(3, measured);
        // Burlap's factory probes the URL with a GET first: Jetty's 405 page is the one packet left unparsed, as on loopback.
        assertEquals(protocol.equals("burlap") ? 1 : 0, live.get("phases").get("unparsed").get("packets").asInt(), live.get("phases").toString());
        assertTrue(CompareEndToEndTest.largestFrame(pcap) <= 1514, "the MTU of lan100");

        if (protocol.equals("jrmp-tls")) {
            Path keys = dir.resolve(protocol + ".keys");
            assertTrue(Files.readString(keys).contains("CLIENT_HANDSHAKE_TRAFFIC_SECRET"), "the key log is kept beside the capture");
            Cli again = Cli.run("analyze", "--format", "json", "--tls-keylog", keys.toString(), pcap.toString());
            assertEquals(0, again.exitCode(), again.err());
            assertEquals(live.get("invocations"), JSON.readTree(again.out()).get("invocations"));
        }
        // soap's calls reach 198.18.0.2 only because the WSDL it fetched names that address (CXF writes the address it was asked at).
        CompareEndToEndTest.assertNoNamespaceOf(ProcessHandle.current().pid());
    }
}
