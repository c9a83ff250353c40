package io.wireanalyze.workloads;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * JDK Flight Recorder for a workload's child JVMs ({@code --profile}): each JVM started with
 * {@link LaunchSettings#recordings()} set records CPU samples ({@code jdk.ExecutionSample} every millisecond) and every
 * blocking socket read and write with its duration ({@code jdk.SocketRead}, {@code jdk.SocketWrite}, threshold 0, no
 * stack trace: the time a thread waited on its socket, which the execution sampler does not see), and every park and
 * monitor wait with its stack ({@code jdk.ThreadPark}, {@code jdk.JavaMonitorWait}, threshold 0: a client such as CXF's
 * waits for its reply on a future, not in a socket read), and the embedded Jetty's selector waits and requests
 * ({@code io.wireanalyze.SelectorWait}, {@code io.wireanalyze.RequestHandled}: JDK 17 has no event for a selector's
 * {@code select()}, see {@link io.wireanalyze.workloads.web.SelectorWait}) from its start and writes {@code <side>-<role>-<n>.jfr} into that folder when it exits, e.g.
 * {@code server-jrmp-server-1.jfr}, {@code client-jrmp-client-2.jfr}. Which samples fall in the measured calls is the
 * reader's business: the client's call records give the window.
 */
public final class FlightRecording {
    /**
     * The settings file written into the folder: execution samples every 1 ms (JFR's profile setting takes 10 ms), and
     * every socket read and write however short (JFR's default keeps those over 20 ms), without stack traces, and every
     * park and monitor wait with its stack trace (the reader keeps those of the thread that made the calls), and every
     * select() of Jetty's server selector and every request Jetty handled (the reader counts the selector's wait while
     * no request is being handled).
     */
    public static final String SETTINGS_FILE = "wireanalyze.jfc";
    static final String SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="wireanalyze" description="CPU samples of a workload JVM (wireanalyze --profile)">
              <event name="jdk.ExecutionSample">
                <setting name="enabled">true</setting>
                <setting name="period">1 ms</setting>
              </event>
            """ + everyOne("jdk.SocketRead", false) + everyOne("jdk.ThreadPark", true) + everyOne("jdk.JavaMonitorWait", true)
            + everyOne("jdk.SocketWrite", false) + everyOne("io.wireanalyze.SelectorWait", false)
            + everyOne("io.wireanalyze.RequestHandled", false) + "</configuration>\n";

    /** The settings of an event recorded whenever it happens, however short (threshold 0), with its stack or without. */
    private static String everyOne(String event, boolean stackTrace) {
        return """
                  <event name="%s">
                    <setting name="enabled">true</setting>
                    <setting name="stackTrace">%s</setting>
                    <setting name="threshold">0 ms</setting>
                  </event>
                """.formatted(event, stackTrace);
    }
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private FlightRecording() {
    }

    /** The options that make a JVM of {@code role} on {@code side} record itself into {@code dir}, the settings file written first. */
    static List<String> jvmOptions(Path dir, JvmSide side, String role) {
        // Written once per folder, and again where an older run left other settings (before socket waits were recorded).
        Path settings = writeIfChanged(dir, SETTINGS_FILE, SETTINGS);
        String name = side.name().toLowerCase(Locale.ROOT) + "-" + role.replaceAll("[^A-Za-z0-9]+", "-") + "-" + SEQUENCE.incrementAndGet() + ".jfr";
        return List.of("-Xlog:jfr+startup=error", "-XX:StartFlightRecording=settings=" + settings.toAbsolutePath() + ",filename="
                + dir.resolve(name).toAbsolutePath() + ",dumponexit=true",
                "-Djdk.net.hosts.file=" + writeIfChanged(dir, HOSTS_FILE, hosts()).toAbsolutePath());
    }

    /** The hosts file a recorded JVM resolves names with, in its recordings' folder. */
    public static final String HOSTS_FILE = "hosts";

    /**
     * JDK 17 fills a {@code jdk.SocketRead} or {@code jdk.SocketWrite} event's host with the remote address's
     * {@code getHostName()}: a reverse DNS look-up for every socket read and write of a connection to an address that
     * {@code /etc/hosts} does not name, as an emulated network's are. An unrecorded JVM makes none. Measured: a
     * recorded http-to-port client on lan100 sent a PTR query for the server's address with each call (254 for 250
     * calls), and when one went unanswered the resolver waited its 5 s before trying again, in the middle of a call (4
     * calls of 200 took 5.0 s, and the mean 102 ms instead of 2.4 ms). So a recorded JVM resolves names from a file of
     * its own ({@code jdk.net.hosts.file}): this machine's {@code /etc/hosts} and its own name, and nothing else; an
     * address it does not name is its own text at once. The workloads name their servers by address.
     */
    static String hosts() {
        StringBuilder b = new StringBuilder("# what a recorded workload JVM resolves (jdk.net.hosts.file): see FlightRecording\n");
        try {
            b.append(Files.readString(Path.of("/etc/hosts"), StandardCharsets.UTF_8)).append('\n');
        } catch (IOException | RuntimeException e) {
            b.append("127.0.0.1 localhost\n");
        }
        try {
            java.net.InetAddress local = java.net.InetAddress.getLocalHost();
            b.append(local.getHostAddress()).append(' ').append(local.getHostName()).append('\n');
        } catch (IOException e) {
            // No name for this machine: its JVMs' getLocalHost() fails the same way without the file.
        }
        return b.toString();
    }

    /** {@code dir}'s file {@code name} holding {@code text}, written unless it already does (the folder made first). */
    private static Path writeIfChanged(Path dir, String name, String text) {
        Path file = dir.resolve(name);
        try {
            Files.createDirectories(dir);
            if (!Files.exists(file) || !Files.readString(file, StandardCharsets.UTF_8).equals(text))
                Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("flight recording folder " + dir + ": " + e.getMessage(), e);
        }
        return file;
    }

    /** The side a recording's file name gives ({@code server-...jfr}, {@code client-...jfr}). */
    public static JvmSide side(Path jfr) {
        return jfr.getFileName().toString().startsWith("server-") ? JvmSide.SERVER : JvmSide.CLIENT;
    }
}
