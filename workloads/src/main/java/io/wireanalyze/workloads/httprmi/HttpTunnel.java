package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.rmi.ConnectIOException;
import java.time.Duration;

/**
 * Sends one JRMP message as one HTTP POST, {@code application/octet-stream}, to the tunnelling servlet with
 * {@code ?forward=PORT}, and returns the reply body. HTTP/1.1 with persistent connections (the JDK's
 * {@link HttpClient}, one per client JVM), directly or through the route's proxy. A failure is the
 * {@link java.rmi.RemoteException} an RMI user expects, naming the request and the HTTP status.
 */
final class HttpTunnel implements Poster {
    static final String CONTENT_TYPE = "application/octet-stream";

    private final TunnelRoute route;
    private final Duration timeout;
    private final HttpClient client;

    HttpTunnel(TunnelRoute route, Duration timeout) {
        this.route = route;
        this.timeout = timeout;
        HttpClient.Builder b = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout);
        route.proxy().ifPresent(p -> b.proxy(ProxySelector.of(new InetSocketAddress(p.host(), p.port()))));
        this.client = b.build();
    }

    TunnelRoute route() {
        return route;
    }

    /** {@link #post(int, byte[])} to {@code server}'s port: the servlet forwards to 127.0.0.1 of its own host. */
    @Override
    public byte[] post(HostPort server, byte[] message) throws IOException {
        return post(server.port(), message);
    }

    @Override
    public String describe() {
        return "POST " + route.cgi();
    }

    /**
     * POSTs {@code message} (a Call or DgcAck) behind the SingleOp header for the RMI server on 127.0.0.1:{@code port}.
     *
     * @return the server's reply (its ReturnData for a Call, nothing for a DgcAck)
     * @throws java.rmi.ConnectException   when the web server (or proxy) refuses the connection
     * @throws ConnectIOException          when it answers anything but 200 {@code application/octet-stream}, or
     *                                     not within the time-out
     */
    byte[] post(int port, byte[] message) throws IOException {
        URI uri = URI.create(route.cgi() + "?forward=" + port);
        String what = "POST " + uri + route.proxy().map(p -> " via proxy " + p).orElse("");
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).header("Content-Type", CONTENT_TYPE)
                .POST(HttpRequest.BodyPublishers.ofByteArray(SingleOp.wrap(message))).build();
        HttpResponse<byte[]> response;
        try {
            response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (HttpTimeoutException e) {
            throw new ConnectIOException(what + ": no reply within " + timeout.toMillis() + " ms (expected: the RMI server's reply)", e);
        } catch (ConnectException e) {
            HostPort to = route.proxy().orElse(new HostPort(io.wireanalyze.workloads.Loopback.host(), route.httpPort()));
            throw new java.rmi.ConnectException(what + ": connection to " + to + " refused (expected: "
                    + (route.proxy().isPresent() ? "the proxy" : "the web server") + " listening)", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException(what + ": interrupted");
        }
        String type = response.headers().firstValue("Content-Type").orElse("none");
        if (response.statusCode() != 200)
            throw new ConnectIOException(what + ": HTTP " + response.statusCode() + " " + firstLine(response.body())
                    + " (expected: 200 with the RMI server's reply)");
        if (!type.equals(CONTENT_TYPE))
            throw new ConnectIOException(what + ": Content-Type " + type + " (expected: " + CONTENT_TYPE + ")");
        return response.body();
    }

    /** The first line of an error body (the servlet's and proxy's are one line of text), at most 200 characters. */
    private static String firstLine(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, 200), StandardCharsets.UTF_8).strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl).strip();
    }
}
