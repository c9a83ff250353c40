package io.wireanalyze.workloads;

/**
 * Every workload talks over loopback only. RMI stubs carry the host named by
 * {@code java.rmi.server.hostname}; without it the JDK picks the machine's primary address and the
 * calls leave loopback.
 */
public final class Loopback {
    public static final String ADDRESS = "127.0.0.1";
    public static final String RMI_HOSTNAME_PROPERTY = "java.rmi.server.hostname";

    private Loopback() {
    }

    /**
     * Sets {@code java.rmi.server.hostname=127.0.0.1} unless the command line set it. Call first in a
     * main, before any RMI class reads it.
     */
    public static void defaultRmiHostname() {
        if (System.getProperty(RMI_HOSTNAME_PROPERTY) == null) System.setProperty(RMI_HOSTNAME_PROPERTY, ADDRESS);
    }
}
