package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.FreePorts;
import io.wireanalyze.workloads.Loopback;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.rmi.NoSuchObjectException;

import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.Set;

/**
 * The real peers of the servlet, proxy and tunnel tests, all in the test JVM on 127.0.0.1: an RMI registry (a
 * JDK RMI server that speaks SingleOpProtocol), a port nothing listens on, and a server socket that takes
 * connections into its backlog and never answers; Jetty with the servlet allowing those three ports.
 */
final class TunnelServers implements AutoCloseable {
    static final int MAX_BODY = 1024;
    static final Duration BACKEND_TIMEOUT = Duration.ofMillis(500);
    static final Duration IDLE_TIMEOUT = Duration.ofMillis(500);

    final int registryPort;
    final int downPort;
    final Registry registry;
    final ServerSocket silent;
    final TunnelWebServer web;
    final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    TunnelServers() throws Exception {
        // The silent server holds its port first: the free ports taken next (the down port stays unbound) cannot be it.
        silent = new ServerSocket(0, 50, InetAddress.getByName(Loopback.ADDRESS));
        int[] ports = FreePorts.take(2);
        registryPort = ports[0];
        downPort = ports[1];
        registry = LocateRegistry.createRegistry(registryPort);
        web = TunnelWebServer.start(0, new TunnelLimits(Set.of(registryPort, downPort, silent.getLocalPort()), MAX_BODY,
                BACKEND_TIMEOUT, IDLE_TIMEOUT));
    }

    /** {@code http://127.0.0.1:<jetty>/cgi-bin/java-rmi.cgi?<query>}. */
    URI cgi(String query) {
        return URI.create("http://127.0.0.1:" + web.port() + TunnelRoute.CGI_PATH + (query == null ? "" : "?" + query));
    }

    HttpResponse<byte[]> post(String query, byte[] body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(cgi(query)).header("Content-Type", "application/octet-stream")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    @Override
    public void close() throws IOException {
        web.close();
        silent.close();
        try {
            UnicastRemoteObject.unexportObject(registry, true);
        } catch (NoSuchObjectException e) {
            // not exported any more
        }
    }

}
