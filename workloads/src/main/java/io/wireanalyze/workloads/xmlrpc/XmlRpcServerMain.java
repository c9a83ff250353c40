package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.QuietLogging;
import io.wireanalyze.workloads.ServerMain;
import io.wireanalyze.workloads.service.BenchSemantics;
import org.apache.xmlrpc.server.PropertyHandlerMapping;
import org.apache.xmlrpc.server.XmlRpcServer;
import org.apache.xmlrpc.server.XmlRpcServerConfigImpl;
import org.apache.xmlrpc.webserver.WebServer;

import java.net.InetAddress;

/**
 * The xmlrpc workload's server JVM: Apache XML-RPC 3.1.3's own WebServer on {@link Loopback#host()}:{@code --port}, the
 * benchmark service ({@link BenchSemantics}, with {@link BenchXmlRpc}'s forms of two methods) as {@code Bench.*},
 * vendor extensions on. Prints {@code READY xmlrpc=<port>}, runs until stdin
 * closes, exits 0; exit 1 with one line on stderr when it cannot start.
 */
public final class XmlRpcServerMain {
    static final String PORT = ServerMain.PORT;
    static final String HANDLER = "Bench";
    private static final String ROLE = "xmlrpc server";

    private XmlRpcServerMain() {
    }

    static WebServer start(int port) throws Exception {
        WebServer web = new WebServer(port, InetAddress.getByName(Loopback.host()));
        XmlRpcServer server = web.getXmlRpcServer();
        PropertyHandlerMapping handlers = new PropertyHandlerMapping();
        handlers.setVoidMethodEnabled(true);   // ping and wireanalyzeMark return nothing (ex:nil with the extensions)
        handlers.addHandler(HANDLER, BenchSemantics.class);
        handlers.addHandler(HANDLER, BenchXmlRpc.class);      // replaces sendInts and getObjects with their XML-RPC forms
        server.setHandlerMapping(handlers);
        XmlRpcServerConfigImpl config = (XmlRpcServerConfigImpl) server.getConfig();
        config.setEnabledForExtensions(true);
        web.start();
        return web;
    }

    public static void main(String[] args) {
        QuietLogging.exit(() -> ServerMain.servePort(ROLE, "xmlrpc", args, XmlRpcServerMain::start, WebServer::getPort, WebServer::shutdown,
                System.in, System.out, System.err));
    }
}
