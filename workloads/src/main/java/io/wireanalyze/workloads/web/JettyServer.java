package io.wireanalyze.workloads.web;

import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

import java.time.Duration;
import java.util.Optional;

/**
 * Embedded Jetty 12.1 as the web workloads run it (Hessian and Burlap, SOAP, the http-rmi tunnel): HTTP/1.1 on one
 * connector at host:port (0: any free port), one Jakarta EE 11 servlet context at {@code /} holding the workload's
 * servlets; stopped again when it cannot start. Its connector's selectors and its requests are timed as JDK Flight
 * Recorder events ({@link SelectorWait}, {@link RequestHandled}: {@link TimedConnector}) for {@code --profile}.
 */
public final class JettyServer implements AutoCloseable {

    /** Adds the workload's servlets to the context before Jetty starts. */
    @FunctionalInterface
    public interface Servlets {
        void addTo(ServletContextHandler context) throws Exception;
    }

    /** What the workload does once Jetty runs (e.g. publish a service on the servlet a start initialised). */
    @FunctionalInterface
    public interface Started {
        void run() throws Exception;
    }

    private final Server server;

    private JettyServer(Server server) {
        this.server = server;
    }

    /** Jetty on host:port with these servlets, the connector's idle timeout Jetty's default. */
    public static JettyServer start(String host, int port, Servlets servlets) throws Exception {
        return start(host, port, Optional.empty(), servlets, () -> { });
    }

    /**
     * Jetty on host:port with these servlets, then {@code started}; when either fails, Jetty is stopped and the
     * failure thrown.
     */
    public static JettyServer start(String host, int port, Optional<Duration> idleTimeout, Servlets servlets, Started started) throws Exception {
        Server server = new Server();
        ServerConnector connector = new TimedConnector(server);
        connector.setHost(host);
        connector.setPort(port);
        idleTimeout.ifPresent(t -> connector.setIdleTimeout(t.toMillis()));
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        servlets.addTo(context);
        server.setHandler(new TimedConnector.RequestTiming(context));
        try {
            server.start();
            started.run();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new JettyServer(server);
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
}
