package io.wireanalyze.workloads.httpinvoker;

import com.sun.net.httpserver.HttpServer;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.ServerMain;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.service.Bench;
import io.wireanalyze.workloads.service.BenchImpl;
import org.springframework.remoting.httpinvoker.SimpleHttpInvokerServiceExporter;

import java.net.InetAddress;
import java.net.InetSocketAddress;

/**
 * The httpinvoker workload's server JVM: Spring 5.3's {@link SimpleHttpInvokerServiceExporter} on the JDK's HTTP
 * server at {@link Loopback#host()}:{@code --port}{@value #PATH}, exporting the benchmark service (its plain interface, shared with
 * the Hessian workload). Prints {@code READY httpinvoker=<port>}, runs until stdin closes, exits 0; exit 1 with one
 * line on stderr when it cannot start.
 */
@SuppressWarnings("deprecation")   // HttpInvoker is deprecated in 5.3 and gone in 6: the point is to measure it
public final class HttpInvokerServer {
    static final String PORT = ServerMain.PORT;
    static final String PATH = "/httpinvoker/bench";
    private static final String ROLE = "httpinvoker server";

    private HttpInvokerServer() {
    }

    static HttpServer start(int port) throws Exception {
        SimpleHttpInvokerServiceExporter exporter = new SimpleHttpInvokerServiceExporter();
        exporter.setService(new BenchImpl());
        exporter.setServiceInterface(Bench.class);
        exporter.afterPropertiesSet();
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(Loopback.host()), port), 64);
        server.createContext(PATH, exporter);
        server.start();
        return server;
    }

    public static void main(String[] args) {
        QuietLogging.exit(() -> ServerMain.servePort(ROLE, "httpinvoker", args, HttpInvokerServer::start, server -> server.getAddress().getPort(),
                server -> server.stop(0), System.in, System.out, System.err));
    }
}
