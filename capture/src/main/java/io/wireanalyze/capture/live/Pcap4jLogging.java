package io.wireanalyze.capture.live;

/**
 * Keeps pcap4j's INFO chatter ("Starting dump loop.", "Closed.") out of the tool's output. pcap4j logs
 * through slf4j; the CLI binds slf4j-simple, whose per-logger level is read from this system property
 * when pcap4j's loggers are created. A level the user sets with {@code -D} wins.
 */
final class Pcap4jLogging {

    static final String SIMPLE_LOGGER_PCAP4J_LEVEL = "org.slf4j.simpleLogger.log.org.pcap4j";
    static final String QUIET_LEVEL = "warn";

    private Pcap4jLogging() {}

    /** Call before the first pcap4j class is loaded. */
    static void quietUnlessConfigured() {
        if (System.getProperty(SIMPLE_LOGGER_PCAP4J_LEVEL) == null) {
            System.setProperty(SIMPLE_LOGGER_PCAP4J_LEVEL, QUIET_LEVEL);
        }
    }
}
