package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.FreePorts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Netty forward proxy in front of the real Jetty servlet and RMI registry. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ForwardProxyTest {
    private static final HexFormat HEX = HexFormat.of();
    private TunnelServers s;
    private ForwardProxy proxy;
    private int downPort;
    private HttpClient viaProxy;

    @BeforeAll
    void start() throws Exception {
        s = new TunnelServers();
        downPort = FreePorts.take(1)[0];
        proxy = ForwardProxy.start(0, new TunnelLimits(Set.of(s.web.port(), downPort, s.silent.getLocalPort()), 1 << 20,
                Duration.ofMillis(500), Duration.ofSeconds(5)));
        viaProxy = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .proxy(ProxySelector.of(new InetSocketAddress("127.0.0.1", proxy.port()))).build();
    }

    @AfterAll
    void stop() throws Exception {
        proxy.close();
        s.close();
    }

    private HttpResponse<byte[]> post(URI uri) throws Exception {
        return viaProxy.send(HttpRequest.newBuilder(uri).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(HEX.parseHex("4a524d4900024c52"))).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Test
    void forwardsToTheServletAndRelaysTheRmiServersReplyWithAViaHeaderOverOneConnection() throws Exception {
        for (int i = 0; i < 3; i++) {
            HttpResponse<byte[]> r = post(s.cgi("forward=" + s.registryPort));
            assertEquals(200, r.statusCode());
            assertEquals("application/octet-stream", r.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("1.1 wireanalyze-proxy", r.headers().firstValue("Via").orElseThrow());
            assertArrayEquals(HEX.parseHex("53"), r.body());
        }
    }

    @Test
    void theServletsRefusalsComeThroughUnchanged() throws Exception {
        TunnelServletTest.assertRefused(403, "forward=22: not a port of this RMI server (expected: one of "
                + String.join(", ", java.util.stream.Stream.of(s.registryPort, s.downPort, s.silent.getLocalPort()).sorted().map(String::valueOf).toList())
                + ")", post(s.cgi("forward=22")));
    }

    @Test
    void aTargetThatIsNotAllowedIsForbiddenByTheProxy() throws Exception {
        TunnelServletTest.assertRefused(403, "proxy: 127.0.0.1:" + s.registryPort + ": not a server this proxy forwards to (expected: 127.0.0.1 port "
                + String.join(", ", java.util.stream.Stream.of(s.web.port(), downPort, s.silent.getLocalPort()).sorted().map(String::valueOf).toList()) + ")",
                post(URI.create("http://127.0.0.1:" + s.registryPort + "/cgi-bin/java-rmi.cgi")));
        HttpResponse<byte[]> elsewhere = post(URI.create("http://192.0.2.1:" + s.web.port() + "/"));
        assertEquals(403, elsewhere.statusCode());
    }

    @Test
    void aTargetThatIsDownIsABadGatewayAndOneThatIsSilentAGatewayTimeout() throws Exception {
        HttpResponse<byte[]> down = post(URI.create("http://127.0.0.1:" + downPort + "/cgi-bin/java-rmi.cgi"));
        assertEquals(502, down.statusCode());
        assertTrue(new String(down.body()).startsWith("proxy: 127.0.0.1:" + downPort + ": "), new String(down.body()));
        long start = System.nanoTime();
        HttpResponse<byte[]> silent = post(URI.create("http://127.0.0.1:" + s.silent.getLocalPort() + "/cgi-bin/java-rmi.cgi"));
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertEquals(504, silent.statusCode(), new String(silent.body()));
        assertTrue(ms >= 500 && ms < 5_000, ms + " ms");
    }
}
