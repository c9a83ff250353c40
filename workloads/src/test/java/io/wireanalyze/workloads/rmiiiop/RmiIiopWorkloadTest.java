package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.GiopCapture;
import io.wireanalyze.workloads.GiopVersion;
import io.wireanalyze.workloads.LoopbackCapture;
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
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A real GlassFish ORB server JVM and client JVMs on loopback; one server shared by these tests. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RmiIiopWorkloadTest {
    /**
     * The GlassFish ORB's fragment size is 4096 bytes: a sendInts request carries 168 bytes besides the ints,
     * so ints:979 still fits one GIOP Request and ints:980 is a Request and a Fragment. 2000 ints make a
     * Request and Fragments (checked with tcpdump and tshark, giop.type 0 then 7).
     */
    static final int FRAGMENTED_INTS = 2000;

    private RmiIiopWorkload workload;
    private ServerReady ready;
    private int[] ports;

    @BeforeAll
    void startServer() throws WorkloadException {
        ports = FreePorts.take(2);
        workload = new RmiIiopWorkload(RmiIiopWorkload.defaults().withPorts(ports[0], ports[1]).withLaunch(TestLaunch.FAST), GiopVersion.V1_2);
        ready = workload.start();
    }

    @AfterAll
    void stopServer() {
        workload.close();
    }

    @Test
    void serverPrintsReadyWithBothPortsAndTheFilterSelectsThem() {
        assertEquals("READY naming=" + ports[0] + " object=" + ports[1], ready.line());
        assertEquals(List.of(ports[0], ports[1]), workload.ports());
        assertEquals("tcp and (port " + ports[0] + " or port " + ports[1] + ")", workload.bpfFilter());
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
        // The JRMP workload's Java interface, as an RMI-IIOP repository id, on loopback and the object port.
        assertEquals(Optional.of("RMI:io.wireanalyze.workloads.service.BenchService:0000000000000000 @ 127.0.0.1:"
                + ports[1] + " (IIOP 1.2)"), calls.get(0).result());
        for (int i = 1; i < calls.size(); i++) {
            CallRecord c = calls.get(i);
            assertTrue(c.elapsedNanos() > 0, c.toString());
            assertTrue(c.startNanos() >= calls.get(i - 1).startNanos() + calls.get(i - 1).elapsedNanos(), c.toString());
        }
        assertEquals(calls, ResultFile.read(file));
        String summary = r.exits().get(0).summary().orElseThrow();
        assertTrue(summary.startsWith("rmi-iiop client 0: 5 measured sendInts calls: mean "), summary);
    }

    @Test
    void anArgumentLargerThanTheFragmentSizeTravelsAsARequestAndFragmentsAndArrivesWhole(@TempDir Path dir) throws Exception {
        String noCapture = LoopbackCapture.unavailable();
        LoopbackCapture capture = noCapture == null ? LoopbackCapture.start(dir.resolve("big.pcap"), ports[1]) : null;
        ClientResult r = workload.runClient(Plan.of(2, Payload.ints(FRAGMENTED_INTS), 0), dir.resolve("big.tsv"));
        List<GiopCapture.Message> wire = capture == null ? List.of() : GiopCapture.messages(capture.stop());

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        assertEquals(List.of(Optional.of("2000"), Optional.of("2000")),
                r.calls(CallKind.MEASURED).stream().map(CallRecord::result).toList());
        LoopbackCapture.requireAvailable();   // the calls ran; their GIOP messages need the capture
        // After the naming requests that LOCATION_FORWARD brought to the object port (_is_a, resolve_str), each
        // call is a Request filling the 4096-byte fragment size (12 header + 4084) and two Fragments: 8168
        // bytes of request body = 168 + 4 * 2000, each Fragment starting with the 4-byte request id.
        List<String> toServer = wire.stream().filter(GiopCapture.Message::toServer).map(GiopCapture.Message::toString).toList();
        List<String> call = List.of("c2s 1.2 type 0 len 4084", "c2s 1.2 type 7 len 4084", "c2s 1.2 type 7 len 8");
        assertEquals(call, toServer.subList(2, 5));
        assertEquals(call, toServer.subList(5, 8));
        assertEquals(8, toServer.size(), toServer::toString);
    }

    @Test
    void ints979FitOneRequestAndInts980AreTheFirstToFragment(@TempDir Path dir) throws Exception {
        LoopbackCapture.requireAvailable();
        List<String> heads = new java.util.ArrayList<>();
        for (int n : new int[] {979, 980}) {
            try (LoopbackCapture capture = LoopbackCapture.start(dir.resolve(n + ".pcap"), ports[1])) {
                ClientResult r = workload.runClient(Plan.of(1, Payload.ints(n), 0), dir.resolve(n + ".tsv"));
                assertEquals(0, r.exitCode(), () -> r.exits().toString());
                GiopCapture.messages(capture.stop()).stream().filter(GiopCapture.Message::toServer).skip(2)
                        .forEach(m -> heads.add(n + ": " + m));
            }
        }
        assertEquals(List.of("979: c2s 1.2 type 0 len 4084", "980: c2s 1.2 type 0 len 4084", "980: c2s 1.2 type 7 len 8"), heads);
    }

    @Test
    void everyGetterReturnsItsFixedValueAndTwoClientsRunInParallel(@TempDir Path dir) throws Exception {
        List<Payload> payloads = List.of(Payload.getter(BenchMethod.GET_INT), Payload.getter(BenchMethod.GET_SHORT),
                Payload.getter(BenchMethod.GET_LONG), Payload.getter(BenchMethod.GET_FLOAT),
                Payload.getter(BenchMethod.GET_DOUBLE), Payload.getter(BenchMethod.GET_BOOLEAN),
                Payload.getter(BenchMethod.GET_BYTE), Payload.getter(BenchMethod.GET_STRING), Payload.chars(7), Payload.none());
        List<String> expected = List.of(String.valueOf(BenchValues.INT), String.valueOf(BenchValues.SHORT),
                String.valueOf(BenchValues.LONG), String.valueOf(BenchValues.FLOAT), String.valueOf(BenchValues.DOUBLE),
                String.valueOf(BenchValues.BOOLEAN), String.valueOf(BenchValues.BYTE), BenchValues.STRING, "7", "");
        for (int i = 0; i < payloads.size(); i++) {
            ClientResult r = workload.runClient(Plan.of(1, payloads.get(i), 0).withClients(i == 0 ? 2 : 1),
                    dir.resolve(i + ".tsv"));
            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            for (CallRecord c : r.calls(CallKind.MEASURED))
                assertEquals(expected.get(i), c.result().orElse(""), payloads.get(i).spec());
            if (i == 0) assertEquals(List.of(0, 0, 1, 1), r.calls().stream().map(CallRecord::client).toList());
        }
    }

    @Test
    void aServerWhoseNamingPortIsInUseFailsWithTheReasonAndItsStderr() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            int object = FreePorts.take(1)[0];
            RmiIiopWorkload second = new RmiIiopWorkload(RmiIiopWorkload.defaults().withPorts(port, object).withLaunch(TestLaunch.FAST), GiopVersion.V1_2);
            WorkloadException e = assertThrows(WorkloadException.class, second::start);
            assertEquals("rmi-iiop server: exited with code 1 before printing READY (expected: 'READY naming=" + port
                    + " object=" + object + "'); stderr: rmi-iiop server: naming port " + port
                    + ": bind failed: Address already in use (expected: a free port)", e.getMessage());
            second.close();
            WorkloadException closed = assertThrows(WorkloadException.class,
                    () -> second.runClient(Plan.of(1, Payload.none(), 0), Path.of("unused.tsv")));
            assertEquals("rmi-iiop server: closed (expected: running; call start() first)", closed.getMessage());
        }
    }
}
