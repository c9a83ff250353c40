package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Payload;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.TestLaunch;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.table.WorkloadKind;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.*;

/**
 * RMI over SSL for real: the server JVM (registry and object on javax.rmi.ssl sockets, a fresh key, the key log agent)
 * and a client JVM, TLS 1.3 and 1.2; the client's calls all work, the server logs the secrets of every connection,
 * and closing leaves no key behind. On the JDK 25 beside this machine's JDK 17 too, when it is there (the agent and
 * RMI over SSL's endpoint identification, new in JDK 22, both have to work there).
 */
class JrmpTlsWorkloadTest {

    private static final Path JDK_25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");

    @ParameterizedTest
    @EnumSource(TlsVersionChoice.class)
    void theClientCallsOverTlsAndTheServerLogsEveryConnectionsSecrets(TlsVersionChoice version, @TempDir Path dir) throws Exception {
        run(version, TestLaunch.FAST, dir);
    }

    @Test
    void theAgentAndRmiOverSslWorkOnJdk25(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(JDK_25), "no JDK 25 at " + JDK_25);
        LaunchSettings jdk25 = new LaunchSettings(JDK_25, TestLaunch.FAST.classPath(), TestLaunch.FAST.jvmOptions(), Map.of(), Map.of(),
                TestLaunch.FAST.startTimeout(), TestLaunch.FAST.clientTimeout(), TestLaunch.FAST.stopGrace(), TestLaunch.FAST.placement());
        for (TlsVersionChoice version : TlsVersionChoice.values()) run(version, jdk25, dir);
    }

    private static void run(TlsVersionChoice version, LaunchSettings launch, Path dir) throws Exception {
        int[] ports = FreePorts.take(2);
        Path keyDir;
        Path result = dir.resolve("calls-" + version + ".tsv");
        try (JrmpTlsWorkload w = new JrmpTlsWorkload(JrmpWorkload.defaults().withPorts(ports[0], ports[1]).withLaunch(launch), version)) {
            assertEquals(Optional.empty(), w.tlsKeyLog(), "no key log before the start");
            w.start();
            ClientResult r = w.runClient(Plan.of(3, Payload.ints(100), 1), result);
            assertEquals(0, r.exitCode(), () -> r.exits().toString());
            assertEquals(List.of(CallKind.LOOKUP, CallKind.WARMUP, CallKind.MARK, CallKind.MEASURED, CallKind.MEASURED, CallKind.MEASURED),
                    r.calls().stream().map(CallRecord::kind).toList());
            for (CallRecord c : r.calls(CallKind.MEASURED)) assertEquals(Optional.of("100"), c.result());
            String stub = r.calls().get(0).result().orElseThrow();
            assertTrue(stub.contains("javax.rmi.ssl.SslRMIClientSocketFactory") && stub.contains("127.0.0.1:" + ports[1]), stub);
            assertTrue(r.exits().get(0).summary().orElseThrow().startsWith("jrmp-tls client 0: 3 measured sendInts calls"), r.exits().toString());

            Path keys = w.tlsKeyLog().orElseThrow();
            keyDir = keys.getParent();
            List<String> lines = Files.readAllLines(keys);
            Map<String, Long> labels = lines.stream().collect(Collectors.groupingBy(l -> l.substring(0, l.indexOf(' ') < 0 ? l.length() : l.indexOf(' ')),
                    java.util.TreeMap::new, Collectors.counting()));
            // The registry connection and the object connection: the server logs each once.
            if (version == TlsVersionChoice.TLS_1_3) {
                assertEquals(Map.of("CLIENT_HANDSHAKE_TRAFFIC_SECRET", 2L, "CLIENT_TRAFFIC_SECRET_0", 2L,
                        "SERVER_HANDSHAKE_TRAFFIC_SECRET", 2L, "SERVER_TRAFFIC_SECRET_0", 2L), labels, lines::toString);
                assertEquals(2, lines.stream().map(l -> l.split(" ")[1]).distinct().count(), "two client randoms");
            } else {
                assertEquals(2, lines.size(), lines::toString);
                assertTrue(lines.stream().allMatch(l -> l.matches("RSA Session-ID:[0-9A-F]{64} Master-Key:[0-9A-F]{96}")), lines::toString);
            }
            assertEquals("[RMI registry (TLS " + version + ") on 127.0.0.1:" + ports[0] + ", the object (TLS " + version + ") on 127.0.0.1:"
                    + ports[1] + "]", w.listeners().toString());
        }
        assertFalse(Files.exists(keyDir), "the key, its trust store and the key log are deleted when the workload closes");
    }

    @Test
    void theWorkloadTableBuildsItFromItsOptions() {
        assertEquals("jrmp-tls", WorkloadKind.JRMP_TLS.toString());
        JrmpTlsWorkload w = (JrmpTlsWorkload) WorkloadKind.JRMP_TLS.create(WorkloadKind.JRMP_TLS.defaultArgs());
        assertEquals(TlsVersionChoice.TLS_1_3, w.version());
        assertEquals(List.of(1099, 1100), w.ports());
        assertEquals("TLSv1.2", EnumLabels.parse(TlsVersionChoice.class, "1.2").orElseThrow().jsseName());
        assertEquals(Optional.of("TLS version '1.1' (expected: one of 1.3, 1.2)"), EnumLabels.parse(TlsVersionChoice.class, "1.1").error());
    }

    @Test
    void theKeyLogAgentIsCopiedBesideTheOtherStacks() throws Exception {
        List<Path> jars = JrmpTlsWorkload.TLS_KEY_LOG_AGENT.jarFiles();
        assertEquals(List.of("extract-tls-secrets-4.0.0.jar"), jars.stream().map(j -> j.getFileName().toString()).toList());
        assertTrue(jars.get(0).endsWith(Path.of("target", "lib", "jrmp-tls", "extract-tls-secrets-4.0.0.jar")), jars.toString());
    }

    @Test
    void theCertificateNamesTheServersAddress() throws Exception {
        assertEquals("ip:198.18.0.2", ServerKeys.subjectAlternativeName("198.18.0.2"));
        assertEquals("dns:server.example", ServerKeys.subjectAlternativeName("server.example"));
        try (ServerKeys keys = ServerKeys.generate(LaunchSettings.defaults().java(), "198.18.0.2")) {
            java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
            try (var in = Files.newInputStream(keys.trustStore())) {
                store.load(in, keys.clientProperties().get("javax.net.ssl.trustStorePassword").toCharArray());
            }
            java.security.cert.X509Certificate cert = (java.security.cert.X509Certificate) store.getCertificate(ServerKeys.ALIAS);
            assertEquals("CN=198.18.0.2", cert.getSubjectX500Principal().getName());
            assertEquals(List.of(List.of(7, "198.18.0.2")), cert.getSubjectAlternativeNames().stream().toList());
        }
    }
}
