package io.wireanalyze.profile;

import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.FlightRecording;
import io.wireanalyze.workloads.JvmSide;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Where the workload JVMs' CPU went during the measured calls ({@code --profile}): the {@code jdk.ExecutionSample}
 * events of the client and server JVMs' flight recordings ({@link FlightRecording}) whose time falls between the start
 * of the first measured call and the end of the last, counted by the package of their top frame, grouped as
 * Juric et al.'s Table 2 groups them ({@link Group}). Samples are CPU only: a thread blocked in a socket read is not
 * sampled (JFR samples threads running Java code), so "java.net sockets" is the time spent in the JDK's socket code.
 * The wait is counted apart, from the same recordings' {@code jdk.SocketRead} and {@code jdk.SocketWrite} events (every
 * blocking read and write with its duration, clipped to the window: {@link SocketWaits}), and {@link #timeTable()} and
 * {@link #percentOf} put both on one scale, a sample standing for the 1 ms of CPU between two samples.
 *
 * @param counts  samples in the window by side and group
 * @param other   the samples of {@link Group#OTHER} in the window by package (both sides), to say what "other" is
 * @param outside samples of the same recordings outside the window (start-up, look-up, warm-up, shut-down)
 * @param files   the recordings read
 * @param frames  samples by top frame, {@code class.method} (both sides), for the seeds' tables by package and method
 * @param waits   the time each side's threads waited in socket reads and writes within the window
 * @param windowNanos the window's length, first measured call's start to last one's end (summed over runs by {@link #plus})
 */
public record CpuProfile(Map<JvmSide, Map<Group, Long>> counts, Map<String, Long> other, long outside, List<Path> files,
                         Map<String, Long> frames, Map<JvmSide, SocketWaits> waits, long windowNanos) {

    /** The milliseconds of thread time one execution sample stands for (the sampler's period, {@link FlightRecording}). */
    public static final double MS_PER_SAMPLE = 1.0;
    /** The fewest socket reads and writes in the window that put a thread on the calls' path (fewer if fewer calls were measured). */
    public static final int CALL_PATH_OPERATIONS = 3;
    /** The pseudo-frames a seed's row names to add the socket waits to its share ({@link #percentOf}). */
    public static final String SOCKET_READ_WAIT = "jdk.SocketRead", SOCKET_WRITE_WAIT = "jdk.SocketWrite";
    /**
     * The pseudo-frame a seed's row names to add the calling thread's parks and monitor waits ({@code jdk.ThreadPark},
     * {@code jdk.JavaMonitorWait} of a thread whose stack holds the workload's own code): CXF's client waits for its
     * reply on a future where RMI's waits in a socket read.
     */
    public static final String CALLER_PARKED = "jdk.ThreadPark";
    /**
     * The pseudo-frame a seed's row names to add the server selector's wait while no request is being handled (the
     * workloads' embedded Jetty records each select() as this custom event, which JDK 17's JFR has none for).
     */
    public static final String SELECTOR_WAIT = io.wireanalyze.workloads.web.SelectorWait.NAME;
    /** The custom event of a request Jetty handled (while one is, the selector's wait on another thread is not counted). */
    static final String REQUEST_HANDLED = io.wireanalyze.workloads.web.RequestHandled.NAME;
    /** The package of the workloads' own code, whose frame on a park's stack marks the thread that made the calls. */
    static final String WORKLOAD_CODE = "io.wireanalyze.workloads.";

    /**
     * The time one side's threads spent in blocking socket reads and writes within the window ({@code jdk.SocketRead},
     * {@code jdk.SocketWrite}: a read lasts until the peer's bytes arrive, so this is mostly waiting for the other JVM),
     * of the threads on the calls' path: a thread with fewer than {@link #CALL_PATH_OPERATIONS} reads and writes in the
     * window (an idle connection's handler blocked in one read through the calls, e.g. the registry look-up's) is left
     * out, its time in {@code idleNanos}. Each wall-clock nanosecond counts once per JVM ({@link JvmWaits}): where a JVM's
     * waits overlap (a worker thread's write inside the calling thread's park), the overlap goes to the reads, then the
     * writes, then the parks, then the selector, so the rows add up to the union of the JVM's waits.
     */
    public record SocketWaits(long readNanos, long writeNanos, long reads, long writes, long idleNanos, long parkNanos, long parks,
                              long selectNanos, long selects) {
        public static final SocketWaits NONE = new SocketWaits(0, 0, 0, 0, 0, 0, 0, 0, 0);

        /** Socket waits only (no parks of the calling thread). */
        public SocketWaits(long readNanos, long writeNanos, long reads, long writes, long idleNanos) {
            this(readNanos, writeNanos, reads, writes, idleNanos, 0, 0);
        }

        /** Socket waits and parks (no selector). */
        public SocketWaits(long readNanos, long writeNanos, long reads, long writes, long idleNanos, long parkNanos, long parks) {
            this(readNanos, writeNanos, reads, writes, idleNanos, parkNanos, parks, 0, 0);
        }

        public SocketWaits plus(SocketWaits o) {
            return new SocketWaits(readNanos + o.readNanos, writeNanos + o.writeNanos, reads + o.reads, writes + o.writes, idleNanos + o.idleNanos,
                    parkNanos + o.parkNanos, parks + o.parks, selectNanos + o.selectNanos, selects + o.selects);
        }

        /**
         * The time Jetty's server selector waited in select() while no request was being handled (the custom event
         * {@link #SELECTOR_WAIT} less {@code io.wireanalyze.RequestHandled}), ms.
         */
        public double selectMs() {
            return selectNanos / 1e6;
        }

        /** The time the thread that made the calls was parked or in a monitor wait (a future's or a pipe's), ms. */
        public double parkMs() {
            return parkNanos / 1e6;
        }

        /** Waiting for the peer: socket reads and writes, the calling thread's parks and the idle selector, ms. */
        public double peerMs() {
            return ms() + parkMs() + selectMs();
        }

        public double idleMs() {
            return idleNanos / 1e6;
        }

        public double readMs() {
            return readNanos / 1e6;
        }

        public double writeMs() {
            return writeNanos / 1e6;
        }

        public double ms() {
            return readMs() + writeMs();
        }
    }

    /** Samples only (recordings without socket events). */
    public CpuProfile(Map<JvmSide, Map<Group, Long>> counts, Map<String, Long> other, long outside, List<Path> files, Map<String, Long> frames) {
        this(counts, other, outside, files, frames, Map.of(), 0);
    }

    /** The package groups, in the order of the table. */
    public enum Group {
        SOCKETS("java.net sockets"),
        RMI("sun.rmi.transport (RMI runtime)"),
        SERIALIZATION("object serialization (java.io.Object*)"),
        XML("XML parsing and writing"),
        CRYPTO("crypto (javax.crypto, sun.security)"),
        STACK("the stack's own packages"),
        OTHER("other");

        private final String label;

        Group(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The group of a top frame's class, by its package. */
        public static Group of(String className) {
            if (starts(className, "java.net.", "sun.nio.ch.", "sun.net.", "jdk.internal.net.", "java.nio.channels.")) return SOCKETS;
            if (starts(className, "sun.rmi.", "java.rmi.", "javax.rmi.")) return RMI;
            if (starts(className, "java.io.Object", "java.io.Serial", "java.io.Externalizable")) return SERIALIZATION;
            if (starts(className, "java.security.Access", "java.security.ProtectionDomain", "java.security.SecureClassLoader")) return OTHER;
            if (starts(className, "javax.crypto.", "sun.security.", "com.sun.crypto.", "java.security.", "javax.net.ssl.", "javax.security.",
                    "org.apache.xml.security.", "org.apache.wss4j.", "org.bouncycastle.", "org.cryptacular.")) return CRYPTO;
            if (starts(className, "javax.xml.", "jakarta.xml.", "org.w3c.", "org.xml.", "com.sun.org.apache.xerces.", "com.sun.org.apache.xml.",
                    "com.sun.org.apache.xalan.", "com.sun.xml.", "com.ctc.wstx.", "org.codehaus.stax2.", "org.apache.xerces.", "org.glassfish.jaxb.",
                    "com.sun.istack.", "org.apache.cxf.staxutils.", "org.apache.cxf.jaxb.", "org.apache.cxf.databinding.", "org.apache.ws.commons.schema.",
                    "com.caucho.burlap.", "org.apache.xmlrpc.parser.", "org.apache.xmlrpc.serializer.", "org.apache.xml.serializer."))
                return XML;
            if (starts(className, "io.wireanalyze.", "org.apache.cxf.", "org.eclipse.jetty.", "com.caucho.", "org.springframework.",
                    "org.apache.xmlrpc.", "org.jacorb.", "com.sun.corba.", "org.glassfish.", "org.omg.", "io.netty.", "com.sun.xml.ws.", "org.apache.neethi."))
                return STACK;
            return OTHER;
        }

        private static boolean starts(String name, String... prefixes) {
            for (String p : prefixes) if (name.startsWith(p)) return true;
            return false;
        }
    }

    public CpuProfile {
        Map<JvmSide, Map<Group, Long>> copy = new EnumMap<>(JvmSide.class);
        for (JvmSide s : JvmSide.values()) {
            Map<Group, Long> m = new EnumMap<>(Group.class);
            for (Group g : Group.values()) m.put(g, counts.getOrDefault(s, Map.of()).getOrDefault(g, 0L));
            copy.put(s, m);
        }
        counts = copy;
        other = Map.copyOf(other);
        files = List.copyOf(files);
        frames = Map.copyOf(frames);
        Map<JvmSide, SocketWaits> w = new EnumMap<>(JvmSide.class);
        for (JvmSide s : JvmSide.values()) w.put(s, waits.getOrDefault(s, SocketWaits.NONE));
        waits = w;
    }

    /** Nothing recorded. */
    public static CpuProfile empty() {
        return new CpuProfile(Map.of(), Map.of(), 0, List.of(), Map.of());
    }

    /**
     * Reads every {@code .jfr} in {@code dir} and counts the samples within the measured calls of {@code calls}.
     *
     * @throws IOException naming the file a recording could not be read from
     */
    public static CpuProfile read(Path dir, List<CallRecord> calls) throws IOException {
        List<CallRecord> measured = calls.stream().filter(c -> c.kind() == CallKind.MEASURED).toList();
        if (measured.isEmpty()) throw new IOException("flight recordings in " + dir + ": no measured call to give the window (expected: one or more)");
        long fromMicros = measured.stream().mapToLong(CallRecord::startEpochMicros).min().orElseThrow();
        long toMicros = measured.stream().mapToLong(c -> c.startEpochMicros() + c.elapsedNanos() / 1000).max().orElseThrow();
        Instant from = Instant.EPOCH.plusNanos(fromMicros * 1000), to = Instant.EPOCH.plusNanos(toMicros * 1000);
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(p -> p.getFileName().toString().endsWith(".jfr")).sorted().toList();
        }
        if (files.isEmpty()) throw new IOException("flight recordings in " + dir + ": none (expected: a .jfr file of each workload JVM)");
        Map<JvmSide, Map<Group, Long>> counts = new EnumMap<>(JvmSide.class);
        Map<String, Long> other = new java.util.HashMap<>();
        Map<String, Long> frames = new java.util.HashMap<>();
        Map<JvmSide, SocketWaits> waits = new EnumMap<>(JvmSide.class);
        long outside = 0;
        int callPath = Math.min(CALL_PATH_OPERATIONS, measured.size());
        for (Path f : files) {
            Map<Group, Long> side = counts.computeIfAbsent(FlightRecording.side(f), k -> new EnumMap<>(Group.class));
            JvmWaits jvm = new JvmWaits();
            try (RecordingFile r = new RecordingFile(f)) {
                while (r.hasMoreEvents()) {
                    RecordedEvent e = r.readEvent();
                    String name = e.getEventType().getName();
                    boolean socket = name.equals(SOCKET_READ_WAIT) || name.equals(SOCKET_WRITE_WAIT);
                    boolean park = name.equals("jdk.ThreadPark") || name.equals("jdk.JavaMonitorWait");
                    if (socket || park || name.equals(SELECTOR_WAIT) || name.equals(REQUEST_HANDLED)) {
                        // The part inside the window, as nanoseconds from its start.
                        Instant start = e.getStartTime().isBefore(from) ? from : e.getStartTime();
                        Instant end = e.getEndTime().isAfter(to) ? to : e.getEndTime();
                        if (!end.isAfter(start)) continue;
                        long s = java.time.Duration.between(from, start).toNanos(), t = java.time.Duration.between(from, end).toNanos();
                        long thread = e.getThread() == null ? -1 : e.getThread().getJavaThreadId();
                        if (socket) jvm.socket(thread, s, t, name.equals(SOCKET_READ_WAIT));
                        // Only the thread that made the calls (the workload's code on its stack): idle pools park too.
                        else if (park) { if (callersStack(e.getStackTrace())) jvm.park(thread, s, t); }
                        else if (name.equals(SELECTOR_WAIT)) jvm.select(s, t);
                        else jvm.request(s, t);
                        continue;
                    }
                    if (!name.equals("jdk.ExecutionSample")) continue;
                    RecordedStackTrace trace = e.getStackTrace();
                    if (trace == null || trace.getFrames().isEmpty()) continue;
                    Instant t = e.getStartTime();
                    if (t.isBefore(from) || t.isAfter(to)) {
                        outside++;
                        continue;
                    }
                    String type = trace.getFrames().get(0).getMethod().getType().getName();
                    frames.merge(type + "." + trace.getFrames().get(0).getMethod().getName(), 1L, Long::sum);
                    Group g = Group.of(type);
                    side.merge(g, 1L, Long::sum);
                    if (g == Group.OTHER) other.merge(packageOf(type), 1L, Long::sum);
                }
                waits.merge(FlightRecording.side(f), jvm.settle(callPath), SocketWaits::plus);
            } catch (IOException | RuntimeException e) {
                throw new IOException("flight recording " + f + ": " + e.getMessage() + " (expected: a .jfr file JFR wrote when the JVM exited)", e);
            }
        }
        return new CpuProfile(counts, other, outside, files, frames, waits, java.time.Duration.between(from, to).toNanos());
    }

    /**
     * Whether a park's stack holds the workload's own code (the client's call loop): the thread that made the calls.
     * The timed Jetty connector's frames ({@link #JETTY_TIMING}, on every Jetty selector and request thread) are not
     * the workload's calls.
     */
    static boolean callersStack(RecordedStackTrace trace) {
        if (trace == null) return false;
        for (var frame : trace.getFrames()) {
            String type = frame.getMethod().getType().getName();
            if (type.startsWith(WORKLOAD_CODE) && !type.startsWith(JETTY_TIMING)) return true;
        }
        return false;
    }

    /** The workloads' Jetty connector and handler that time the selector and the requests (not the calls' code). */
    static final String JETTY_TIMING = "io.wireanalyze.workloads.web.TimedConnector";

    /** A class's package, also for a hidden class such as {@code java.lang.invoke.LambdaForm$MH+0x00007f73340d1c00}. */
    public static String packageOf(String className) {
        String name = className.split("[$/+]", 2)[0];
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "(no package)" : name.substring(0, dot);
    }

    /** This profile and {@code o} summed (repetitions and plan points of one protocol). */
    public CpuProfile plus(CpuProfile o) {
        Map<JvmSide, Map<Group, Long>> sum = new EnumMap<>(JvmSide.class);
        for (JvmSide s : JvmSide.values()) {
            Map<Group, Long> m = new EnumMap<>(Group.class);
            for (Group g : Group.values()) m.put(g, count(s, g) + o.count(s, g));
            sum.put(s, m);
        }
        List<Path> all = new ArrayList<>(files);
        all.addAll(o.files);
        Map<String, Long> others = new java.util.HashMap<>(other);
        o.other.forEach((k, v) -> others.merge(k, v, Long::sum));
        Map<String, Long> top = new java.util.HashMap<>(frames);
        o.frames.forEach((k, v) -> top.merge(k, v, Long::sum));
        Map<JvmSide, SocketWaits> w = new EnumMap<>(JvmSide.class);
        for (JvmSide s : JvmSide.values()) w.put(s, waits.get(s).plus(o.waits.get(s)));
        return new CpuProfile(sum, others, outside + o.outside, all, top, w, windowNanos + o.windowNanos);
    }

    public long count(JvmSide side, Group g) {
        return counts.get(side).get(g);
    }

    /** Both sides' samples in group {@code g}. */
    public long count(Group g) {
        return count(JvmSide.CLIENT, g) + count(JvmSide.SERVER, g);
    }

    public long total(JvmSide side) {
        return counts.get(side).values().stream().mapToLong(Long::longValue).sum();
    }

    public long total() {
        return total(JvmSide.CLIENT) + total(JvmSide.SERVER);
    }

    /** Both sides' socket waits. */
    public SocketWaits allWaits() {
        return waits.get(JvmSide.CLIENT).plus(waits.get(JvmSide.SERVER));
    }

    /** One side's socket waits. */
    public SocketWaits waits(JvmSide side) {
        return waits.get(side);
    }

    /** Both sides' thread time on one scale, ms: the CPU samples (1 ms each), the socket waits and the calling thread's parks. */
    public double timeMs() {
        return total() * MS_PER_SAMPLE + allWaits().peerMs();
    }

    /** The share of both sides' time ({@link #timeMs()}) spent waiting for the peer (socket reads, writes, the calling thread parked), %. */
    public double waitingPercent() {
        double t = timeMs();
        return t == 0 ? Double.NaN : 100.0 * allWaits().peerMs() / t;
    }

    /** Group {@code g}'s share of both sides' samples, in percent; NaN without samples. */
    public double percent(Group g) {
        long t = total();
        return t == 0 ? Double.NaN : 100.0 * count(g) / t;
    }

    /**
     * The share of both sides' thread time ({@link #timeMs()}: CPU samples as 1 ms each, plus the socket waits), in
     * percent, of the samples whose top frame ({@code class.method}) starts with one of {@code prefixes} (e.g.
     * {@code sun.rmi.transport.}, {@code java.io.ObjectOutputStream.}), plus the socket reads' wait if {@code prefixes}
     * holds {@link #SOCKET_READ_WAIT} and the writes' if it holds {@link #SOCKET_WRITE_WAIT}; NaN without samples.
     * Without socket events (an older recording) it is the share of the samples.
     */
    public double percentOf(List<String> prefixes) {
        if (total() == 0) return Double.NaN;
        long n = frames.entrySet().stream().filter(e -> prefixes.stream().anyMatch(e.getKey()::startsWith)).mapToLong(Map.Entry::getValue).sum();
        double ms = n * MS_PER_SAMPLE;
        if (prefixes.contains(SOCKET_READ_WAIT)) ms += allWaits().readMs();
        if (prefixes.contains(SOCKET_WRITE_WAIT)) ms += allWaits().writeMs();
        if (prefixes.contains(CALLER_PARKED)) ms += allWaits().parkMs();
        if (prefixes.contains(SELECTOR_WAIT)) ms += allWaits().selectMs();
        return 100.0 * ms / timeMs();
    }

    /** The table printed beside the wire accounting: samples and shares by group, client, server and both. */
    public String table() {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.println("CPU samples during the measured calls (JDK Flight Recorder, jdk.ExecutionSample top frames every 1 ms; "
                + files.size() + " recording(s), " + outside + " sample(s) outside the calls left out)");
        out.printf(Locale.ROOT, "  %-40s %8s %7s %8s %7s %8s %7s%n", "package", "client", "%", "server", "%", "both", "%");
        for (Group g : Group.values())
            out.printf(Locale.ROOT, "  %-40s %8d %7s %8d %7s %8d %7s%n", g.label(), count(JvmSide.CLIENT, g), pct(count(JvmSide.CLIENT, g), total(JvmSide.CLIENT)),
                    count(JvmSide.SERVER, g), pct(count(JvmSide.SERVER, g), total(JvmSide.SERVER)), count(g), pct(count(g), total()));
        out.printf(Locale.ROOT, "  %-40s %8d %7s %8d %7s %8d %7s%n", "total", total(JvmSide.CLIENT), "", total(JvmSide.SERVER), "", total(), "");
        if (!other.isEmpty()) out.println("  other, its largest packages: " + otherPackages(5));
        out.print(waitTable());
        out.print(timeTable());
        out.flush();
        return s.toString();
    }

    /** Label of the time table's row of socket waits. */
    public static final String WAITING_ROW = "java.net sockets, waiting (reads, writes)";
    /** Label of the time table's row of the calling thread's parks and monitor waits. */
    public static final String PARKED_ROW = "the calling thread parked (future, wait)";
    /** Label of the time table's row of the server selector's wait while no request is being handled (Jetty). */
    public static final String SELECTOR_ROW = "the selector waiting, no request (Jetty)";
    /** Label of the time table's row that sums the waits (each ms once per JVM). */
    public static final String PEER_ROW = "waiting for the peer, the rows above";
    /** The group of the CSV's rows of the waits. */
    public static final String CSV_PEER_GROUP = "waiting for the peer";

    /** The socket waits by side, ms, with the window for scale. */
    public String waitTable() {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.printf(Locale.ROOT, "Waiting in sockets during the measured calls, ms of thread time (JDK Flight Recorder, jdk.SocketRead and jdk.SocketWrite: "
                + "every blocking read and write of the calls' threads, its part inside the %.1f ms window; not CPU)%n", windowNanos / 1e6);
        out.printf(Locale.ROOT, "  %-40s %10s %10s %10s%n", "socket", "client", "server", "both");
        SocketWaits c = waits(JvmSide.CLIENT), v = waits(JvmSide.SERVER), b = allWaits();
        out.printf(Locale.ROOT, "  %-40s %10.1f %10.1f %10.1f%n", "reads, ms (waiting for the peer)", c.readMs(), v.readMs(), b.readMs());
        out.printf(Locale.ROOT, "  %-40s %10.1f %10.1f %10.1f%n", "writes, ms", c.writeMs(), v.writeMs(), b.writeMs());
        out.printf(Locale.ROOT, "  %-40s %10d %10d %10d%n", "reads counted", c.reads(), v.reads(), b.reads());
        out.printf(Locale.ROOT, "  %-40s %10d %10d %10d%n", "writes counted", c.writes(), v.writes(), b.writes());
        out.printf(Locale.ROOT, "  %-40s %10.1f %10.1f %10.1f%n", "the calling thread parked, ms", c.parkMs(), v.parkMs(), b.parkMs());
        out.printf(Locale.ROOT, "  %-40s %10d %10d %10d%n", "parks and waits counted", c.parks(), v.parks(), b.parks());
        out.printf(Locale.ROOT, "  %-40s %10.1f %10.1f %10.1f%n", "the selector waiting, no request, ms", c.selectMs(), v.selectMs(), b.selectMs());
        out.printf(Locale.ROOT, "  %-40s %10d %10d %10d%n", "selects counted", c.selects(), v.selects(), b.selects());
        out.printf(Locale.ROOT, "  %-40s %10.1f %10.1f %10.1f%n", "left out: idle connections, ms", c.idleMs(), v.idleMs(), b.idleMs());
        out.println("  (left out: threads with fewer than " + CALL_PATH_OPERATIONS + " socket reads and writes, or parks, in the window, e.g. the look-up's "
                + "connection blocked in one read. Parks (jdk.ThreadPark, jdk.JavaMonitorWait) count only for a thread whose stack holds the "
                + "workload's code, the one that made the calls: CXF's client waits for its reply on a future. Jetty's server selector waiting "
                + "in epoll is neither a socket read nor a park and JDK 17's JFR has no event for it: the workloads' Jetty records each select() "
                + "(io.wireanalyze.SelectorWait) and each request until its response completed (io.wireanalyze.RequestHandled), and the selector "
                + "counts while no request is being handled. Each ms counts once per JVM: where its waits overlap (a worker thread's write inside "
                + "the calling thread's park), the overlap goes to reads, then writes, then parks, then the selector)");
        out.flush();
        return s.toString();
    }

    /**
     * Where the threads' time went on one scale, the shape of Juric et al.'s Table 2 (whose profilers measured time,
     * waits included): each group's CPU samples as 1 ms each (the sampler's period) and the socket waits as their own
     * row, ms and % of client, server and both.
     */
    public String timeTable() {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.println("Time by package during the measured calls, ms: the CPU samples above as 1 ms each, and the socket waits, the calling thread's parks "
                + "and the idle selector as their own rows (each ms once per JVM)");
        out.printf(Locale.ROOT, "  %-40s %8s %7s %8s %7s %8s %7s%n", "package", "client", "%", "server", "%", "both", "%");
        double tc = total(JvmSide.CLIENT) * MS_PER_SAMPLE + waits(JvmSide.CLIENT).peerMs(), ts = total(JvmSide.SERVER) * MS_PER_SAMPLE + waits(JvmSide.SERVER).peerMs();
        for (Group g : Group.values()) {
            double c = count(JvmSide.CLIENT, g) * MS_PER_SAMPLE, v = count(JvmSide.SERVER, g) * MS_PER_SAMPLE;
            out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", g == Group.SOCKETS ? g.label() + ", CPU" : g.label(), c, pct(c, tc), v, pct(v, ts),
                    c + v, pct(c + v, tc + ts));
            if (g == Group.SOCKETS) {
                double wc = waits(JvmSide.CLIENT).ms(), wv = waits(JvmSide.SERVER).ms();
                out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", WAITING_ROW, wc, pct(wc, tc), wv, pct(wv, ts), wc + wv, pct(wc + wv, tc + ts));
                double pc = waits(JvmSide.CLIENT).parkMs(), pv = waits(JvmSide.SERVER).parkMs();
                out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", PARKED_ROW, pc, pct(pc, tc), pv, pct(pv, ts), pc + pv, pct(pc + pv, tc + ts));
                double sc = waits(JvmSide.CLIENT).selectMs(), sv = waits(JvmSide.SERVER).selectMs();
                out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", SELECTOR_ROW, sc, pct(sc, tc), sv, pct(sv, ts), sc + sv, pct(sc + sv, tc + ts));
                double ec = waits(JvmSide.CLIENT).peerMs(), ev = waits(JvmSide.SERVER).peerMs();
                out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", PEER_ROW, ec, pct(ec, tc), ev, pct(ev, ts), ec + ev, pct(ec + ev, tc + ts));
            }
        }
        out.printf(Locale.ROOT, "  %-40s %8.1f %7s %8.1f %7s %8.1f %7s%n", "time, ms", tc, "", ts, "", tc + ts, "");
        out.flush();
        return s.toString();
    }

    /**
     * Juric et al.'s Table 2 on today's stacks: per protocol (a column each), the share of both JVMs' CPU samples during
     * the measured calls in each group, then the samples counted.
     */
    public static String byProtocol(Map<String, CpuProfile> profiles) {
        StringWriter s = new StringWriter();
        PrintWriter out = new PrintWriter(s);
        out.println("CPU samples during the measured calls by package, % of client and server samples (JDK Flight Recorder, --profile)");
        StringBuilder head = new StringBuilder(String.format(Locale.ROOT, "  %-40s", "package"));
        profiles.keySet().forEach(k -> head.append(String.format(Locale.ROOT, " %12s", k)));
        out.println(head);
        for (Group g : Group.values()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-40s", g.label()));
            profiles.values().forEach(p -> row.append(String.format(Locale.ROOT, " %12s", pct(p.count(g), p.total()))));
            out.println(row);
        }
        StringBuilder total = new StringBuilder(String.format(Locale.ROOT, "  %-40s", "samples"));
        profiles.values().forEach(p -> total.append(String.format(Locale.ROOT, " %12d", p.total())));
        out.println(total);
        profiles.forEach((k, p) -> {
            if (!p.other.isEmpty()) out.println("  " + k + ": other's largest packages: " + p.otherPackages(4));
        });
        out.println("Time by package during the measured calls, % of client and server time: CPU samples as 1 ms each, and the waits in "
                + "socket reads and writes (jdk.SocketRead, jdk.SocketWrite), the calling thread's parks (jdk.ThreadPark, jdk.JavaMonitorWait) and Jetty's selector "
                + "while no request is being handled (io.wireanalyze.SelectorWait) as their own rows, each ms once per JVM");
        out.println(head);
        for (Group g : Group.values()) {
            StringBuilder row = new StringBuilder(String.format(Locale.ROOT, "  %-40s", g == Group.SOCKETS ? g.label() + ", CPU" : g.label()));
            profiles.values().forEach(p -> row.append(String.format(Locale.ROOT, " %12s", pct(p.count(g) * MS_PER_SAMPLE, p.timeMs()))));
            out.println(row);
            if (g == Group.SOCKETS) {
                StringBuilder w = new StringBuilder(String.format(Locale.ROOT, "  %-40s", WAITING_ROW));
                profiles.values().forEach(p -> w.append(String.format(Locale.ROOT, " %12s", pct(p.allWaits().ms(), p.timeMs()))));
                out.println(w);
                StringBuilder q = new StringBuilder(String.format(Locale.ROOT, "  %-40s", PARKED_ROW));
                profiles.values().forEach(p -> q.append(String.format(Locale.ROOT, " %12s", pct(p.allWaits().parkMs(), p.timeMs()))));
                out.println(q);
                StringBuilder z = new StringBuilder(String.format(Locale.ROOT, "  %-40s", SELECTOR_ROW));
                profiles.values().forEach(p -> z.append(String.format(Locale.ROOT, " %12s", pct(p.allWaits().selectMs(), p.timeMs()))));
                out.println(z);
                StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "  %-40s", PEER_ROW));
                profiles.values().forEach(p -> b.append(String.format(Locale.ROOT, " %12s", pct(p.allWaits().peerMs(), p.timeMs()))));
                out.println(b);
            }
        }
        StringBuilder time = new StringBuilder(String.format(Locale.ROOT, "  %-40s", "time, ms"));
        profiles.values().forEach(p -> time.append(String.format(Locale.ROOT, " %12.1f", p.timeMs())));
        out.println(time);
        StringBuilder window = new StringBuilder(String.format(Locale.ROOT, "  %-40s", "measured calls' window, ms"));
        profiles.values().forEach(p -> window.append(String.format(Locale.ROOT, " %12.1f", p.windowNanos() / 1e6)));
        out.println(window);
        out.flush();
        return s.toString();
    }

    /**
     * One CSV row per side and group: {@code side,group,samples,percent} (percent of the side's samples), then
     * {@code time_ms,time_percent} (the samples as 1 ms each, % of the side's time, waits included), then the side's
     * waits on every row: {@code socket_read_ms,socket_write_ms,socket_reads,socket_writes,parked_ms,parks,peer_wait_ms,
     * peer_wait_percent,side_time_ms,selector_wait_ms,selects} (the selector's columns last, added after the others); after
     * the groups, one row per side for the waits themselves (group {@link #CSV_PEER_GROUP}, no samples).
     */
    public String csv() {
        StringBuilder b = new StringBuilder("side,group,samples,percent,time_ms,time_percent,socket_read_ms,socket_write_ms,socket_reads,socket_writes,"
                + "parked_ms,parks,peer_wait_ms,peer_wait_percent,side_time_ms,selector_wait_ms,selects\n");
        for (JvmSide side : JvmSide.values()) {
            SocketWaits w = waits(side);
            double time = total(side) * MS_PER_SAMPLE + w.peerMs();
            String waitCells = String.format(Locale.ROOT, "%.3f,%.3f,%d,%d,%.3f,%d,%.3f,%s,%.3f,%.3f,%d", w.readMs(), w.writeMs(), w.reads(), w.writes(), w.parkMs(),
                    w.parks(), w.peerMs(), pct(w.peerMs(), time).trim(), time, w.selectMs(), w.selects());
            for (Group g : Group.values())
                b.append(side.name().toLowerCase(Locale.ROOT)).append(',').append('"').append(g.label()).append('"').append(',')
                        .append(count(side, g)).append(',').append(pct(count(side, g), total(side)).trim()).append(',')
                        .append(String.format(Locale.ROOT, "%.3f", count(side, g) * MS_PER_SAMPLE)).append(',').append(pct(count(side, g) * MS_PER_SAMPLE, time).trim())
                        .append(',').append(waitCells).append('\n');
            b.append(side.name().toLowerCase(Locale.ROOT)).append(",\"").append(CSV_PEER_GROUP).append("\",0,-,")
                    .append(String.format(Locale.ROOT, "%.3f", w.peerMs())).append(',').append(pct(w.peerMs(), time).trim()).append(',').append(waitCells).append('\n');
        }
        return b.toString();
    }

    /** The {@code n} packages with most samples among "other", e.g. {@code java.lang 412, java.util 80}. */
    public String otherPackages(int n) {
        return other.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .limit(n).map(e -> e.getKey() + " " + e.getValue()).collect(java.util.stream.Collectors.joining(", "));
    }

    private static String pct(long n, long total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * n / total);
    }

    private static String pct(double n, double total) {
        return total == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100.0 * n / total);
    }
}
