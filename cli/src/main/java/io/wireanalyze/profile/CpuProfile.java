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
 *
 * @param counts  samples in the window by side and group
 * @param other   the samples of {@link Group#OTHER} in the window by package (both sides), to say what "other" is
 * @param outside samples of the same recordings outside the window (start-up, look-up, warm-up, shut-down)
 * @param files   the recordings read
 * @param frames  samples by top frame, {@code class.method} (both sides), for the seeds' tables by package and method
 */
public record CpuProfile(Map<JvmSide, Map<Group, Long>> counts, Map<String, Long> other, long outside, List<Path> files,
                         Map<String, Long> frames) {

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
        long outside = 0;
        for (Path f : files) {
            Map<Group, Long> side = counts.computeIfAbsent(FlightRecording.side(f), k -> new EnumMap<>(Group.class));
            try (RecordingFile r = new RecordingFile(f)) {
                while (r.hasMoreEvents()) {
                    RecordedEvent e = r.readEvent();
                    if (!e.getEventType().getName().equals("jdk.ExecutionSample")) continue;
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
            } catch (IOException | RuntimeException e) {
                throw new IOException("flight recording " + f + ": " + e.getMessage() + " (expected: a .jfr file JFR wrote when the JVM exited)", e);
            }
        }
        return new CpuProfile(counts, other, outside, files, frames);
    }

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
        return new CpuProfile(sum, others, outside + o.outside, all, top);
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

    /** Group {@code g}'s share of both sides' samples, in percent; NaN without samples. */
    public double percent(Group g) {
        long t = total();
        return t == 0 ? Double.NaN : 100.0 * count(g) / t;
    }

    /**
     * The share of both sides' samples, in percent, whose top frame ({@code class.method}) starts with one of
     * {@code prefixes} (e.g. {@code sun.rmi.transport.}, {@code java.io.ObjectOutputStream.}); NaN without samples.
     */
    public double percentOf(List<String> prefixes) {
        long t = total();
        if (t == 0) return Double.NaN;
        long n = frames.entrySet().stream().filter(e -> prefixes.stream().anyMatch(e.getKey()::startsWith)).mapToLong(Map.Entry::getValue).sum();
        return 100.0 * n / t;
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
        out.flush();
        return s.toString();
    }

    /** One CSV row per side and group: {@code side,group,samples,percent}. */
    public String csv() {
        StringBuilder b = new StringBuilder("side,group,samples,percent\n");
        for (JvmSide side : JvmSide.values())
            for (Group g : Group.values())
                b.append(side.name().toLowerCase(Locale.ROOT)).append(',').append('"').append(g.label()).append('"').append(',')
                        .append(count(side, g)).append(',').append(pct(count(side, g), total(side)).trim()).append('\n');
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
}
