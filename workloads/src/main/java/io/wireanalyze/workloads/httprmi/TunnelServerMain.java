package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.OptionArgs;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.ServerMain;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.Set;

/**
 * The main of the tunnel's server JVMs (the web server and the proxy): {@code --port P --allow P,P}, start, print
 * the READY line, serve until standard input ends.
 */
final class TunnelServerMain {

    /** A server of the tunnel, listening once started. */
    interface Server extends AutoCloseable {
        int port();

        @Override
        void close();
    }

    @FunctionalInterface
    interface Starter {
        Server start(int port, TunnelLimits limits) throws Exception;
    }

    private TunnelServerMain() {
    }

    /** @param ready the READY line's key, e.g. {@code http} for {@code READY http=8080} */
    static int run(String role, String ready, Starter starter, String[] args, InputStream in, PrintStream out, PrintStream err) {
        Parsed<OptionArgs> parsed = OptionArgs.parse(args, Set.of(TunnelLimits.PORT, TunnelLimits.ALLOW), Set.of());
        Parsed<Integer> port = parsed.flatMap(o -> o.required(TunnelLimits.PORT).flatMap(v -> o.intValue(TunnelLimits.PORT, 1, 65535, 0)));
        Parsed<Set<Integer>> allow = parsed.flatMap(o -> o.required(TunnelLimits.ALLOW)).flatMap(TunnelLimits::ports);
        if (ServerMain.refused(role, err, port, allow)) return 1;
        return ServerMain.serve(role, ready, port.orElseThrow(), () -> starter.start(port.orElseThrow(), TunnelLimits.allowing(allow.orElseThrow())),
                Server::port, Server::close, in, out, err);
    }
}
