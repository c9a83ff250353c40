package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpServer;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * HTTP-to-port (Juric et al. section 2.2, Tables 3 and 4): Java RMI where the client's RMI runtime POSTs every JRMP
 * message to the RMI server's own port and the server answers it there with an HTTP/1.0 response, as JDK 1.1 to 8 did
 * ({@code sun.rmi.transport.proxy}, removed in JDK 9), rebuilt on today's JDK: an {@link HttpToPortServer} JVM (the JRMP
 * server with POST-aware server sockets) and {@link HttpToPortClient} JVMs (the JRMP client POSTing through
 * {@link HttpToPortSocketFactory}). No web server and no second leg: the POST is unwrapped on the RMI port itself, one
 * TCP connection per message. Same ports, name and plan as jrmp (registry 1099, object 1100), placed as jrmp is.
 */
public final class HttpToPortWorkload extends ServedWorkload {

    private final ServerConfig config;

    public HttpToPortWorkload(ServerConfig config) {
        super("http-to-port server");
        this.config = config;
    }

    /** From {@link ServerPortOptions} and {@link DgcOptions}. */
    public static HttpToPortWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(JrmpWorkload.defaults()));
        return new HttpToPortWorkload(args.group(DgcOptions.class).applyTo(ports));
    }

    public ServerConfig config() {
        return config;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> server.launch("http-to-port server", config.launch(), HttpToPortServer.class, JrmpServer.properties(config),
                JrmpServer.arguments(config), JrmpServer.readyLine(config)));
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch("http-to-port client", HttpToPortClient.class,
                Map.of(Loopback.RMI_HOSTNAME_PROPERTY, config.launch().placement().clientHost()),
                config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** The registry and the object, each answering JRMP and POSTs on its one port. */
    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("RMI registry (HTTP-to-port)", config.at(config.namingPort())),
                new Listener("the object (HTTP-to-port)", config.at(config.objectPort())));
    }
}
