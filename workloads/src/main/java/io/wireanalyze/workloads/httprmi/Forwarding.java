package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.concurrent.TimeoutException;

/**
 * The tunnelling servlet's decisions, apart from the servlet API: which port a query names, whether a body is a
 * SingleOp message, and the exchange with the RMI server on a new connection. Each refusal is an HTTP status
 * with one line saying what, actual and expected.
 */
final class Forwarding {

    /** A step's result: its value, or the HTTP status and one-line reason the servlet refuses with. */
    sealed interface Checked<T> {
        record Ok<T>(T value) implements Checked<T> {}

        record Refused<T>(int status, String reason) implements Checked<T> {}

        /** The next step on this one's value; a refusal stays one. */
        default <R> Checked<R> then(java.util.function.Function<T, Checked<R>> next) {
            if (this instanceof Ok<T> ok) return next.apply(ok.value());
            Refused<T> r = (Refused<T>) this;
            return new Refused<>(r.status(), r.reason());
        }
    }

    static final int BAD_REQUEST = 400, FORBIDDEN = 403, REQUEST_TIMEOUT = 408, CONTENT_TOO_LARGE = 413, BAD_GATEWAY = 502,
            GATEWAY_TIMEOUT = 504;
    static final String FORWARD = "forward";

    private final TunnelLimits limits;

    Forwarding(TunnelLimits limits) {
        this.limits = limits;
    }

    /**
     * The port of {@code forward=PORT} in a raw query string (parsed here: {@code getParameter} would read the
     * body as a form), if it is one of the allowed ports.
     */
    Checked<Integer> port(String query) {
        if (query == null) return new Checked.Refused<>(BAD_REQUEST, "query: none (expected: ?forward=PORT)");
        String value = null;
        for (String pair : query.split("&")) {
            if (!pair.startsWith(FORWARD + "=")) continue;
            if (value != null) return new Checked.Refused<>(BAD_REQUEST, "query '" + query + "': forward given twice (expected: once)");
            value = pair.substring(FORWARD.length() + 1);
        }
        if (value == null) return new Checked.Refused<>(BAD_REQUEST, "query '" + query + "': no forward=PORT (expected: ?forward=PORT)");
        if (value.isEmpty() || value.length() > 5 || !value.chars().allMatch(c -> c >= '0' && c <= '9'))
            return new Checked.Refused<>(BAD_REQUEST, "forward='" + value + "' (expected: a port 1..65535)");
        int port = Integer.parseInt(value);
        if (!limits.allowedPorts().contains(port))
            return new Checked.Refused<>(FORBIDDEN, "forward=" + port + ": not a port of this RMI server (expected: one of " + limits.allowedText() + ")");
        return new Checked.Ok<>(port);
    }

    /** Where a request body is read from (the servlet's {@code getInputStream}). */
    @FunctionalInterface
    interface Body {
        InputStream open() throws IOException;
    }

    /** The body, if its declared and actual length are within the limit and it is a SingleOp message. */
    Checked<byte[]> body(long contentLength, Body in) {
        int max = limits.maxBodyBytes();
        if (contentLength > max)
            return new Checked.Refused<>(CONTENT_TOO_LARGE, "body: Content-Length " + contentLength + " (expected: <= " + max + " bytes)");
        byte[] body;
        try {
            body = in.open().readNBytes(max + 1);
        } catch (IOException e) {
            if (timedOut(e))
                return new Checked.Refused<>(REQUEST_TIMEOUT, "body: nothing received for " + limits.idleTimeout().toMillis()
                        + " ms (expected: the whole body, Content-Length " + contentLength + ")");
            return new Checked.Refused<>(BAD_REQUEST, "body: " + e + " (expected: the whole body)");
        }
        if (body.length > max)
            return new Checked.Refused<>(CONTENT_TOO_LARGE, "body: more than " + max + " bytes (expected: <= " + max + " bytes)");
        if (body.length <= SingleOp.HEADER_BYTES || !SingleOp.startsWithHeader(body))
            return new Checked.Refused<>(BAD_REQUEST, "body: " + body.length + " bytes starting " + SingleOp.hexStart(body, 8)
                    + " (expected: 4a524d4900024c, a JRMP SingleOpProtocol header, and a message)");
        return new Checked.Ok<>(body);
    }

    /** Sends {@code body} to 127.0.0.1:{@code port} on a new connection and reads the reply until the server closes. */
    Checked<byte[]> exchange(int port, byte[] body) {
        HostPort to = HostPort.loopback(port);
        int timeout = (int) Math.min(Integer.MAX_VALUE, limits.backendTimeout().toMillis());
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(to.host(), port), timeout);
            s.setSoTimeout(timeout);
            s.getOutputStream().write(body);
            s.getOutputStream().flush();
            byte[] reply = s.getInputStream().readNBytes(limits.maxBodyBytes() + 1);
            if (reply.length > limits.maxBodyBytes())
                return new Checked.Refused<>(BAD_GATEWAY, to + ": reply of more than " + limits.maxBodyBytes() + " bytes (expected: <= "
                        + limits.maxBodyBytes() + ")");
            return new Checked.Ok<>(reply);
        } catch (SocketTimeoutException e) {
            return new Checked.Refused<>(GATEWAY_TIMEOUT, to + ": no reply and close within " + timeout + " ms (expected: the RMI server's reply)");
        } catch (ConnectException e) {
            return new Checked.Refused<>(BAD_GATEWAY, to + ": " + e.getMessage() + " (expected: the RMI server listening)");
        } catch (IOException e) {
            return new Checked.Refused<>(BAD_GATEWAY, to + ": " + e + " (expected: the RMI server's reply)");
        }
    }

    private static boolean timedOut(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause())
            if (t instanceof TimeoutException || t instanceof SocketTimeoutException) return true;
        return false;
    }
}
