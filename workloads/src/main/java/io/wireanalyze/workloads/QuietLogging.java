package io.wireanalyze.workloads;

import java.util.function.IntSupplier;

/**
 * The stacks log through slf4j-simple (JacORB, Jetty, Netty): at its default level, INFO, their start-up lines
 * would bury a server's one-line error in the stderr tail its workload reports.
 */
public final class QuietLogging {
    /** slf4j-simple's level property. */
    public static final String SLF4J_LEVEL = "org.slf4j.simpleLogger.defaultLogLevel";

    private QuietLogging() {
    }

    /** A stack JVM's whole main: {@link #apply}, then {@code run}, then exit with the code it returns. */
    public static void exit(IntSupplier run) {
        apply();
        System.exit(run.getAsInt());
    }

    /** Call first in a main: WARN unless the command line chose a level. */
    public static void apply() {
        if (System.getProperty(SLF4J_LEVEL) == null) System.setProperty(SLF4J_LEVEL, "warn");
    }
}
