package io.wireanalyze.workloads.jrmptls;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpServer;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;

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
 * Java agent extract-tls-secrets 4.0.0 ({@link StackLibrary#TLS_KEY_LOG_AGENT}), which writes the secrets of every
 * connection the server accepts (all the client's) as an NSS key log, {@link #tlsKeyLog()}. Same ports, name and
 * plan as jrmp, so the two captures compare call for call. Placed as jrmp is: on an emulated network the server JVM runs
 * in the namespace, its stubs and its certificate (common name and subject alternative name) name the servers' address.
 */
public final class JrmpTlsWorkload extends ServedWorkload {

    private final ServerConfig config;
    private final TlsVersionChoice version;
    private ServerKeys keys;

    public JrmpTlsWorkload(ServerConfig config, TlsVersionChoice version) {
        super("jrmp-tls server");
        this.config = config;
        this.version = version;
    }

    /** From {@link ServerPortOptions}, {@link DgcOptions} and {@link JrmpTlsOptions}. */
    public static JrmpTlsWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(JrmpWorkload.defaults()));
        return new JrmpTlsWorkload(args.group(DgcOptions.class).applyTo(ports), args.group(JrmpTlsOptions.class).version());
    }

    public ServerConfig config() {
        return config;
    }

    public TlsVersionChoice version() {
        return version;
    }

    /**
     * Makes the run's key, then starts the server JVM with the key log agent and waits for its READY line.
     *
     * @throws WorkloadException as {@link Workload#start()}, also when keytool fails or the agent's jar is not found
     */
    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            Path agent = agentJar();
            keys = ServerKeys.generate(config.launch().java(), config.host());
            List<String> jvm = new ArrayList<>(config.launch().jvmOptions());
            jvm.add("-javaagent:" + agent + "=" + keys.keyLog());
            LaunchSettings launch = config.launch().withJvmOptions(jvm);
            Map<String, String> properties = new TreeMap<>(config.launch().serverProperties());
            properties.putAll(keys.serverProperties());
            properties.put(Loopback.RMI_HOSTNAME_PROPERTY, config.host());
            properties.put(JrmpTlsServer.PROTOCOL_PROPERTY, version.jsseName());
            return server.launch("jrmp-tls server", launch, JrmpTlsServer.class, properties, JrmpServer.arguments(config),
                    JrmpServer.readyLine(config));
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        Map<String, String> properties = new TreeMap<>(keys.clientProperties());
        properties.put(Loopback.RMI_HOSTNAME_PROPERTY, config.launch().placement().clientHost());
        properties.put("javax.rmi.ssl.client.enabledProtocols", version.jsseName());
        ClientLaunch client = new ClientLaunch("jrmp-tls client", JrmpTlsClient.class, properties,
                config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** The registry, then the object, both TLS. */
    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("RMI registry (TLS " + version + ")", config.at(config.namingPort())),
                new Listener("the object (TLS " + version + ")", config.at(config.objectPort())));
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
        List<Path> jars = StackLibrary.TLS_KEY_LOG_AGENT.jarFiles();
        return jars.stream().filter(j -> j.getFileName().toString().startsWith("extract-tls-secrets")).findFirst()
                .orElseThrow(() -> new WorkloadException("jrmp-tls key log agent: no extract-tls-secrets jar among " + jars
                        + " (expected: the jar `mvn package` copies into workloads/target/lib/jrmp-tls)"));
    }
}
