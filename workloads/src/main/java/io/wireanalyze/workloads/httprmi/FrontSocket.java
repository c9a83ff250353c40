package io.wireanalyze.workloads.httprmi;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.SocketImpl;
import java.nio.charset.StandardCharsets;

/**
 * A connection accepted on an RMI server's port by {@link PortFrontServerSocket}, as the RMI runtime sees it. Its first
 * four bytes decide, when the runtime first asks for a stream (on the runtime's connection thread, within its read
 * time-out, so the accept loop never waits for a client): "POST" makes it what JDK 8's {@code HttpReceiveSocket} was,
 * anything else leaves it the plain connection (those bytes are read again).
 * <ul>
 *   <li>In: the POST's head is read ({@link PostHead}) and the runtime reads the body only, Content-Length bytes: a
 *       JRMP SingleOp message, which today's runtime serves as it serves one from the tunnelling servlet.</li>
 *   <li>Out: when the runtime asks for the output stream, {@code HTTP/1.0 200 OK\r\n} is sent at once (JDK 8 did so,
 *       in a segment of its own); what the runtime writes is kept, and sent when it closes the connection, behind
 *       {@code Content-type: application/octet-stream\r\n} and {@code Content-length: N\r\n\r\n}. An empty reply (a
 *       DgcAck's) is sent as one 0 byte, as JDK 8's {@code HttpOutputStream} did "so that certain clients will not
 *       fail".</li>
 *   <li>A head that cannot be served is answered {@code HTTP/1.0 4xx} with one line of text, and the runtime gets an
 *       {@link IOException} (it closes the connection).</li>
 * </ul>
 */
final class FrontSocket extends Socket {
    static final String STATUS_LINE = "HTTP/1.0 200 OK\r\n";
    static final byte[] EMPTY_DATA = {0};

    private final Socket socket;
    private final Object lock = new Object();
    private InputStream in;
    private OutputStream out;
    private Boolean post;
    private ByteArrayOutputStream reply;
    private boolean closed;

    FrontSocket(Socket socket) throws SocketException {
        super((SocketImpl) null);   // nothing of its own: every method the runtime uses is handed to the accepted socket
        this.socket = socket;
    }

    /** True once the first bytes were a POST; false when they were not; null before the runtime read. */
    Boolean isPost() {
        synchronized (lock) {
            return post;
        }
    }

