package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Caucho Hessian 4.0.66 (seed 003's Hessian and Hessian 2): a server JVM ({@link HessianServer}: Jetty 12.1 with a
 * servlet around HessianSkeleton) and client JVMs ({@link HessianClient}: HessianProxyFactory), both on
 * {@link #HESSIAN}'s class path.
 */
public final class HessianWorkload extends ServedWorkload {

    /** Caucho Hessian 4.0.66 (Hessian and Burlap) with Jetty 12.1's Jakarta EE 11 servlet environment, slf4j: {@code target/lib/hessian}. */
    static final StackLibrary HESSIAN = StackLibrary.in("hessian");

    private final int port;
    private final CauchoProtocol protocol;
    private final HessianOptions options;
    private final LaunchSettings launch;

    public HessianWorkload(int port, CauchoProtocol protocol, HessianOptions options, LaunchSettings launch) {
        super(protocol.label() + " server");
        ServerConfig.checkPort("httpPort", port);
        this.port = port;
        this.protocol = protocol;
        this.options = options;
        this.launch = launch;
    }

    /** {@code --protocol hessian}: from {@link HttpPortOption} and {@link HessianOptions}. */
    public static HessianWorkload create(WorkloadArgs args) {
        return new HessianWorkload(args.group(HttpPortOption.class).port(), CauchoProtocol.HESSIAN, args.group(HessianOptions.class),
                args.launch());
    }

    /**
     * {@code --protocol hessian1}, the same as {@code --protocol hessian --hessian-version 1} (a label of its own so that
     * compare and reproduce can run it beside Hessian 2, as Gredler's seed did): from {@link HttpPortOption}; replies
     * with a Content-Length.
     */
    public static HessianWorkload hessian1(WorkloadArgs args) {
        HessianOptions v1 = new HessianOptions();
        v1.version = HessianVersion.V1;
        return new HessianWorkload(args.group(HttpPortOption.class).port(), CauchoProtocol.HESSIAN, v1, args.launch());
    }

    /** {@code --protocol burlap}: from {@link HttpPortOption}; Burlap has one version, its replies go with a Content-Length. */
    public static HessianWorkload burlap(WorkloadArgs args) {
        return new HessianWorkload(args.group(HttpPortOption.class).port(), CauchoProtocol.BURLAP, new HessianOptions(),
                args.launch());
    }

    /** The service's URL on {@code server} (host:port). Here, not in the client: the command line loads this class, not Hessian's. */
    static String address(String server, CauchoProtocol protocol) {
        return "http://" + server + protocol.path();
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            LaunchSettings stack = launch.withClassPath(HESSIAN.classPath());
            return server.launch(stack, HessianServer.class, List.of(HessianServer.PORT, Integer.toString(port), HessianServer.PROTOCOL,
                    protocol.label(), HessianServer.REPLY, options.reply().label()), ServerLaunch.READY_PREFIX + "hessian=" + port);
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch(protocol.label() + " client", HessianClient.class,
                Map.of(HessianClient.VERSION_PROPERTY, options.version().toString(), HessianClient.PROTOCOL_PROPERTY, protocol.label()),
                launch.placement().server(port), ServerConfig.DEFAULT_NAME);
        return ClientFleet.run(client, launch.withClassPath(HESSIAN.classPath()), plan, resultFile);
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener(protocol == CauchoProtocol.BURLAP ? "Jetty with BurlapSkeleton" : "Jetty with HessianSkeleton",
                launch.placement().server(port)));
    }

    @Override
    public List<String> notes() {
        if (protocol == CauchoProtocol.BURLAP)
            return List.of("Burlap (com.caucho hessian 4.0.66) at " + address(launch.placement().server(port).toString(), protocol)
                    + "; replies buffered with a Content-Length (one kept-alive connection)");
        return List.of("Hessian " + options.version() + ".0 (com.caucho hessian 4.0.66) at " + address(launch.placement().server(port).toString(), protocol)
                + "; replies " + options.reply().description() + " (--hessian-reply " + options.reply().label() + ")");
    }
}
