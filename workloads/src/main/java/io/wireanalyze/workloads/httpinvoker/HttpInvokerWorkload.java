package io.wireanalyze.workloads.httpinvoker;

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
 * Spring HttpInvoker (seed 003's HttpInvoker; Spring 5.3, the last line that has it): a server JVM
 * ({@link HttpInvokerServer}: SimpleHttpInvokerServiceExporter on the JDK's HTTP server) and client JVMs
 * ({@link HttpInvokerClient}: HttpInvokerProxyFactoryBean), both on {@link StackLibrary#HTTPINVOKER}'s class path.
 */
public final class HttpInvokerWorkload extends ServedWorkload {

    private final int port;
    private final LaunchSettings launch;

    public HttpInvokerWorkload(int port, LaunchSettings launch) {
        super("httpinvoker server");
        ServerConfig.checkPort("httpPort", port);
        this.port = port;
        this.launch = launch;
    }

    /** {@code --protocol httpinvoker}: from {@link HttpPortOption}. */
    public static HttpInvokerWorkload create(WorkloadArgs args) {
        return new HttpInvokerWorkload(args.group(HttpPortOption.class).port(), args.launch());
    }

    static String address(String server) {
        return "http://" + server + HttpInvokerServer.PATH;
    }

    @Override
    public ServerReady start() throws WorkloadException {
        return server.start(this::close, () -> {
            return server.launch(launch.withClassPath(StackLibrary.HTTPINVOKER.classPath()),
                    HttpInvokerServer.class, List.of(HttpInvokerServer.PORT, Integer.toString(port)),
                    ServerLaunch.READY_PREFIX + "httpinvoker=" + port);
        });
    }

    @Override
    public ClientResult runClient(Plan plan, Path resultFile) throws WorkloadException {
        server.requireRunning();
        ClientLaunch client = new ClientLaunch("httpinvoker client", HttpInvokerClient.class, Map.of(), launch.placement().server(port),
                ServerConfig.DEFAULT_NAME);
        return ClientFleet.run(client, launch.withClassPath(StackLibrary.HTTPINVOKER.classPath()), plan, resultFile);
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("the JDK's HTTP server with SimpleHttpInvokerServiceExporter", launch.placement().server(port)));
    }

    @Override
    public List<String> notes() {
        return List.of("Spring HttpInvoker (spring-web 5.3.39) at " + address(launch.placement().server(port).toString())
                + ": Java serialization of a RemoteInvocation in each POST");
    }
}
