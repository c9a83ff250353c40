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
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Real JVMs on loopback: the RMI server with POST-aware ports, a client whose RMI runtime POSTs every JRMP message to
 * those ports; and on the wire (tcpdump), one POST and one HTTP/1.0 answer per TCP connection, as JDK 8's.
 */
class HttpToPortWorkloadTest {
    private static final int CALLS = 5;

    @Test
    void everyMessageIsOnePostToTheRmiPortOnItsOwnConnectionAnsweredWithHttp10(@TempDir Path dir) throws Exception {
        int[] p = FreePorts.take(2);
        ServerConfig config = JrmpWorkload.defaults().withPorts(p[0], p[1]).withLaunch(TestLaunch.FAST);
        String noCapture = LoopbackCapture.unavailable();
        try (HttpToPortWorkload w = new HttpToPortWorkload(config)) {
            assertEquals("READY registry=" + p[0] + " object=" + p[1], w.start().line());
            assertEquals(List.of(p[0], p[1]), w.listeners().stream().map(l -> l.at().port()).toList());
            assertEquals(new Listener("RMI registry (HTTP-to-port)", p[0]), w.listeners().get(0));
            LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("to-port.pcap"), p[0], p[1]) : null;
            ClientResult r = w.runClient(Plan.of(CALLS, Payload.ints(100), 0).withRelease(StubRelease.DROP_AND_GC), dir.resolve("calls.tsv"));
            List<LoopbackCapture.Segment> wire = capture == null ? List.of() : capture.stop();

            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            assertEquals(CALLS + 1, r.calls().size());
            assertTrue(r.calls().get(0).result().orElseThrow().contains("endpoint:[127.0.0.1:" + p[1] + "]"), r.calls().get(0).toString());
            for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of("100"), c.result());
            String summary = r.exits().get(0).summary().orElseThrow();
            assertTrue(summary.startsWith("http-to-port client 0: " + CALLS + " measured sendInts calls") && summary.endsWith("; stub released: cleaned"), summary);
            assertInstanceOf(LineWait.Found.class, w.awaitServerLine(("UNREFERENCED name=" + ServerConfig.DEFAULT_NAME)::equals, Duration.ofSeconds(5)));

            LoopbackCapture.requireAvailable();
            List<SingleOpMessage> registry = new ArrayList<>(), object = new ArrayList<>();
            for (LoopbackCapture.Connection c : LoopbackCapture.connections(wire)) {
                List<HttpMessages> posts = HttpMessages.parse(c.toServer()), replies = HttpMessages.parse(c.toClient());
                assertEquals(1, posts.size(), c::toString);   // one message a connection: the server answers HTTP/1.0 and closes
                assertEquals(1, replies.size(), c::toString);
                HttpMessages post = posts.get(0), reply = replies.get(0);
                assertEquals("POST / HTTP/1.1", post.startLine());
                assertEquals("application/octet-stream", post.headers().get("content-type"));
                assertEquals("127.0.0.1:" + c.serverPort(), post.headers().get("host"));
                // JDK 8's HttpReceiveSocket and HttpOutputStream, byte for byte.
                assertEquals("HTTP/1.0 200 OK", reply.startLine());
                assertEquals(List.of("content-type", "content-length"), List.copyOf(reply.headers().keySet()));
                assertEquals("application/octet-stream", reply.headers().get("content-type"));
                SingleOpMessage kind = SingleOpMessage.of(post.body());
                if (kind == SingleOpMessage.DGC_ACK) assertArrayEquals(new byte[] {0}, reply.body());   // JDK 8's emptyData
                else assertEquals(SingleOp.RETURN_DATA, reply.body()[0] & 0xff);
                (c.serverPort() == p[0] ? registry : object).add(kind);
            }
            assertEquals(List.of(SingleOpMessage.LOOKUP, SingleOpMessage.DGC_ACK), registry);
            List<SingleOpMessage> expected = new ArrayList<>(List.of(SingleOpMessage.DIRTY));
            expected.addAll(Collections.nCopies(CALLS, SingleOpMessage.CALL));
            expected.add(SingleOpMessage.CLEAN);
            assertEquals(expected, object);
        }
    }
}
