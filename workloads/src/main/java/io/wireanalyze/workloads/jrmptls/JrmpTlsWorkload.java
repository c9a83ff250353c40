package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;
import io.wireanalyze.workloads.jrmp.RmiWorkload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Java RMI over SSL (Juric et al.'s RMI-SSL): the JRMP workload with the registry and the object on
 * {@code javax.rmi.ssl} sockets ({@link JrmpTlsServer}, {@link JrmpTlsClient}), TLS 1.3 or 1.2 ({@link JrmpTlsOptions}).
 * Each run makes a fresh key ({@link ServerKeys}). The JDK writes no key log by itself: the server JVM runs with the
 * Java agent extract-tls-secrets 4.0.0 ({@link #TLS_KEY_LOG_AGENT}), which writes the secrets of every
 * connection the server accepts (all the client's) as an NSS key log, {@link #tlsKeyLog()}. Same ports, name and
 * plan as jrmp, so the two captures compare call for call. Placed as jrmp is: on an emulated network the server JVM runs
 * in the namespace, its stubs and its certificate (common name and subject alternative name) name the servers' address.
 */
public final class JrmpTlsWorkload extends RmiWorkload {

    /** The Java agent extract-tls-secrets 4.0.0 (name.neykov), which writes a JVM's TLS secrets as an NSS key log: {@code target/lib/jrmp-tls}. */
    static final StackLibrary TLS_KEY_LOG_AGENT = StackLibrary.in("jrmp-tls");

    private final TlsVersionChoice version;
    private ServerKeys keys;

    public JrmpTlsWorkload(ServerConfig config, TlsVersionChoice version) {
        super("jrmp-tls", config, JrmpTlsServer.class, JrmpTlsClient.class);
        this.version = version;
    }

    /** From {@link ServerPortOptions}, {@link DgcOptions} and {@link JrmpTlsOptions}. */
    public static JrmpTlsWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(JrmpWorkload.defaults()));
        return new JrmpTlsWorkload(args.group(DgcOptions.class).applyTo(ports), args.group(JrmpTlsOptions.class).version());
    }

    public TlsVersionChoice version() {
        return version;
    }

    /**
     * Makes the run's key, and the server JVM's launch with the key log agent writing its secrets.
     *
     * @throws WorkloadException as {@link #start()}, also when keytool fails or the agent's jar is not found
     */
    @Override
    protected LaunchSettings serverLaunch() throws WorkloadException {
        Path agent = agentJar();
        keys = ServerKeys.generate(config.launch().java(), config.host());
        List<String> jvm = new ArrayList<>(config.launch().jvmOptions());
        jvm.add("-javaagent:" + agent + "=" + keys.keyLog());
        return config.launch().withJvmOptions(jvm);
    }

    /** JRMP's, the run's key store, and the TLS version the server accepts. */
    @Override
    protected Map<String, String> serverProperties() {
        Map<String, String> properties = new TreeMap<>(super.serverProperties());
        properties.putAll(keys.serverProperties());
        properties.put(JrmpTlsServer.PROTOCOL_PROPERTY, version.jsseName());
        return properties;
    }

    /** The run's trust store and the TLS version the client offers. */
    @Override
    protected Map<String, String> clientProperties() {
        Map<String, String> properties = new TreeMap<>(keys.clientProperties());
        properties.put("javax.rmi.ssl.client.enabledProtocols", version.jsseName());
        return properties;
    }

    /** Both TLS. */
    @Override
    protected String listenerNote() {
        return " (TLS " + version + ")";
    }

    /** The server's key log (every connection of the run: the server accepts them all), once started. */
    @Override
    public Optional<Path> tlsKeyLog() {
        return keys == null ? Optional.empty() : Optional.of(keys.keyLog());
    }

    /** Stops the server JVM and deletes the run's key, trust store and key log. Idempotent. */
    @Override
    public void close() {
        super.close();
        if (keys != null) keys.close();
    }

    private static Path agentJar() throws WorkloadException {
        List<Path> jars = TLS_KEY_LOG_AGENT.jarFiles();
        return jars.stream().filter(j -> j.getFileName().toString().startsWith("extract-tls-secrets")).findFirst()
                .orElseThrow(() -> new WorkloadException("jrmp-tls key log agent: no extract-tls-secrets jar among " + jars
                        + " (expected: the jar `mvn package` copies into workloads/target/lib/jrmp-tls)"));
    }
}
