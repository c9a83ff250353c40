package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Loopback;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketImpl;
import java.util.Arrays;

/**
 * A "connection" the RMI runtime gets from {@link TunnelSocketFactory}: no TCP of its own. What the runtime writes
 * goes through {@link TunnelFraming}; each Call is POSTed when the runtime starts reading its reply, each DgcAck
 * as soon as it is written, and the reply bodies are what the runtime reads. The runtime uses one connection from
 * one thread at a time; the lock guards against its connection reaper closing it meanwhile.
 */
final class TunnelSocket extends Socket {
    private final Poster tunnel;
    private final HostPort server;
    private final TunnelFraming framing;
    private final Object lock = new Object();
    private final InputStream in = new In();
    private final OutputStream out = new Out();
    private byte[] reply = new byte[0];
    private int replyAt;
    private boolean closed;
    private int soTimeout;

    TunnelSocket(Poster tunnel, HostPort server) throws SocketException {
        super((SocketImpl) null);   // nothing is connected: every method the runtime uses is overridden below
        this.tunnel = tunnel;
        this.server = server;
        this.framing = new TunnelFraming(server.toString(), Loopback.ADDRESS, 0);
    }

    @Override
    public InputStream getInputStream() throws IOException {
        ensureOpen();
        return in;
    }

    @Override
    public OutputStream getOutputStream() throws IOException {
        ensureOpen();
        return out;
    }

    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
        }
    }

    @Override
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    @Override
    public boolean isConnected() {
        return true;
    }

    @Override
    public InetAddress getInetAddress() {
        try {
            return InetAddress.getByName(server.host());
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public int getPort() {
        return server.port();
    }

    /** Nagle's algorithm and keep-alives belong to the HTTP connections; the runtime's settings are kept only. */
    @Override
    public void setTcpNoDelay(boolean on) {
    }

    @Override
    public void setKeepAlive(boolean on) {
    }

    /** The runtime's handshake time-out; the HTTP time-out of {@link HttpTunnel} bounds every exchange instead. */
    @Override
    public void setSoTimeout(int timeout) {
        soTimeout = timeout;
    }

    @Override
    public int getSoTimeout() {
        return soTimeout;
    }

    @Override
    public String toString() {
        return "TunnelSocket[" + server + " via " + tunnel.describe() + "]";
    }

    private void ensureOpen() throws SocketException {
        if (closed) throw new SocketException("tunnel to " + server + ": socket closed");
    }

    /** The reply bytes left for the runtime, fetching a Call's reply first when none are. Holds the lock. */
    private int readable() throws IOException {
        ensureOpen();
        if (replyAt < reply.length) return reply.length - replyAt;
        if (!framing.callPending())
            throw new IOException("tunnel to " + server + ": the RMI runtime reads with nothing to answer (expected: a Call, Ping or handshake first)");
        reply = tunnel.post(server, framing.takeCall());
        replyAt = 0;
        if (reply.length == 0 || (reply[0] & 0xff) != SingleOp.RETURN_DATA)
            throw new IOException("tunnel to " + server + ": reply to a Call starts " + SingleOp.hexStart(reply, 8)
                    + " (expected: 51, ReturnData)");
        return reply.length;
    }

    private final class In extends InputStream {
        @Override
        public int read() throws IOException {
            synchronized (lock) {
                readable();
                return reply[replyAt++] & 0xff;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) return 0;
            synchronized (lock) {
                int n = Math.min(len, readable());
                System.arraycopy(reply, replyAt, b, off, n);
                replyAt += n;
                return n;
            }
        }

        /** Never sends anything: the runtime calls this after a DgcAck, which has no reply. */
        @Override
        public int available() {
            synchronized (lock) {
                return reply.length - replyAt;
            }
        }
    }

    private final class Out extends OutputStream {
        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            synchronized (lock) {
                ensureOpen();
                for (TunnelFraming.Step step : framing.write(b, off, len)) {
                    if (step instanceof TunnelFraming.Step.Answer answer) answer(answer.bytes());
                    else if (step instanceof TunnelFraming.Step.Send send) tunnel.post(server, send.message());
                }
            }
        }

        private void answer(byte[] bytes) {
            byte[] left = Arrays.copyOfRange(reply, replyAt, reply.length);
            reply = Arrays.copyOf(left, left.length + bytes.length);
            System.arraycopy(bytes, 0, reply, left.length, bytes.length);
            replyAt = 0;
        }
    }
}
