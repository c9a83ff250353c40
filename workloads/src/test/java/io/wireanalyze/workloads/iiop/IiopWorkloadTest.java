package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.GiopCapture;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LoopbackCapture;
import io.wireanalyze.workloads.OrbClientMain;
import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.TestLaunch;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ResultFile;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.WorkloadException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real naming, server and client JVMs on JacORB, on loopback; one naming and server JVM shared by these tests. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IiopWorkloadTest {

    private IiopWorkload workload;
    private ServerReady ready;
    private int[] ports;

    @BeforeAll
    void startServers() throws WorkloadException {
        ports = FreePorts.take(2);
        workload = new IiopWorkload(IiopWorkload.defaults().withPorts(ports[0], ports[1]).withLaunch(TestLaunch.FAST), GiopVersion.V1_2, IdlString.STRING);
        ready = workload.start();
    }

    @AfterAll
    void stopServers() {
        workload.close();
    }

    @Test
    void serverPrintsReadyWithBothPortsAndTheFilterSelectsThem() {
        assertEquals("READY naming=" + ports[0] + " object=" + ports[1], ready.line());
        assertEquals(List.of(ports[0], ports[1]), workload.ports());
        assertEquals("tcp and (port " + ports[0] + " or port " + ports[1] + ")", workload.bpfFilter());
        assertEquals(List.of("READY naming=" + ports[0], "READY naming=" + ports[0] + " object=" + ports[1]),
                workload.serverOutput());
    }

    @Test
    void clientRecordsTheResolveTwoWarmupsTheMarkAndFiveMeasuredCalls(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("calls.tsv");
        ClientResult r = workload.runClient(Plan.of(5, Payload.ints(100), 2), file);

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        List<CallRecord> calls = r.calls();
        assertEquals(List.of(CallKind.LOOKUP, CallKind.WARMUP, CallKind.WARMUP, CallKind.MARK, CallKind.MEASURED,
                        CallKind.MEASURED, CallKind.MEASURED, CallKind.MEASURED, CallKind.MEASURED),
                calls.stream().map(CallRecord::kind).toList());
        assertEquals(List.of(-1, 0, 1, 2, 3, 4, 5, 6, 7), calls.stream().map(CallRecord::seq).toList());
        assertEquals(List.of("resolve_str", "sendInts", "sendInts", "wireanalyzeMark", "sendInts", "sendInts", "sendInts",
                "sendInts", "sendInts"), calls.stream().map(CallRecord::method).toList());
        for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of("100"), c.result());
        for (CallRecord c : r.calls(CallKind.WARMUP)) assertEquals(Optional.of("100"), c.result());
        assertEquals(Optional.empty(), r.calls(CallKind.MARK).get(0).result());
        // The reference names loopback and the object port: the calls never leave 127.0.0.1.
        assertEquals(Optional.of("IDL:wireanalyze.io/bench/BenchService:1.0 @ 127.0.0.1:" + ports[1] + " (IIOP 1.2)"),
                calls.get(0).result());
        for (int i = 1; i < calls.size(); i++) {
            CallRecord c = calls.get(i);
            assertTrue(c.elapsedNanos() > 0, c.toString());
            assertTrue(c.startNanos() >= calls.get(i - 1).startNanos() + calls.get(i - 1).elapsedNanos(), c.toString());
        }
        assertEquals(calls, ResultFile.read(file));
        String summary = r.exits().get(0).summary().orElseThrow();
        assertTrue(summary.startsWith("iiop client 0: 5 measured sendInts calls: mean "), summary);
    }

    @Test
    void everyGetterReturnsItsFixedValue(@TempDir Path dir) throws Exception {
        List<Payload> payloads = List.of(Payload.getter(BenchMethod.GET_INT), Payload.getter(BenchMethod.GET_SHORT),
                Payload.getter(BenchMethod.GET_LONG), Payload.getter(BenchMethod.GET_FLOAT),
                Payload.getter(BenchMethod.GET_DOUBLE), Payload.getter(BenchMethod.GET_BOOLEAN),
                Payload.getter(BenchMethod.GET_BYTE), Payload.getter(BenchMethod.GET_STRING), Payload.chars(7), Payload.none());
        List<String> expected = List.of(String.valueOf(BenchValues.INT), String.valueOf(BenchValues.SHORT),
                String.valueOf(BenchValues.LONG), String.valueOf(BenchValues.FLOAT), String.valueOf(BenchValues.DOUBLE),
                String.valueOf(BenchValues.BOOLEAN), String.valueOf(BenchValues.BYTE), BenchValues.STRING, "7", "");
        for (int i = 0; i < payloads.size(); i++) {
            ClientResult r = workload.runClient(Plan.of(1, payloads.get(i), 0), dir.resolve(i + ".tsv"));
            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            assertEquals(expected.get(i), r.calls(CallKind.MEASURED).get(0).result().orElse(""), payloads.get(i).spec());
        }
    }

    @Test
    void wideCharsGoToSendWCharsAndTheNamingServiceAnswersGiop10(@TempDir Path dir) throws Exception {
        ClientLaunch wide = new ClientLaunch("iiop client", IiopClient.class,
                Map.of(OrbClientMain.NAMING_GIOP_PROPERTY, "1.0", IiopClient.CHARS_PROPERTY, "wstring"),
                HostPort.loopback(ports[0]), ServerConfig.DEFAULT_NAME);
        String noCapture = LoopbackCapture.unavailable();
        LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("w.pcap"), ports[0], ports[1]) : null;
        ClientResult r = ClientFleet.run(wide, TestLaunch.FAST.withClassPath(IiopWorkload.JACORB.classPath()),
                Plan.of(2, Payload.chars(7), 0), dir.resolve("w.tsv"));
        List<GiopCapture.Message> wire = capture == null ? List.of() : GiopCapture.messages(capture.stop());

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        assertEquals(List.of("resolve_str", "sendWChars", "sendWChars"), r.calls().stream().map(CallRecord::method).toList());
        assertEquals(List.of(Optional.of("7"), Optional.of("7")), r.calls(CallKind.MEASURED).stream().map(CallRecord::result).toList());
        LoopbackCapture.requireAvailable();   // the calls ran; their GIOP messages need the capture
        // _is_a and resolve_str to the naming service in GIOP 1.0, as the corbaloc says; the calls in GIOP 1.2.
        assertEquals(List.of("c2s 1.0 type 0", "s2c 1.0 type 1", "c2s 1.0 type 0", "s2c 1.0 type 1"),
                heads(wire, ports[0]));
        assertEquals(List.of("c2s 1.2 type 0", "s2c 1.2 type 1", "c2s 1.2 type 0", "s2c 1.2 type 1"),
                heads(wire, ports[1]));
    }

    @Test
    void aClientThatCannotResolveTheNameExitsWithOneAndOneLine(@TempDir Path dir) throws Exception {
        ClientLaunch lost = new ClientLaunch("iiop client", IiopClient.class, Map.of(), HostPort.loopback(ports[0]),
                "NoSuchService");
        ClientResult r = ClientFleet.run(lost, TestLaunch.FAST.withClassPath(IiopWorkload.JACORB.classPath()),
                Plan.of(1, Payload.none(), 0), dir.resolve("r.tsv"));

        assertEquals(1, r.exitCode());
        assertEquals(List.of(), r.calls());
        List<String> stderr = r.exits().get(0).stderrTail();
        assertEquals(1, stderr.size(), stderr::toString);
        assertTrue(stderr.get(0).startsWith("iiop client 0: resolve 'NoSuchService' at corbaloc:iiop:1.2@127.0.0.1:"
                + ports[0] + "/NameService: org.omg.CosNaming.NamingContextPackage.NotFound"), stderr.get(0));
    }

    @Test
    void aNamingServerOnAPortInUseFailsWithTheReasonAndItsStderr() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            IiopWorkload second = new IiopWorkload(IiopWorkload.defaults().withPorts(port, FreePorts.take(1)[0]).withLaunch(TestLaunch.FAST), GiopVersion.V1_2, IdlString.STRING);
            WorkloadException e = assertThrows(WorkloadException.class, second::start);
            assertEquals("iiop naming: exited with code 1 before printing READY (expected: 'READY naming=" + port
                    + "'); stderr: iiop naming: port " + port + ": bind failed: Address already in use (expected: a free port)",
                    e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            assertEquals(List.of(), second.serverOutput());
            second.close();
        }
    }

    @Test
    void jacorbSendsALargeArgumentAsOneRequestWithoutFragments(@TempDir Path dir) throws Exception {
        String noCapture = LoopbackCapture.unavailable();
        LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("big.pcap"), ports[1]) : null;
        ClientResult r = workload.runClient(Plan.of(2, Payload.ints(2000), 0), dir.resolve("big.tsv"));
        List<GiopCapture.Message> wire = capture == null ? List.of() : GiopCapture.messages(capture.stop());

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        assertEquals(List.of(Optional.of("2000"), Optional.of("2000")),
                r.calls(CallKind.MEASURED).stream().map(CallRecord::result).toList());
        LoopbackCapture.requireAvailable();   // the calls ran; their GIOP messages need the capture
        // One Request of 8000 bytes of ints and its headers per call (the first also carries a code set
        // service context), never a Fragment (GIOP type 7).
        assertEquals(List.of("c2s 1.2 type 0 len 8096", "s2c 1.2 type 1 len 16", "c2s 1.2 type 0 len 8072",
                "s2c 1.2 type 1 len 16"), wire.stream().map(GiopCapture.Message::toString).toList());
    }

    private static List<String> heads(List<GiopCapture.Message> wire, int serverPort) {
        return wire.stream().filter(m -> m.serverPort() == serverPort)
                .map(m -> (m.toServer() ? "c2s" : "s2c") + " 1." + m.minor() + " type " + m.type()).toList();
    }
}
