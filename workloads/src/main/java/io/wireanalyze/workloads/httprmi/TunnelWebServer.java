package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.QuietLogging;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.io.InputStream;
import java.io.PrintStream;

/**
 * The http-rmi workload's web server JVM: Jetty 12.1 on 127.0.0.1:{@code --port} with the {@link TunnelServlet}
 * in a Jakarta EE 11 servlet context, forwarding to the ports of {@code --allow} (comma-separated) only.
 * Prints {@code READY http=<port>} once listening, runs until stdin closes, exits 0. Exit 1 with one line on
 * stderr when it cannot start (e.g. the port is in use).
 */
public final class TunnelWebServer implements TunnelServerMain.Server {
    private final Server server;

    private TunnelWebServer(Server server) {
        this.server = server;
    }

    /** Jetty listening on 127.0.0.1:{@code port} (0: any free port), serving the tunnelling servlet. */
    public static TunnelWebServer start(int port, TunnelLimits limits) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(Loopback.host());
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
        return TunnelServerMain.run("http-rmi web server", "http", TunnelWebServer::start, args, in, out, err);
    }
}
