package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.jrmp.JrmpServer;
import io.wireanalyze.workloads.jrmp.RmiSockets;

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
        HttpToPortSocketFactory.installOrExit(KIND, HttpToPortSocketFactory.server());
        System.exit(JrmpServer.run(KIND, RmiSockets.PLAIN, args, System.in, System.out, System.err));
    }
}
