package io.wireanalyze.workloads;

/**
 * The address every workload JVM uses: 127.0.0.1 by default, or the addresses of an emulated network
 * ({@link Placement}), which the runner hands every child JVM as {@value #HOST_PROPERTY} (the servers' address)
 * and {@value #CLIENT_HOST_PROPERTY} (the clients'). RMI stubs carry the host named by
 * {@code java.rmi.server.hostname}; without it the JDK picks the machine's primary address and the calls leave
 * the intended network.
 */
public final class Loopback {
    public static final String ADDRESS = "127.0.0.1";
    public static final String RMI_HOSTNAME_PROPERTY = "java.rmi.server.hostname";
    /** The servers' address, set on every child JVM by {@link JvmProcess}. */
    public static final String HOST_PROPERTY = "wireanalyze.host";
    /** The clients' address, set on every child JVM by {@link JvmProcess}. */
    public static final String CLIENT_HOST_PROPERTY = "wireanalyze.client-host";

    private Loopback() {
    }

    /**
     * The address this JVM's servers listen on and advertise, and where its clients find them: {@value #HOST_PROPERTY}
     * as the runner set it, else 127.0.0.1.
     */
    public static String host() {
        return System.getProperty(HOST_PROPERTY, ADDRESS);
    }

    /** The address the clients connect from: {@value #CLIENT_HOST_PROPERTY} as the runner set it, else 127.0.0.1. */
    public static String clientHost() {
        return System.getProperty(CLIENT_HOST_PROPERTY, ADDRESS);
    }

    /**
     * Sets {@code java.rmi.server.hostname} to {@link #host()} unless the command line set it. Call first in a
     * main, before any RMI class reads it.
     */
    public static void defaultRmiHostname() {
        if (System.getProperty(RMI_HOSTNAME_PROPERTY) == null) System.setProperty(RMI_HOSTNAME_PROPERTY, host());
    }
}
