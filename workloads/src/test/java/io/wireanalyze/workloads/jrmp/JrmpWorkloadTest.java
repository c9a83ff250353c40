package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.HostPort;
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
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Real server and client JVMs on loopback; one server shared by these tests. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JrmpWorkloadTest {
    private JrmpWorkload workload;
    private ServerReady ready;
    private int[] ports;

    @BeforeAll
    void startServer() throws WorkloadException {
        ports = FreePorts.take(2);
        workload = new JrmpWorkload(JrmpWorkload.defaults().withPorts(ports[0], ports[1]).withLaunch(TestLaunch.FAST));
        ready = workload.start();
    }

    @AfterAll
    void stopServer() {
        workload.close();
    }

    @Test
    void serverPrintsReadyWithBothPorts() {
        assertEquals("READY registry=" + ports[0] + " object=" + ports[1], ready.line());
        assertEquals(List.of(ports[0], ports[1]), workload.ports());
        assertEquals("tcp and (port " + ports[0] + " or port " + ports[1] + ")", workload.bpfFilter());
    }

    @Test
    void clientRecordsLookupTwoWarmupsTheMarkAndFiveMeasuredCalls(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("calls.tsv");
        ClientResult r = workload.runClient(Plan.of(5, Payload.ints(100), 2), file);

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        List<CallRecord> calls = r.calls();
        assertEquals(1 + 2 + 1 + 5, calls.size());
        assertEquals(List.of(CallKind.LOOKUP, CallKind.WARMUP, CallKind.WARMUP, CallKind.MARK, CallKind.MEASURED,
                        CallKind.MEASURED, CallKind.MEASURED, CallKind.MEASURED, CallKind.MEASURED),
                calls.stream().map(CallRecord::kind).toList());
        assertEquals(List.of(-1, 0, 1, 2, 3, 4, 5, 6, 7), calls.stream().map(CallRecord::seq).toList());
        assertEquals(List.of("lookup", "sendInts", "sendInts", "wireanalyzeMark", "sendInts", "sendInts", "sendInts",
                "sendInts", "sendInts"), calls.stream().map(CallRecord::method).toList());
        assertEquals(List.of(false, true, true, false, false, false, false, false, false),
                calls.stream().map(CallRecord::warmup).toList());
        for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of("100"), c.result());
        for (CallRecord c : r.calls(CallKind.WARMUP)) assertEquals(Optional.of("100"), c.result());
        assertEquals(Optional.empty(), r.calls(CallKind.MARK).get(0).result());
        // The stub names loopback and the object port: the calls never leave 127.0.0.1.
        String stub = calls.get(0).result().orElseThrow();
        assertTrue(stub.contains("endpoint:[127.0.0.1:" + ports[1] + "]"), stub);
        for (int i = 1; i < calls.size(); i++) {
            CallRecord c = calls.get(i);
            assertTrue(c.elapsedNanos() > 0, c.toString());
            assertTrue(c.startNanos() >= calls.get(i - 1).startNanos() + calls.get(i - 1).elapsedNanos(), c.toString());
        }
        assertEquals(calls, ResultFile.read(file));
        String summary = r.exits().get(0).summary().orElseThrow();
        assertTrue(summary.startsWith("jrmp client 0: 5 measured sendInts calls: mean "), summary);
    }

    @Test
    void twoClientsRunInParallelAndTheirRecordsAreMergedInClientOrder(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("getters.tsv");
        ClientResult r = workload.runClient(Plan.of(3, Payload.getter(BenchMethod.GET_INT), 0).withClients(2), file);

        assertEquals(0, r.exitCode(), () -> r.exits().toString());
        assertEquals(List.of(0, 0, 0, 0, 1, 1, 1, 1), r.calls().stream().map(CallRecord::client).toList());
        assertEquals(List.of(-1, 0, 1, 2, -1, 0, 1, 2), r.calls().stream().map(CallRecord::seq).toList());
        for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of(String.valueOf(BenchValues.INT)), c.result());
        assertTrue(r.calls(CallKind.MARK).isEmpty());
        assertEquals(r.calls(), ResultFile.read(file));
        try (var parts = Files.list(dir)) {
            assertEquals(List.of(file), parts.toList());
        }
    }

    @Test
    void everyGetterReturnsItsFixedValue(@TempDir Path dir) throws Exception {
        List<String> expected = List.of(String.valueOf(BenchValues.SHORT), String.valueOf(BenchValues.LONG),
                String.valueOf(BenchValues.FLOAT), String.valueOf(BenchValues.DOUBLE), String.valueOf(BenchValues.BOOLEAN),
                String.valueOf(BenchValues.BYTE), BenchValues.STRING, String.valueOf(Payload.chars(7).count()));
        List<Payload> payloads = List.of(Payload.getter(BenchMethod.GET_SHORT), Payload.getter(BenchMethod.GET_LONG),
                Payload.getter(BenchMethod.GET_FLOAT), Payload.getter(BenchMethod.GET_DOUBLE),
                Payload.getter(BenchMethod.GET_BOOLEAN), Payload.getter(BenchMethod.GET_BYTE),
                Payload.getter(BenchMethod.GET_STRING), Payload.chars(7));
        for (int i = 0; i < payloads.size(); i++) {
            ClientResult r = workload.runClient(Plan.of(1, payloads.get(i), 0), dir.resolve(i + ".tsv"));
            assertEquals(Optional.of(expected.get(i)), r.calls(CallKind.MEASURED).get(0).result(), payloads.get(i).spec());
        }
    }

    @Test
    void aClientThatCannotLookUpExitsWithOneAndOneLine(@TempDir Path dir) throws Exception {
        JrmpWorkload wrongName = new JrmpWorkload(workload.config().withName("NoSuchService"));
        // Not started: runClient refuses.
        WorkloadException notStarted = assertThrows(WorkloadException.class,
                () -> wrongName.runClient(Plan.of(1, Payload.none(), 0), dir.resolve("x.tsv")));
        assertEquals("jrmp server: new (expected: running; call start() first)", notStarted.getMessage());

        // The shared server's registry has no "NoSuchService": the client's lookup fails.
        ClientResult r = ClientFleet.run(
                new ClientLaunch("jrmp client", JrmpClient.class, Map.of(), HostPort.loopback(ports[0]), "NoSuchService"),
                TestLaunch.FAST, Plan.of(1, Payload.none(), 0), dir.resolve("r.tsv"));
        assertEquals(1, r.exitCode());
        assertEquals(List.of(), r.calls());
        List<String> stderr = r.exits().get(0).stderrTail();
        assertEquals(1, stderr.size(), stderr::toString);
        assertTrue(stderr.get(0).startsWith("jrmp client 0: lookup 'NoSuchService' at 127.0.0.1:" + ports[0]
                + ": java.rmi.NotBoundException: NoSuchService"), stderr.get(0));
    }

    @Test
    void aServerOnAPortInUseFailsWithTheReasonAndItsStderr() throws IOException {
        try (ServerSocket taken = new ServerSocket(0)) {
            int port = taken.getLocalPort();
            JrmpWorkload second = new JrmpWorkload(JrmpWorkload.defaults().withPorts(port, FreePorts.take(1)[0]).withLaunch(TestLaunch.FAST));
            WorkloadException e = assertThrows(WorkloadException.class, second::start);
            assertEquals("jrmp server: exited with code 1 before printing READY (expected: 'READY registry=" + port
                    + " object=" + second.config().objectPort() + "'); stderr: jrmp server: registry port " + port
                    + ": bind failed: Address already in use (expected: a free port)", e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            second.close();
        }
    }
}
