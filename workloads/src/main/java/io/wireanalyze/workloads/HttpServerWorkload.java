package io.wireanalyze.workloads;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A workload of one server JVM listening on one HTTP port, and client JVMs, both on one stack's class path: the
 * server main takes {@code --port} and prints {@code READY <name>=<port>}; the clients reach it at the placement's
 * server address (httpinvoker, xmlrpc).
 */
public abstract class HttpServerWorkload extends ServedWorkload {

    /** The server's HTTP port. */
    protected final int port;
    /** As the command line placed it; the stack's class path is added when a JVM starts. */
    protected final LaunchSettings launch;
    private final String name;
    private final StackLibrary stack;
    private final Class<?> serverMain;
    private final Class<?> clientMain;

    /**
     * @param name the workload's label, {@code <name> server} and {@code <name> client} in messages and the key of
     *             the server's READY line
     */
    protected HttpServerWorkload(String name, int port, LaunchSettings launch, StackLibrary stack, Class<?> serverMain,
                                 Class<?> clientMain) {
        super(name + " server");
        ServerConfig.checkPort("httpPort", port);
        this.name = name;
        this.port = port;
        this.launch = launch;
        this.stack = stack;
        this.serverMain = serverMain;
        this.clientMain = clientMain;
    }

    /** The system properties of each client JVM; none unless a workload says. */
    protected Map<String, String> clientProperties() {
        return Map.of();
    }

    /** Where the clients reach the server. */
    protected final HostPort serverAddress() {
        return launch.placement().server(port);
    }

    @Override
    public final ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> server.launch(launch.withClassPath(stack.classPath()), serverMain,
                List.of(ServerMain.PORT, Integer.toString(port)), ServerLaunch.READY_PREFIX + name + "=" + port));
    }

    @Override
    public final ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch(name + " client", clientMain, clientProperties(), serverAddress(),
                ServerConfig.DEFAULT_NAME);
        return ClientFleet.run(client, launch.withClassPath(stack.classPath()), plan, resultFile);
    }
}
