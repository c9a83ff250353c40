package io.wireanalyze.workloads.httprmi;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;

/**
 * The server socket of an RMI server that answers HTTP-to-port (JDK 8's {@code HttpAwareServerSocket}, which every
 * JDK 1.1 to 8 RMI server used by default): every accepted connection is a {@link FrontSocket}, which the RMI runtime
 * reads as plain JRMP unless its first bytes are "POST". Unlike JDK 8's, {@link #accept()} reads nothing: the first
 * bytes are looked at on the runtime's connection thread, so a client that connects and sends nothing holds up no
 * other client.
 */
final class PortFrontServerSocket extends ServerSocket {

    PortFrontServerSocket(int port) throws IOException {
        super(port);
    }

    @Override
    public Socket accept() throws IOException {
        Socket s = super.accept();
        try {
            return new FrontSocket(s);
        } catch (IOException | RuntimeException e) {
            s.close();
            throw e;
        }
    }

    @Override
    public String toString() {
        return "PortFront" + super.toString();
    }
}
