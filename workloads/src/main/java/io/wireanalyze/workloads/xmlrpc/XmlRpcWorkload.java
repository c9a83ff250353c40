package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.ClientFleet;
import io.wireanalyze.workloads.ClientLaunch;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.ServerConfig;
import io.wireanalyze.workloads.ServedWorkload;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.ServerLaunch;
import io.wireanalyze.workloads.ServerReady;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Apache XML-RPC 3.1.3 (seed 003's three XML-RPC flavours): a server JVM ({@link XmlRpcServerMain}: the library's own
 * WebServer, which closes the connection after each reply) and client JVMs ({@link XmlRpcClientMain}) with the chosen
 * transport, vendor extensions on;
 * both on {@link StackLibrary#XMLRPC}'s class path.
 */
public final class XmlRpcWorkload extends ServedWorkload {

    static final String PATH = "/RPC2";

    private final int port;
    private final XmlRpcOptions options;
    private final LaunchSettings launch;

    public XmlRpcWorkload(int port, XmlRpcOptions options, LaunchSettings launch) {
        super("xmlrpc server");
        ServerConfig.checkPort("httpPort", port);
        this.port = port;
        this.options = options;
        this.launch = launch;
    }

    /** {@code --protocol xmlrpc}: from {@link HttpPortOption} and {@link XmlRpcOptions}. */
    public static XmlRpcWorkload create(WorkloadArgs args) {
        return new XmlRpcWorkload(args.group(HttpPortOption.class).port(), args.group(XmlRpcOptions.class),
                args.launch());
    }

    /**
     * {@code --protocol xmlrpc-httpclient} or {@code xmlrpc-lite}, the same as {@code --protocol xmlrpc --xmlrpc-transport
     * httpclient} or {@code lite} (labels of their own so that compare and reproduce can run them beside the default
     * transport, as Gredler's seed did): from {@link HttpPortOption}.
     */
    public static java.util.function.Function<WorkloadArgs, Workload> on(XmlRpcTransport transport) {
        return args -> {
            XmlRpcOptions options = new XmlRpcOptions();
            options.transport = transport;
            return new XmlRpcWorkload(args.group(HttpPortOption.class).port(), options, args.launch());
        };
    }

    static String address(String server) {
        return "http://" + server + PATH;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            return server.launch(launch.withClassPath(StackLibrary.XMLRPC.classPath()), XmlRpcServerMain.class,
                    List.of(XmlRpcServerMain.PORT, Integer.toString(port)), ServerLaunch.READY_PREFIX + "xmlrpc=" + port);
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch("xmlrpc client", XmlRpcClientMain.class,
                Map.of(XmlRpcClientMain.TRANSPORT_PROPERTY, options.transport().toString()),
                launch.placement().server(port), ServerConfig.DEFAULT_NAME);
        return ClientFleet.run(client, launch.withClassPath(StackLibrary.XMLRPC.classPath()), plan, resultFile);
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("Apache XML-RPC's WebServer", launch.placement().server(port)));
    }

    @Override
    public List<String> notes() {
        return List.of("Apache XML-RPC 3.1.3 at " + address(launch.placement().server(port).toString()) + ", vendor extensions on; client transport "
                + options.transport().description() + " (--xmlrpc-transport " + options.transport() + ")");
    }
}
