package io.wireanalyze.workloads.httpinvoker;

import io.wireanalyze.workloads.HttpPortOption;
import io.wireanalyze.workloads.HttpServerWorkload;
import io.wireanalyze.workloads.LaunchSettings;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.StackLibrary;
import io.wireanalyze.workloads.WorkloadArgs;

import java.util.List;

/**
 * Spring HttpInvoker (seed 003's HttpInvoker; Spring 5.3, the last line that has it): a server JVM
 * ({@link HttpInvokerServer}: SimpleHttpInvokerServiceExporter on the JDK's HTTP server) and client JVMs
 * ({@link HttpInvokerClient}: HttpInvokerProxyFactoryBean), both on {@link #HTTPINVOKER}'s class path.
 */
public final class HttpInvokerWorkload extends HttpServerWorkload {

    /** Spring 5.3 (web, context, beans, aop, core, jcl) with hessian 4.0.66 for the shared bench interface's jar: {@code target/lib/httpinvoker}. */
    static final StackLibrary HTTPINVOKER = StackLibrary.in("httpinvoker");

    public HttpInvokerWorkload(int port, LaunchSettings launch) {
        super("httpinvoker", port, launch, HTTPINVOKER, HttpInvokerServer.class, HttpInvokerClient.class);
    }

    /** {@code --protocol httpinvoker}: from {@link HttpPortOption}. */
    public static HttpInvokerWorkload create(WorkloadArgs args) {
        return new HttpInvokerWorkload(args.group(HttpPortOption.class).port(), args.launch());
    }

    static String address(String server) {
        return "http://" + server + HttpInvokerServer.PATH;
    }

    @Override
    public List<Listener> listeners() {
        return List.of(new Listener("the JDK's HTTP server with SimpleHttpInvokerServiceExporter", serverAddress()));
    }

    @Override
    public List<String> notes() {
        return List.of("Spring HttpInvoker (spring-web 5.3.39) at " + address(serverAddress().toString())
                + ": Java serialization of a RemoteInvocation in each POST");
    }
}
