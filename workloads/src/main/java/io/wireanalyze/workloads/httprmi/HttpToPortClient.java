package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.jrmp.JrmpClient;

/**
 * The http-to-port client: the JRMP client ({@link JrmpClient}, same command line, same records) with
 * {@link HttpToPortSocketFactory#client} installed first, so its registry lookup, DGC calls and application calls
 * travel as POSTs to the RMI server's own ports, one TCP connection each, as a JDK 8 client's did through
 * {@code RMIHttpToPortSocketFactory}.
 */
public final class HttpToPortClient {
    private static final String KIND = "http-to-port client";

    private HttpToPortClient() {
    }

    public static void main(String[] args) {
        HttpToPortSocketFactory.installOrExit(KIND, HttpToPortSocketFactory.client(HttpRmiClient.POST_TIMEOUT));
        System.exit(JrmpClient.run(KIND, args, System.out, System.err));
    }
}
