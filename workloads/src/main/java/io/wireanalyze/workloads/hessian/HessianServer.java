package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.ServerMain;
import io.wireanalyze.workloads.web.JettyServer;
import org.eclipse.jetty.ee11.servlet.ServletHolder;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Set;

/**
 * The Hessian workload's server JVM: Jetty 12.1 (HTTP/1.1 only) on {@link Loopback#host()}:{@code --port} with
 * {@link HessianBenchServlet} at {@code /hessian/bench} (or with {@code --protocol burlap} {@link BurlapBenchServlet} at
 * {@code /burlap/bench}) in a Jakarta EE 11 servlet context, Hessian's replies sent as {@code --reply} says. Prints {@code READY hessian=<port>} once listening, runs until stdin closes, exits 0; exit 1 with one line on
 * stderr when it cannot start.
 */
public final class HessianServer {
    static final String PORT = "--port";
    static final String REPLY = "--reply";
    static final String PROTOCOL = "--protocol";
    private static final String ROLE = "hessian server";

    private HessianServer() {
    }

    /** Jetty on {@link Loopback#host()}:{@code port} (0: any free port) serving the benchmark service. */
    public static JettyServer start(int port, CauchoProtocol protocol, HessianReply reply) throws Exception {
        return JettyServer.start(Loopback.host(), port, context -> context.addServlet(
                new ServletHolder(protocol == CauchoProtocol.BURLAP ? new BurlapBenchServlet() : new HessianBenchServlet(reply)), protocol.path()));
    }

    public static void main(String[] args) {
        QuietLogging.exit(() -> run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(PORT, REPLY, PROTOCOL), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(PORT).flatMap(v -> o.intValue(PORT, 1, 65535, 0)));
        Parsed<HessianReply> reply = parsed.flatMap(o -> o.required(REPLY)).flatMap(t -> EnumLabels.parse(HessianReply.class, t));
        if (ServerMain.refused(ROLE, err, port, reply)) return 1;
        return ServerMain.serve(ROLE, "hessian", port.orElseThrow(), () -> start(port.orElseThrow(),
                        CauchoProtocol.of(parsed.orElseThrow().value(PROTOCOL).orElse(CauchoProtocol.HESSIAN.label())), reply.orElseThrow()),
                JettyServer::port, JettyServer::close, in, out, err);
    }
}
