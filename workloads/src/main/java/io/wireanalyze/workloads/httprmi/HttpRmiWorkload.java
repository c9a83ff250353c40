package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServerJvm;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerPortOptions;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.jrmp.DgcOptions;
import io.wireanalyze.workloads.jrmp.JrmpWorkload;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Java RMI tunnelled through HTTP, as JDK 1.1 to 8 did it (Juric et al. sections 2.2 and 2.3), rebuilt for
 * today's JDKs: the JRMP workload's registry and server JVM; a web server JVM ({@link TunnelWebServer}, Jetty
 * 12.1) whose servlet forwards each POST to the RMI ports; with {@link Via#PROXY} a forward HTTP proxy JVM
 * ({@link ForwardProxy}, Netty) in between; and client JVMs ({@link HttpRmiClient}) whose RMI runtime sends
 * every JRMP message as one POST. The web server and proxy run with Jetty's and Netty's class path
 * ({@link #JETTY_NETTY}). Every leg is on 127.0.0.1 with fixed ports, so
 * {@code tcp and (port 1099 or port 1100 or port 8080 or port 3128)} holds client to proxy, proxy to Jetty, and
 * Jetty to the RMI server. On an emulated network ({@link io.wireanalyze.workloads.Placement}) the servers listen on
 * the servers' address and the legs from Jetty to the RMI server stay inside the server's host, on its 127.0.0.1.
 */
public final class HttpRmiWorkload implements Workload {

    /** Jetty 12.1 with its Jakarta EE 11 servlet environment, Netty 4.2's HTTP codec, slf4j: {@code target/lib/http-rmi}. */
    static final StackLibrary JETTY_NETTY = StackLibrary.in("http-rmi");

    private final ServerConfig config;
    private final TunnelRoute route;
    private final JrmpWorkload rmi;
    private final ServerJvm web = new ServerJvm("http-rmi servers");

    public HttpRmiWorkload(ServerConfig config, TunnelRoute route) {
        this.config = config;
        this.route = route;
        this.rmi = new JrmpWorkload(config);
        Set<Integer> rmiPorts = Set.of(config.namingPort(), config.objectPort());
        if (rmiPorts.contains(route.httpPort()) || (route.via() == Via.PROXY && rmiPorts.contains(route.proxyPort())))
            throw new IllegalArgumentException("http-rmi ports: " + route + " (expected: other than the RMI ports " + rmiPorts + ")");
    }

    /** From {@link ServerPortOptions}, {@link DgcOptions}, {@link HttpPortOption} and {@link HttpRmiOptions}. */
    public static HttpRmiWorkload create(WorkloadArgs args) {
        ServerConfig ports = args.group(ServerPortOptions.class).applyTo(args.placed(JrmpWorkload.defaults()));
        return new HttpRmiWorkload(args.group(DgcOptions.class).applyTo(ports), args.group(HttpRmiOptions.class)
                .route(args.group(HttpPortOption.class).port()));
    }

    public ServerConfig config() {
        return config;
    }

    public TunnelRoute route() {
        return route;
    }

    /**
     * Starts the RMI server JVM, the web server JVM and (via the proxy) the proxy JVM, each waiting for its READY line.
     *
     * @return the RMI server JVM's pid and READY line
     * @throws WorkloadException as {@link Workload#start()}, also when Jetty's and Netty's jars are not found
     */
    @Override
    public ServerReady start() throws WorkloadException {
        return web.start(this::close, () -> {
            ServerReady ready = rmi.start();
            LaunchSettings stack = config.launch().withClassPath(JETTY_NETTY.classPath());
            web.launch("http-rmi web server", stack, TunnelWebServer.class, Map.of(),
                    List.of(TunnelLimits.PORT, Integer.toString(route.httpPort()),
                            TunnelLimits.ALLOW, TunnelLimits.portList(Set.of(config.namingPort(), config.objectPort()))),
                    ServerLaunch.READY_PREFIX + "http=" + route.httpPort());
            if (route.via() == Via.PROXY)
                web.launch("http-rmi proxy", stack, ForwardProxy.class, Map.of(),
                        List.of(TunnelLimits.PORT, Integer.toString(route.proxyPort()), TunnelLimits.ALLOW, Integer.toString(route.httpPort())),
                        ServerLaunch.READY_PREFIX + "proxy=" + route.proxyPort());
            return ready;
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        web.requireRunning();
        rmi.requireRunning();
        Map<String, String> properties = new TreeMap<>(Map.of(Loopback.RMI_HOSTNAME_PROPERTY, config.launch().placement().clientHost(),
                HttpRmiClient.HTTP_PORT_PROPERTY, Integer.toString(route.httpPort())));
        route.proxy().ifPresent(p -> properties.put(HttpRmiClient.PROXY_PORT_PROPERTY, Integer.toString(p.port())));
        ClientLaunch client = new ClientLaunch("http-rmi client", HttpRmiClient.class, properties,
                config.at(config.namingPort()), config.name());
        return ClientFleet.run(client, config.launch(), plan, resultFile);
    }

    /** The registry, the object, Jetty, and the proxy when the route goes through it. */
    @Override
    public List<Listener> listeners() {
        List<Listener> all = new ArrayList<>(rmi.listeners());
        all.add(new Listener("Jetty", config.at(route.httpPort())));
        route.proxy().ifPresent(p -> all.add(new Listener("the proxy", config.at(p.port()))));
        return List.copyOf(all);
    }

    /** The RMI server's stdout, then the web server's and the proxy's. */
    @Override
    public List<String> serverOutput() {
        List<String> lines = new ArrayList<>(rmi.serverOutput());
        lines.addAll(web.output());
        return lines;
    }

    /** The RMI server JVM, for waiting on its lines (e.g. {@code UNREFERENCED} after a DGC clean call). */
    public JrmpWorkload rmiServer() {
        return rmi;
    }

    /** Stops the proxy, the web server and the RMI server. Idempotent. */
    @Override
    public void close() {
        web.close();
        rmi.close();
    }
}
