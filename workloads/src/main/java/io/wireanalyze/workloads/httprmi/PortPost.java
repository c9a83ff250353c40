package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.HttpURLConnection;
import java.net.Proxy;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.rmi.ConnectIOException;
import java.time.Duration;

/**
 * HTTP-to-port, the client side as JDK 1.1 to 8 did it ({@code sun.rmi.transport.proxy.RMIHttpToPortSocketFactory}
 * and its {@code HttpSendSocket}): each JRMP message is the body of one POST to {@code http://HOST:PORT/}, the RMI
 * server's own port, sent with the JDK's {@link HttpURLConnection} (the very client JDK 8 used), with
 * {@code Content-type: application/octet-stream}; the body is buffered and sent with its Content-Length when the reply
 * is read. The server (JDK 8's {@code HttpAwareServerSocket}, here {@link PortFront}) answers HTTP/1.0 and closes,
 * so every message costs one TCP connection. A failure is the {@link java.rmi.RemoteException} an RMI user expects,
 * naming the request and the status.
 */
final class PortPost implements Poster {
    private final Duration timeout;

    /** @param timeout how long connecting, and then the reply, may each take */
    PortPost(Duration timeout) {
        this.timeout = timeout;
    }

    @Override
    public byte[] post(HostPort server, byte[] message) throws IOException {
        URI uri = URI.create("http://" + server + "/");
        String what = "POST " + uri;
        HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection(Proxy.NO_PROXY);
        int ms = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        c.setConnectTimeout(ms);
        c.setReadTimeout(ms);
        c.setDoOutput(true);
        c.setUseCaches(false);
        c.setRequestMethod("POST");
        c.setRequestProperty("Content-type", HttpTunnel.CONTENT_TYPE);
        try {
            try (OutputStream out = c.getOutputStream()) {
                out.write(SingleOp.wrap(message));
            }
            int status = c.getResponseCode();
            if (status != 200) {
                InputStream err = c.getErrorStream();
                String body = err == null ? "" : firstLine(err.readNBytes(200));
                throw new ConnectIOException(what + ": HTTP " + status + " " + body + " (expected: 200 with the RMI server's reply)");
            }
            String type = c.getContentType();
            if (!HttpTunnel.CONTENT_TYPE.equals(type))
                throw new ConnectIOException(what + ": Content-Type " + type + " (expected: " + HttpTunnel.CONTENT_TYPE + ")");
            try (InputStream in = c.getInputStream()) {
                return in.readAllBytes();
            }
        } catch (SocketTimeoutException e) {
            throw new ConnectIOException(what + ": no reply within " + ms + " ms (expected: the RMI server's reply)", e);
        } catch (ConnectException e) {
            throw new java.rmi.ConnectException(what + ": connection to " + server + " refused (expected: the RMI server listening)", e);
        } finally {
            c.disconnect();
        }
    }

    @Override
    public String describe() {
        return "POST to the RMI server's port";
    }

    private static String firstLine(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8).strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl).strip();
    }
}
