package io.wireanalyze.workloads;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Optional;

/**
 * Checks, before an ORB starts, that it will be able to listen on a port of the servers' address ({@link Loopback#host()}, 127.0.0.1 by default). ORBs report a port in
 * use as a stack trace deep inside their start-up; this gives the servers a one-line error instead. (The
 * port could be taken between the check and the ORB's bind; the ORB's own failure then still stops the
 * server.)
 */
public final class LoopbackPort {

    private LoopbackPort() {
    }

    /** Empty when the port is free, else {@code bind failed: Address already in use (expected: a free port)}. */
    public static Optional<String> problem(int port) {
        try {
            new ServerSocket(port, 1, InetAddress.getByName(Loopback.host())).close();
            return Optional.empty();
        } catch (BindException e) {
            return Optional.of("bind failed: " + e.getMessage() + " (expected: a free port)");
        } catch (IOException e) {
            return Optional.of(e.toString() + " (expected: a free port)");
        }
    }
}
