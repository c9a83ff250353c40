package io.wireanalyze.workloads.hessian;

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
 * The Hessian workload's server JVM: Jetty 12.1 (HTTP/1.1 only) on 127.0.0.1:{@code --port} with
 * {@link HessianBenchServlet} at {@code /hessian/bench} (or with {@code --protocol burlap} {@link BurlapBenchServlet} at
 * {@code /burlap/bench}) in a Jakarta EE 11 servlet context, Hessian's replies sent as {@code --reply} says. Prints {@code READY hessian=<port>} once listening, runs until stdin closes, exits 0; exit 1 with one line on
 * stderr when it cannot start.
 */
public final class HessianServer implements AutoCloseable {
    static final String PORT = "--port";
    static final String REPLY = "--reply";
    static final String PROTOCOL = "--protocol";
    private static final String ROLE = "hessian server";

    private final Server server;

    private HessianServer(Server server) {
        this.server = server;
    }

    /** Jetty on 127.0.0.1:{@code port} (0: any free port) serving the benchmark service. */
    public static HessianServer start(int port, CauchoProtocol protocol, HessianReply reply) throws Exception {
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost(Loopback.ADDRESS);
        connector.setPort(port);
        server.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(new ServletHolder(protocol == CauchoProtocol.BURLAP ? new BurlapBenchServlet() : new HessianBenchServlet(reply)),
                protocol.path());
        server.setHandler(context);
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new HessianServer(server);
    }

    public int port() {
        return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    }

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
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(PORT, REPLY, PROTOCOL), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(PORT).flatMap(v -> o.intValue(PORT, 1, 65535, 0)));
        Parsed<HessianReply> reply = parsed.flatMap(o -> o.required(REPLY)).flatMap(HessianReply::parse);
        for (Parsed<?> p : new Parsed<?>[] {port, reply}) {
            if (p.error().isPresent()) {
                err.println(ROLE + ": " + p.error().get());
                return 1;
            }
        }
        Optional<String> busy = LoopbackPort.problem(port.orElseThrow());
        if (busy.isPresent()) {
            err.println(ROLE + ": port " + port.orElseThrow() + ": " + busy.get());
            return 1;
        }
        HessianServer hessian;
        try {
            CauchoProtocol protocol = CauchoProtocol.of(parsed.orElseThrow().value(PROTOCOL).orElse(CauchoProtocol.HESSIAN.toString()));
            hessian = start(port.orElseThrow(), protocol, reply.orElseThrow());
        } catch (Exception e) {
            err.println(ROLE + ": " + e.toString().replaceAll("\\s+", " "));
            return 1;
        }
        out.println(ServerLaunch.READY_PREFIX + "hessian=" + hessian.port());
        out.flush();
        EndOfInput.await(in, err, ROLE);
        hessian.close();
        return 0;
    }
}
