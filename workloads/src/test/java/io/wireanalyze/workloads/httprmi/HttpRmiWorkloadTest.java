package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.LineWait;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.LoopbackCapture;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.StubRelease;
import io.wireanalyze.workloads.TestLaunch;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real JVMs on loopback: the RMI server, Jetty with the tunnelling servlet, the Netty proxy, a client whose RMI
 * runtime tunnels through them; and on the wire (tcpdump), what each leg carries.
 */
class HttpRmiWorkloadTest {
    private static final int CALLS = 5;
    private static final String UNREFERENCED = "UNREFERENCED name=" + ServerConfig.DEFAULT_NAME;

    @Test
    void directLookupCallsAndDgcTravelAsOnePostEachAndReachTheRmiPortsAsSingleOpConnections(@TempDir Path dir) throws Exception {
        int[] p = FreePorts.take(3);
        ServerConfig config = JrmpWorkload.defaults().withPorts(p[0], p[1]).withLaunch(TestLaunch.FAST);
        TunnelRoute route = new TunnelRoute(Via.DIRECT, p[2], TunnelRoute.DEFAULT_PROXY_PORT);
        String noCapture = LoopbackCapture.unavailable();
        try (HttpRmiWorkload w = new HttpRmiWorkload(config, route)) {
            assertEquals("READY registry=" + p[0] + " object=" + p[1], w.start().line());
            assertEquals(List.of(new Listener("RMI registry", p[0]), new Listener("the object", p[1]), new Listener("Jetty", p[2])), w.listeners());
            assertEquals("tcp and (port " + p[0] + " or port " + p[1] + " or port " + p[2] + ")", w.bpfFilter());
            LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("direct.pcap"), p[0], p[1], p[2]) : null;
            ClientResult r = w.runClient(Plan.of(CALLS, Payload.ints(100), 0).withRelease(StubRelease.DROP_AND_GC), dir.resolve("calls.tsv"));
            List<LoopbackCapture.Segment> wire = capture == null ? List.of() : capture.stop();

            assertCallsAndClean(w, r, p[1]);
            LoopbackCapture.requireAvailable();
            List<LoopbackCapture.Connection> connections = LoopbackCapture.connections(wire);
            List<LoopbackCapture.Connection> rmi = rmiLegs(connections, p[0], p[1]);
            // The registry: the lookup, then the DgcAck for the stub it returned. The object: the DGC's dirty call,
            // the application's calls, the clean call of the dropped stub. One SingleOp connection each.
            assertEquals(List.of(SingleOpMessage.LOOKUP, SingleOpMessage.DGC_ACK), kinds(rmi, c -> c.serverPort() == p[0]));
            List<SingleOpMessage> object = new ArrayList<>(List.of(SingleOpMessage.DIRTY));
            object.addAll(Collections.nCopies(CALLS, SingleOpMessage.CALL));
            object.add(SingleOpMessage.CLEAN);
            assertEquals(object, kinds(rmi, c -> c.serverPort() == p[1]));

            // Jetty sees one POST per message, in origin form, with the very bytes the RMI server gets and sends.
            List<HttpMessages> posts = new ArrayList<>(), replies = new ArrayList<>();
            for (LoopbackCapture.Connection c : connections) {
                if (c.serverPort() != p[2]) continue;
                posts.addAll(HttpMessages.parse(c.toServer()));
                replies.addAll(HttpMessages.parse(c.toClient()));
            }
            assertEquals(CALLS + 4, posts.size(), posts::toString);
            assertEquals(2, posts.stream().filter(m -> m.startLine().equals("POST /cgi-bin/java-rmi.cgi?forward=" + p[0] + " HTTP/1.1")).count());
            assertEquals(CALLS + 2, posts.stream().filter(m -> m.startLine().equals("POST /cgi-bin/java-rmi.cgi?forward=" + p[1] + " HTTP/1.1")).count());
            assertEquals(CALLS + 3, posts.stream().filter(m -> SingleOpMessage.of(m.body()) != SingleOpMessage.DGC_ACK && m.body()[7] == 0x50).count());
            for (HttpMessages post : posts) assertEquals("application/octet-stream", post.headers().get("content-type"));
            for (HttpMessages reply : replies) {
                assertEquals("HTTP/1.1 200 OK", reply.startLine());
                assertEquals("application/octet-stream", reply.headers().get("content-type"));
            }
            assertEquals(sorted(rmi.stream().map(LoopbackCapture.Connection::toServer).toList()), sorted(posts.stream().map(HttpMessages::body).toList()));
            assertEquals(sorted(rmi.stream().map(LoopbackCapture.Connection::toClient).toList()), sorted(replies.stream().map(HttpMessages::body).toList()));
        }
    }

    @Test
    void viaTheProxyEveryPostGoesClientToProxyToJettyAndLeaseRenewalsToo(@TempDir Path dir) throws Exception {
        int[] p = FreePorts.take(4);
        ServerConfig config = JrmpWorkload.defaults().withPorts(p[0], p[1]).withLaunch(TestLaunch.FAST)
                .withServerProperty(DgcOptions.LEASE_VALUE_PROPERTY, "1000");
        String noCapture = LoopbackCapture.unavailable();
        try (HttpRmiWorkload w = new HttpRmiWorkload(config, new TunnelRoute(Via.PROXY, p[2], p[3]))) {
            w.start();
            assertEquals(List.of(p[0], p[1], p[2], p[3]), w.ports());
            assertEquals(new Listener("the proxy", p[3]), w.listeners().get(3));
            LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("proxy.pcap"), p[0], p[1], p[2], p[3]) : null;
            // The client keeps the stub 1.5 s with a 1 s lease: its DGC renews the lease (dirty calls) meanwhile.
            ClientResult r = w.runClient(Plan.of(CALLS, Payload.ints(100), 0).withHold(Duration.ofMillis(1500))
                    .withRelease(StubRelease.DROP_AND_GC), dir.resolve("calls.tsv"));
            List<LoopbackCapture.Segment> wire = capture == null ? List.of() : capture.stop();

            assertCallsAndClean(w, r, p[1]);
            LoopbackCapture.requireAvailable();
            List<LoopbackCapture.Connection> connections = LoopbackCapture.connections(wire);
            List<LoopbackCapture.Connection> rmi = rmiLegs(connections, p[0], p[1]);
            assertEquals(List.of(SingleOpMessage.LOOKUP, SingleOpMessage.DGC_ACK), kinds(rmi, c -> c.serverPort() == p[0]));
            List<SingleOpMessage> object = kinds(rmi, c -> c.serverPort() == p[1]);
            assertEquals(SingleOpMessage.DIRTY, object.get(0));
            assertEquals(SingleOpMessage.CLEAN, object.get(object.size() - 1));
            assertEquals(CALLS, Collections.frequency(object, SingleOpMessage.CALL), object::toString);
            long dirty = Collections.frequency(object, SingleOpMessage.DIRTY);
            assertTrue(dirty >= 2 && dirty <= 6, "the first dirty call and 1 to 5 renewals: " + object);

            List<HttpMessages> toProxy = new ArrayList<>(), toJetty = new ArrayList<>();
            long proxyConnections = 0, jettyConnections = 0;
            for (LoopbackCapture.Connection c : connections) {
                if (c.serverPort() == p[3]) {
                    proxyConnections++;
                    toProxy.addAll(HttpMessages.parse(c.toServer()));
                } else if (c.serverPort() == p[2]) {
                    jettyConnections++;
                    toJetty.addAll(HttpMessages.parse(c.toServer()));
                }
            }
            assertEquals(rmi.size(), toProxy.size());
            assertEquals(rmi.size(), toJetty.size());
            assertEquals(proxyConnections, jettyConnections, "the proxy keeps one connection to Jetty per client connection");
            String absolute = "POST http://127.0.0.1:" + p[2] + "/cgi-bin/java-rmi.cgi?forward=";
            assertTrue(toProxy.stream().allMatch(m -> m.startLine().startsWith(absolute) && m.startLine().endsWith(" HTTP/1.1")), toProxy::toString);
            assertTrue(toJetty.stream().allMatch(m -> m.startLine().startsWith("POST /cgi-bin/java-rmi.cgi?forward=")
                    && "1.1 wireanalyze-proxy".equals(m.headers().get("via"))), toJetty::toString);
            assertEquals(sorted(rmi.stream().map(LoopbackCapture.Connection::toServer).toList()), sorted(toJetty.stream().map(HttpMessages::body).toList()));
            assertEquals(sorted(toProxy.stream().map(HttpMessages::body).toList()), sorted(toJetty.stream().map(HttpMessages::body).toList()));
        }
    }

    /** The lookup and the calls succeeded, and the dropped stub's clean call reached the server. */
    private static void assertCallsAndClean(HttpRmiWorkload w, ClientResult r, int objectPort) throws Exception {
        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        assertEquals(CALLS + 1, r.calls().size());
        assertTrue(r.calls().get(0).result().orElseThrow().contains("endpoint:[127.0.0.1:" + objectPort + "]"), r.calls().get(0).toString());
        for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of("100"), c.result());
        String summary = r.exits().get(0).summary().orElseThrow();
        assertTrue(summary.startsWith("http-rmi client 0: " + CALLS + " measured sendInts calls") && summary.endsWith("; stub released: cleaned"), summary);
        assertInstanceOf(LineWait.Found.class, w.rmiServer().awaitServerLine(UNREFERENCED::equals, Duration.ofSeconds(5)));
    }

    /** The connections to the RMI ports, each checked to be one SingleOp message and the server's reply alone. */
    private static List<LoopbackCapture.Connection> rmiLegs(List<LoopbackCapture.Connection> all, int registry, int object) {
        List<LoopbackCapture.Connection> rmi = all.stream().filter(c -> c.serverPort() == registry || c.serverPort() == object).toList();
        for (LoopbackCapture.Connection c : rmi) {
            String first = HexFormat.of().formatHex(c.toServer(), 0, Math.min(7, c.toServer().length));
            assertEquals("4a524d4900024c", first, c::toString);
            SingleOpMessage kind = SingleOpMessage.of(c.toServer());
            assertTrue(kind != SingleOpMessage.OTHER, c::toString);
            if (kind == SingleOpMessage.DGC_ACK) assertArrayEquals(new byte[0], c.toClient(), c::toString);
            else assertEquals(SingleOp.RETURN_DATA, c.toClient()[0] & 0xff, c::toString);   // ReturnData, no ProtocolAck first
        }
        return rmi;
    }

    private static List<SingleOpMessage> kinds(List<LoopbackCapture.Connection> rmi, Predicate<LoopbackCapture.Connection> which) {
        return rmi.stream().filter(which).map(c -> SingleOpMessage.of(c.toServer())).toList();
    }

    private static List<String> sorted(List<byte[]> bodies) {
        return bodies.stream().map(HexFormat.of()::formatHex).sorted().toList();
    }
}
