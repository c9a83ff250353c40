package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.EndOfInput;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.LoopbackPort;
import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.ServerLaunch;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;
import java.util.Set;

/**
 * The http-rmi workload's web server JVM: Jetty 12.1 on 127.0.0.1:{@code --port} with the {@link TunnelServlet}
 * in a Jakarta EE 11 servlet context, forwarding to the ports of {@code --allow} (comma-separated) only.
 * Prints {@code READY http=<port>} once listening, runs until stdin closes, exits 0. Exit 1 with one line on
 * stderr when it cannot start (e.g. the port is in use).
 */
public final class TunnelWebServer implements AutoCloseable {
    private final Server server;

    private TunnelWebServer(Server server) {
        this.server = server;
    }

    /** Jetty listening on 127.0.0.1:{@code port} (0: any free port), serving the tunnelling servlet. */
    public static TunnelWebServer start(int port, TunnelLimits limits) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(Loopback.ADDRESS);
        connector.setPort(port);
        connector.setIdleTimeout(limits.idleTimeout().toMillis());
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(new ServletHolder(new TunnelServlet(limits)), TunnelRoute.CGI_PATH);
        server.setHandler(context);
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new TunnelWebServer(server);
    }

    /** The port Jetty listens on. */
    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

    /** Stops Jetty: its connections are closed, its threads end. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException("jetty on port " + port() + ": stop failed: " + e, e);
        }
    }

    public static void main(String[] args) {
        QuietLogging.apply();
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        String role = "http-rmi web server";
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(TunnelLimits.PORT, TunnelLimits.ALLOW), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(TunnelLimits.PORT).flatMap(v -> o.intValue(TunnelLimits.PORT, 1, 65535, 0)));
        Parsed<Set<Integer>> allow = parsed.flatMap(o -> o.required(TunnelLimits.ALLOW)).flatMap(TunnelLimits::ports);
        for (Parsed<?> p : new Parsed<?>[] {port, allow}) {
            if (p.error().isPresent()) {
                err.println(role + ": " + p.error().get());
                return 1;
            }
        }
        Optional<String> busy = LoopbackPort.problem(port.orElseThrow());
        if (busy.isPresent()) {
            err.println(role + ": port " + port.orElseThrow() + ": " + busy.get());
            return 1;
        }
        TunnelWebServer web;
        try {
            web = start(port.orElseThrow(), TunnelLimits.allowing(allow.orElseThrow()));
        } catch (Exception e) {
            err.println(role + ": " + e.toString().replaceAll("\\s+", " "));
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "http=" + web.port());
        out.flush();
        EndOfInput.await(in, err, role);
        web.close();
        return 0;
    }
}
