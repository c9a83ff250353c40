package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.jrmp.JrmpServer;
import io.wireanalyze.workloads.jrmp.RmiSockets;

import java.io.IOException;
import java.rmi.server.RMISocketFactory;

/**
 * The http-to-port server: {@link JrmpServer} (registry and object in one JVM, the same command line and output)
 * with {@link HttpToPortSocketFactory#server()} installed first, so the registry's and the object's ports answer a
 * POST as a JDK 8 RMI server's did, and plain JRMP too.
 */
public final class HttpToPortServer {
    private static final String KIND = "http-to-port server";

    private HttpToPortServer() {
    }

    public static void main(String[] args) {
        Loopback.defaultRmiHostname();
        try {
            RMISocketFactory.setSocketFactory(HttpToPortSocketFactory.server());
        } catch (IOException e) {
            System.err.println(KIND + ": socket factory: " + e.getMessage() + " (expected: none set before)");
            System.exit(1);
        }
        System.exit(JrmpServer.run(KIND, RmiSockets.PLAIN, args, System.in, System.out, System.err));
    }
}