    @Override
    public InputStream getInputStream() throws IOException {
        synchronized (lock) {
            sniff();
            return in;
        }
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        synchronized (lock) {
            sniff();
            if (out != null) return out;
            if (!post) return out = socket.getOutputStream();
            socket.getOutputStream().write(STATUS_LINE.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            reply = new ByteArrayOutputStream();
            return out = new OutputStream() {
                @Override
                public void write(int b) {
                    reply.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    reply.write(b, off, len);
                }
            };
        }
    }

    /** Sends a POST's reply (status line, if the runtime never asked for the stream, and headers first), then closes. */
    @Override
    public void close() throws IOException {
        synchronized (lock) {
            if (closed) return;
            closed = true;
            try {
                if (Boolean.TRUE.equals(post)) {
                    if (out == null) {
                        socket.getOutputStream().write(STATUS_LINE.getBytes(StandardCharsets.US_ASCII));
                        reply = new ByteArrayOutputStream();
                    }
                    byte[] body = reply.size() == 0 ? EMPTY_DATA : reply.toByteArray();
                    String head = "Content-type: " + HttpTunnel.CONTENT_TYPE + "\r\nContent-length: " + body.length + "\r\n\r\n";
                    OutputStream o = socket.getOutputStream();
                    byte[] h = head.getBytes(StandardCharsets.US_ASCII);
                    byte[] all = new byte[h.length + body.length];
                    System.arraycopy(h, 0, all, 0, h.length);
                    System.arraycopy(body, 0, all, h.length, body.length);
                    o.write(all);
                    o.flush();
                }
            } finally {
                socket.close();
            }
        }
    }

    /** Reads the first four bytes once: a POST's head is read and refused or taken; other bytes are read again. */
    private void sniff() throws IOException {
        if (closed) throw new SocketException("closed");
        if (post != null) return;
        BufferedInputStream buffered = new BufferedInputStream(socket.getInputStream());
        buffered.mark(4);
        byte[] first = buffered.readNBytes(4);
        buffered.reset();
        post = PostHead.isPost(first);
        if (!post) {
            in = buffered;
            return;
        }
        PostHead head;
        try {
            head = PostHead.read(buffered);
        } catch (PostHead.Refused r) {
            post = false;   // no 200 on close: the refusal is the answer
            refuse(r.status(), r.getMessage());
            throw new IOException("HTTP-to-port: " + r.getMessage(), r);
        }
        in = new Body(buffered, head.contentLength());
    }

    private void refuse(int status, String reason) throws IOException {
        byte[] text = (reason + "\n").getBytes(StandardCharsets.UTF_8);
        String head = "HTTP/1.0 " + status + " " + (status == 400 ? "Bad Request" : status == 411 ? "Length Required" : "Request Header Fields Too Large")
                + "\r\nContent-type: text/plain; charset=utf-8\r\nContent-length: " + text.length + "\r\n\r\n";
        OutputStream o = socket.getOutputStream();
        o.write(head.getBytes(StandardCharsets.US_ASCII));
        o.write(text);
        o.flush();
        out = OutputStream.nullOutputStream();
    }

    /** The body: at most Content-Length bytes, then the end of the stream. */
    private static final class Body extends FilterInputStream {
        private long left;

        Body(InputStream in, long length) {
            super(in);
            this.left = length;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) return -1;
            int b = in.read();
            if (b >= 0) left--;
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            if (left <= 0) return -1;
            int n = in.read(b, off, (int) Math.min(len, left));
            if (n > 0) left -= n;
            return n;
        }

        @Override
        public int available() throws IOException {
            return (int) Math.min(left, in.available());
        }

        @Override
        public long skip(long n) throws IOException {
            long s = in.skip(Math.min(n, left));
            left -= s;
            return s;
        }

        @Override
        public boolean markSupported() {
            return false;
        }
    }

    @Override
    public boolean isClosed() {
        return socket.isClosed();
    }

    @Override
    public boolean isConnected() {
        return socket.isConnected();
    }

    @Override
    public boolean isBound() {
        return socket.isBound();
    }

    @Override
    public InetAddress getInetAddress() {
        return socket.getInetAddress();
    }

    @Override
    public InetAddress getLocalAddress() {
        return socket.getLocalAddress();
    }

    @Override
    public int getPort() {
        return socket.getPort();
    }

    @Override
    public int getLocalPort() {
        return socket.getLocalPort();
    }

    @Override
    public SocketAddress getRemoteSocketAddress() {
        return socket.getRemoteSocketAddress();
    }

    @Override
    public SocketAddress getLocalSocketAddress() {
        return socket.getLocalSocketAddress();
    }

    @Override
    public void setTcpNoDelay(boolean on) throws SocketException {
        socket.setTcpNoDelay(on);
    }

    @Override
    public boolean getTcpNoDelay() throws SocketException {
        return socket.getTcpNoDelay();
    }

    @Override
    public void setSoTimeout(int timeout) throws SocketException {
        socket.setSoTimeout(timeout);
    }

    @Override
    public int getSoTimeout() throws SocketException {
        return socket.getSoTimeout();
    }

    @Override
    public void setKeepAlive(boolean on) throws SocketException {
        socket.setKeepAlive(on);
    }

    @Override
    public boolean getKeepAlive() throws SocketException {
        return socket.getKeepAlive();
    }

    @Override
    public void shutdownInput() throws IOException {
        socket.shutdownInput();
    }

    @Override
    public void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    public String toString() {
        return "FrontSocket[" + socket + (Boolean.TRUE.equals(post) ? ", POST" : "") + "]";
    }
}
