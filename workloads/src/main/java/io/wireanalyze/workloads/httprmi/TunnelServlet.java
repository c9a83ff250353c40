package io.wireanalyze.workloads.httprmi;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The tunnelling servlet at {@value TunnelRoute#CGI_PATH} (what the JDK's {@code java-rmi.cgi} and
 * {@code sun.rmi.transport.proxy.CGIHandler} did, Juric et al. section 2.3): each POST body, a JRMP SingleOp
 * message, is forwarded to 127.0.0.1:PORT of {@code ?forward=PORT} on a new connection, and the server's reply
 * is the response, {@code application/octet-stream} with its Content-Length. Refusals, each with one line of
 * text: 400 no or a bad {@code forward}, or a body that is no SingleOp message; 403 a port not allowed; 408 a
 * client that stops sending its body; 413 a body over the limit; 502 the RMI server down or failing; 504 the RMI
 * server not answering in time.
 */
final class TunnelServlet extends HttpServlet {
    private final transient Forwarding forwarding;
    private final int maxBodyBytes;

    TunnelServlet(TunnelLimits limits) {
        this.forwarding = new Forwarding(limits);
        this.maxBodyBytes = limits.maxBodyBytes();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Forwarding.Checked<byte[]> outcome = forwarding.port(request.getQueryString())
                .then(port -> forwarding.body(request.getContentLengthLong(), request::getInputStream)
                        .then(body -> forwarding.exchange(port, body)));
        if (outcome instanceof Forwarding.Checked.Ok<byte[]> ok) {
            response.setStatus(HttpServletResponse.SC_OK);
            response.setContentType(HttpTunnel.CONTENT_TYPE);
            response.setContentLengthLong(ok.value().length);
            response.getOutputStream().write(ok.value());
        } else {
            Forwarding.Checked.Refused<byte[]> refused = (Forwarding.Checked.Refused<byte[]>) outcome;
            discardBody(request);
            byte[] text = (refused.reason() + "\n").getBytes(StandardCharsets.UTF_8);
            response.setStatus(refused.status());
            response.setContentType("text/plain;charset=utf-8");
            response.setContentLengthLong(text.length);
            response.getOutputStream().write(text);
        }
    }

    /**
     * Reads what is left of a refused request's body, within the limit: a body left unread makes the server close the
     * connection after the answer, racing a client that sends its next request on it (the JDK's HttpClient then reads
     * no response at all).
     */
    private void discardBody(HttpServletRequest request) {
        if (request.getContentLengthLong() > maxBodyBytes) return;   // too large to read: the connection closes
        try {
            request.getInputStream().readNBytes(maxBodyBytes + 1);
        } catch (IOException e) {
            // The answer is sent all the same; the connection closes.
        }
    }
}
