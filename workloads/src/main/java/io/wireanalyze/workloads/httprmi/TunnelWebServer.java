package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.web.JettyServer;
import org.eclipse.jetty.ee11.servlet.ServletHolder;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Optional;

/**
 * The http-rmi workload's web server JVM: Jetty 12.1 on 127.0.0.1:{@code --port} with the {@link TunnelServlet}
 * in a Jakarta EE 11 servlet context, forwarding to the ports of {@code --allow} (comma-separated) only.
 * Prints {@code READY http=<port>} once listening, runs until stdin closes, exits 0. Exit 1 with one line on
 * stderr when it cannot start (e.g. the port is in use).
 */
public final class TunnelWebServer implements TunnelServerMain.Server {
    private final JettyServer server;

    private TunnelWebServer(JettyServer server) {
        this.server = server;
    }

    /** Jetty listening on 127.0.0.1:{@code port} (0: any free port), serving the tunnelling servlet. */
    public static TunnelWebServer start(int port, TunnelLimits limits) throws Exception {
        return new TunnelWebServer(JettyServer.start(Loopback.host(), port, Optional.of(limits.idleTimeout()),
                context -> context.addServlet(new ServletHolder(new TunnelServlet(limits)), TunnelRoute.CGI_PATH), () -> { }));
    }

    /** The port Jetty listens on. */
    public int port() {
        return server.port();
    }

    /** Stops Jetty: its connections are closed, its threads end. */
    @Override
    public void close() {
        server.close();
    }

    public static void main(String[] args) {
        QuietLogging.apply();
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return TunnelServerMain.run("http-rmi web server", "http", TunnelWebServer::start, args, in, out, err);
    }
}
