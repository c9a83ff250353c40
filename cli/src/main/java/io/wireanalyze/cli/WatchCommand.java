package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.LiveAnalysis;
import io.wireanalyze.capture.live.CaptureException;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.capture.live.LiveSource;
import io.wireanalyze.capture.live.RingWriter;
import io.wireanalyze.console.Progress;
import io.wireanalyze.frame.Frame;
import io.wireanalyze.frame.LinkType;
import io.wireanalyze.report.OutputFormat;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Captures any traffic on an interface and shows its accounting while it runs; on Ctrl-C or at the end of
 * {@code --duration}, the full report, the same as {@code analyze} of the capture kept.
 *
 * <p>The running view is one analysis fed the packets as they are captured ({@link RunningAnalysis}, {@link LiveAnalysis}):
 * at each refresh it takes the figures of the connections accounted so far and of the open ones as far as they have
 * come, without reading the files again, so a refresh costs what the open connections hold, not what the capture does.
 * It refreshes every second while that takes under half a second, else every two snapshots' time. With {@code --ring}
 * the view covers every packet since the watch began (the files deleted too); the final report, the files kept.
 */
@Command(name = "watch", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Capture any traffic on an interface (no workload of ours) and show, refreshed every second, the "
                + "packets and time per phase so far, calls per method with count and latency p50/p95, the open connections, "
                + "unparsed bytes with their reasons and libpcap's drop counts. On Ctrl-C or at the end of --duration, print "
                + "the full report, the same as analyze of the capture kept. Needs root (or CAP_NET_RAW).")
final class WatchCommand implements java.util.concurrent.Callable<Integer> {

    @Option(names = "--interface", paramLabel = "IF", required = true,
            description = "Interface to capture on: eth0, lo, any ... Repeat it for several (of one link type): their packets go into "
                    + "one capture in the order they arrive, a few places out of time order at most.")
    List<String> ifaces;

    /** The interfaces, as the view and the messages name them: eth0, or eth0+eth1. */
    private String iface;

    @Option(names = "--filter", paramLabel = "BPF", defaultValue = "", description = "Capture filter (pcap-filter(7)), e.g. \"tcp port 1099 or tcp port 2809\"; default: every packet.")
    String filter;

    @Option(names = "--duration", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Stop after this long: 60s, 5m, 2h, 500ms (default: until Ctrl-C).")
    Duration duration;

    @Option(names = "--out", paramLabel = "FILE", description = "Keep the capture here (with --ring, the files are named after it: "
            + "run.pcap gives run_00001_20261126114000.pcap ...). Default: a new folder under the temporary directory, said at the end.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", converter = Formats.Converter.class,
            description = "table: a view redrawn in place on a terminal, a line per interval otherwise; json: a JSON object a line "
                    + "per interval ({\"watch\": {...}}), then the final report as analyze --format json writes it (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Option(names = "--ring", paramLabel = "SIZE:N", converter = RingConverter.class,
            description = "Keep only the newest N files of SIZE each (K, M or G: powers of 1024), as dumpcap's ring buffer does; "
                    + "analyze --merge DIR reads them back. The final report covers the files kept.")
    Ring ring;

    @Option(names = "--snaplen", paramLabel = "BYTES", defaultValue = "" + LiveCaptureOptions.MAX_SNAPLEN, description = "Bytes kept per packet (default: ${DEFAULT-VALUE}).")
    int snaplen;

    @Option(names = "--buffer", paramLabel = "SIZE", defaultValue = "64M", converter = SizeConverter.class,
            description = "The kernel's capture buffer (K, M or G; default: ${DEFAULT-VALUE}): packets that arrive while it is full are dropped, and counted.")
    long bufferBytes;

    @Option(names = "--refresh-ms", paramLabel = "MS", defaultValue = "1000", description = "How often the view is refreshed at most (default: ${DEFAULT-VALUE}).")
    long refreshMs;

    @Option(names = "--tls-keylog", paramLabel = "FILE", description = "NSS key log to decrypt TLS with (as analyze).")
    List<Path> tlsKeyLogs;

    @Option(names = "--interfaces", paramLabel = "JAR", split = ",", description = "Jars or class files whose methods name the RMI method hashes seen (read as bytes, never loaded), as analyze.")
    List<Path> interfaces;

    @Option(names = "--method-names", paramLabel = "FILE",
            description = "Names for calls on interfaces we have no jar of: one a line, a signature (sendInts([I)I) named exactly, or a bare name tried against the arguments read from each call (as analyze).")
    Path methodNames;

    @CommandLine.Mixin
    LimitOptions limits = new LimitOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    /** {@code --ring SIZE:N}. */
    record Ring(long fileBytes, int files) {
    }

    private final CountDownLatch stop = new CountDownLatch(1);
    private final CountDownLatch done = new CountDownLatch(1);

    /** Asks a running watch to stop and print its report (what Ctrl-C does); returns at once. */
    void requestStop() {
        stop.countDown();
    }

    @Override
    public Integer call() throws Exception {
        try {
            return watch();
        } finally {
            done.countDown();
        }
    }

    private int watch() throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        Progress progress = new Progress(err);
        if (format == OutputFormat.CSV) throw new CommandLine.ParameterException(spec.commandLine(), "--format csv (expected: table or json)");
        if (refreshMs < 100) throw new CommandLine.ParameterException(spec.commandLine(), "--refresh-ms " + refreshMs + " (expected: 100 or more)");
        Ownership owner = Ownership.fromEnvironment();
        io.wireanalyze.protocol.tls.TlsKeyLog keys = CaptureAnalysis.keyLog(tlsKeyLogs, progress);
        AnalysisOptions options = CaptureAnalysis.options(interfaces, methodNames, AnalysisOptions.DEFAULT_MARKER, limits.limits(), keys);

        if (bufferBytes > Integer.MAX_VALUE) throw new CommandLine.ParameterException(spec.commandLine(), "--buffer " + bufferBytes + " (expected: under 2G)");
        iface = String.join("+", ifaces);
        List<LiveSource> sources = new java.util.ArrayList<>();
        try {
            for (String name : new java.util.LinkedHashSet<>(ifaces)) {
                LiveSource s = LiveSource.open(LiveCaptureOptions.writingTo(Path.of("/dev/null")).onInterface(name)
                        .withSnaplen(snaplen).withFilter(filter), (int) bufferBytes);
                sources.add(s);
                if (s.linkType() != sources.get(0).linkType())
                    throw new CommandLine.ParameterException(spec.commandLine(), "--interface " + name + " has link type " + s.linkType()
                            + ", --interface " + ifaces.get(0) + " " + sources.get(0).linkType() + ": one capture file has one link type "
                            + "(interfaces of one kind, or 'any' alone with a --filter)");
            }
        } catch (RuntimeException | CaptureException e) {
            for (LiveSource s : sources) stopQuietly(s, progress);
            throw e;
        }
        Sources source = new Sources(sources);
        Path base = out != null ? out.toAbsolutePath() : Files.createTempDirectory("wireanalyze-watch").resolve("watch.pcap");
        if (base.getParent() != null) owner.createDirectories(base.getParent());
        RingWriter writer;
        try {
            writer = ring == null ? RingWriter.single(base, source.linkType(), snaplen)
                    : RingWriter.ring(base, ring.fileBytes(), ring.files(), source.linkType(), snaplen);
        } catch (IOException e) {
            source.stop(progress);
            throw new IOException("cannot write " + base + ": " + e.getMessage(), e);
        }
        Thread hook = new Thread(() -> {
            requestStop();
            try {
                done.await(10, TimeUnit.MINUTES);   // the report is printed before the JVM ends
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }, "wireanalyze-watch-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        long started = System.nanoTime();
        RunningAnalysis running = new RunningAnalysis(options, source.linkType(), snaplen);
        // One file and one analysis: with several interfaces, each packet is written and analysed whole before the next,
        // in the order the capture threads hand them over.
        Object order = new Object();
        source.start((nanos, data, originalLength) -> {
            synchronized (order) {
                writer.write(nanos, data, originalLength);
                running.packet(nanos, data, originalLength);
            }
        });
        progress.say("watching " + iface + (filter.isBlank() ? "" : " (" + filter + ")") + " into " + base
                + (ring == null ? "" : " (ring of " + ring.files() + " files of " + WatchView.size(ring.fileBytes()) + ")")
                + (duration == null ? "; Ctrl-C stops" : " for " + duration.toMillis() / 1000.0 + " s"));
        boolean terminal = System.console() != null && format == OutputFormat.TABLE;
        CaptureStats stats;
        try {
            long next = started + refreshMs * 1_000_000L;
            int drawn = 0;
            while (true) {
                long now = System.nanoTime();
                long waitNanos = next - now;
                if (duration != null) waitNanos = Math.min(waitNanos, started + duration.toNanos() - now);
                if (waitNanos > 0 && stop.await(waitNanos, TimeUnit.NANOSECONDS)) break;
                if (source.failed()) break;
                if (duration != null && System.nanoTime() - started >= duration.toNanos()) break;
                if (System.nanoTime() - next < 0) continue;
                long t0 = System.nanoTime();
                LiveAnalysis.Snapshot view = running.snapshot();
                long took = (System.nanoTime() - t0) / 1_000_000;
                next = System.nanoTime() + Math.max(refreshMs, 2 * took) * 1_000_000L;
                if (view == null) {   // the running analysis failed: said once, the capture goes on
                    String why = running.failureToSay();
                    if (why != null) progress.say("WARNING: " + why);
                    continue;
                }
                WatchView.Snapshot s = snapshot(writer, source, view, running.behind(), took, started);
                if (format == OutputFormat.JSON) {
                    stdout.println(WatchView.json(s));
                } else if (terminal) {
                    List<String> lines = WatchView.lines(s);
                    StringBuilder b = new StringBuilder();
                    if (drawn > 0) b.append("\u001b[").append(drawn).append("F");   // back to the view's first line
                    for (String l : lines) b.append(l).append("\u001b[K\n");
                    b.append("\u001b[J");
                    stdout.print(b);
                    drawn = lines.size();
                } else {
                    stdout.println(WatchView.line(s));
                }
                stdout.flush();
            }
        } finally {
            stats = source.stop(progress);
            running.close();
            writer.close();
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // Ctrl-C: the hook is running, waiting for this report
            }
        }
        List<Path> files = writer.kept();
        owner.ownAll(files);
        progress.say(String.format(Locale.ROOT, "capture stopped after %.1f s: %,d packets written; libpcap: %,d received%s, %,d dropped, %,d dropped by the interface",
                (System.nanoTime() - started) / 1e9, writer.packets(), stats.received(), ifaces.contains("lo") ? " (lo counts each twice)" : "",
                stats.dropped(), stats.droppedByInterface()));
        if (stats.lostAny()) progress.say("WARNING: libpcap DROPPED PACKETS: the accounting below is missing traffic; a narrower --filter or a larger --buffer");
        if (writer.deleted() > 0) progress.say("the ring deleted its " + writer.deleted() + " oldest file(s): the report covers the " + files.size() + " kept");
        // The report: analyze of the capture kept, as the user would run it.
        AnalysisResult result;
        if (ring == null) {
            Path f = files.get(0);
            AnalysisOptions o = format == OutputFormat.TABLE ? options.withKeepMessage(io.wireanalyze.report.TextReport::shows) : options;
            result = CaptureAnalysis.analyze(f, CaptureAnalysis.withKeysOf(f, o, keys, progress), progress);
            progress.say("capture kept: " + f + " (wireanalyze analyze " + f + " gives this report again)");
        } else {
            AnalysisOptions o = format == OutputFormat.TABLE ? options.withKeepMessage(io.wireanalyze.report.TextReport::shows) : options;
            result = CaptureAnalysis.analyzeMerged(files, o, keys, progress);
            progress.say("capture kept: " + files.size() + " file(s) in " + base.getParent() + " (wireanalyze analyze --merge "
                    + (files.size() == 1 ? files.get(0) : String.join(" ", files.stream().map(Path::toString).toList())) + " gives this report again)");
        }
        Reports.write(List.of(result), format, null, Path.of("."), stdout, progress, owner);
        stdout.flush();
        return WireAnalyze.OK;
    }

    /** The view now: the running analysis' figures, with the files written so far and libpcap's counters. */
    private WatchView.Snapshot snapshot(RingWriter writer, Sources source, LiveAnalysis.Snapshot view, boolean behind, long took,
                                        long started) {
        List<Path> files = writer.kept();
        long bytes = 0;
        for (Path f : files) {
            try {
                bytes += Files.size(f);
            } catch (IOException deletedByTheRing) {
                // counted at the next refresh
            }
        }
        return new WatchView.Snapshot(iface, filter, (System.nanoTime() - started) / 1_000_000, writer.packets(), files.size(), bytes,
                source.stats(), view, behind, took);
    }

    /**
     * The running view's analysis: every packet captured, as the file gets it, fed to one {@link LiveAnalysis} on a
     * thread of its own (the capture's thread only queues it), whose figures the view takes at each refresh without
     * reading the files again. When the analysis falls behind the capture by more than {@link #MAX_QUEUED_BYTES}, it
     * stops taking packets (the view says so) rather than hold the capture back or fill the memory: the final report
     * is read from the files, and covers every packet.
     */
    static final class RunningAnalysis implements AutoCloseable {
        static final long MAX_QUEUED_BYTES = 256L << 20;
        private final LiveAnalysis analysis;
        private final java.util.concurrent.LinkedBlockingQueue<Frame> queue = new java.util.concurrent.LinkedBlockingQueue<>();
        private final java.util.concurrent.atomic.AtomicLong queuedBytes = new java.util.concurrent.atomic.AtomicLong();
        private final LinkType link;
        private final int rawLink;
        private final int snaplen;
        private final Thread thread;
        private long number;
        private volatile boolean behind;
        private volatile RuntimeException failure;
        private boolean failureSaid;

        RunningAnalysis(AnalysisOptions options, int linkType, int snaplen) {
            this.analysis = new LiveAnalysis(options);
            this.link = LinkType.of(linkType);
            this.rawLink = linkType;
            this.snaplen = snaplen;
            this.thread = new Thread(this::loop, "wireanalyze-watch-analysis");
            thread.setDaemon(true);
            thread.start();
        }

        /** A packet captured (on the capture's thread), as the file gets it: at most snaplen bytes. */
        void packet(long nanos, byte[] data, int originalLength) {
            if (behind || failure != null) return;
            int captured = Math.min(data.length, snaplen);
            if (queuedBytes.addAndGet(captured) > MAX_QUEUED_BYTES) {
                behind = true;
                queue.clear();
                return;
            }
            queue.add(new Frame(++number, nanos, link, rawLink, ByteBuffer.wrap(data, 0, captured).slice(), Math.max(originalLength, captured)));
        }

        private void loop() {
            try {
                while (true) {
                    Frame f = queue.take();
                    int bytes = f.bytes().remaining();
                    synchronized (analysis) {
                        analysis.accept(f);
                    }
                    queuedBytes.addAndGet(-bytes);
                }
            } catch (InterruptedException stopped) {
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                failure = e;
            }
        }

        /** The figures so far; null when the analysis failed (the final report, read from the files, is not affected). */
        LiveAnalysis.Snapshot snapshot() {
            if (failure != null) return null;
            synchronized (analysis) {
                try {
                    return analysis.snapshot();
                } catch (RuntimeException e) {
                    failure = e;
                    return null;
                }
            }
        }

        boolean behind() {
            return behind;
        }

        /** Why the running view stopped, once; else null. */
        String failureToSay() {
            if (failure == null || failureSaid) return null;
            failureSaid = true;
            return "the running view stopped: its analysis failed (" + WireAnalyze.oneLine(failure) + "); the capture goes on, and the "
                    + "final report is read from the files";
        }

        @Override
        public void close() {
            thread.interrupt();
        }
    }

    /** The captures of the interfaces watched, as one. */
    private record Sources(List<LiveSource> all) {
        int linkType() {
            return all.get(0).linkType();
        }

        void start(LiveSource.Sink sink) {
            for (LiveSource s : all) s.start(sink);
        }

        boolean failed() {
            return all.stream().anyMatch(LiveSource::failed);
        }

        /** libpcap's counters, summed over the interfaces. */
        CaptureStats stats() {
            return sum(all.stream().map(LiveSource::stats).toList());
        }

        CaptureStats stop(Progress progress) {
            return sum(all.stream().map(s -> stopQuietly(s, progress)).toList());
        }

        private static CaptureStats sum(List<CaptureStats> stats) {
            long received = 0, dropped = 0, byInterface = 0;
            for (CaptureStats c : stats) {
                received += c.received();
                dropped += c.dropped();
                byInterface += c.droppedByInterface();
            }
            return new CaptureStats(received, dropped, byInterface);
        }
    }

    private static CaptureStats stopQuietly(LiveSource source, Progress progress) {
        try {
            return source.stop();
        } catch (CaptureException e) {
            progress.say("WARNING: " + WireAnalyze.oneLine(e));
            return source.stats();
        }
    }

    /** 60s, 5m, 2h, 500ms, or seconds alone. */
    static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
        private static final Pattern P = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");

        @Override
        public Duration convert(String value) {
            Matcher m = P.matcher(value.strip().toLowerCase(Locale.ROOT));
            if (!m.matches()) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: a time such as 60s, 5m, 2h or 500ms)");
            double n = Double.parseDouble(m.group(1));
            String unit = m.group(2) == null ? "s" : m.group(2);
            double ms = n * switch (unit) {
                case "ms" -> 1;
                case "s" -> 1_000;
                case "m" -> 60_000;
                default -> 3_600_000;
            };
            if (ms < 1) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: at least 1 ms)");
            return Duration.ofMillis((long) ms);
        }
    }

    /** A size: bytes alone, or with K, M or G (powers of 1024); -1 when {@code value} is not one. */
    static long size(String value) {
        Matcher m = Pattern.compile("(\\d{1,12})([kKmMgG])?[bB]?").matcher(value.strip());
        if (!m.matches()) return -1;
        long size = Long.parseLong(m.group(1));
        if (m.group(2) != null) size <<= switch (Character.toUpperCase(m.group(2).charAt(0))) {
            case 'K' -> 10;
            case 'M' -> 20;
            default -> 30;
        };
        return size;
    }

    /** {@code --buffer}: a size. */
    static final class SizeConverter implements CommandLine.ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            long size = size(value);
            if (size < 1) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: a size such as 64M)");
            return size;
        }
    }

    /** SIZE:N, SIZE with K, M or G (powers of 1024) or bytes alone. */
    static final class RingConverter implements CommandLine.ITypeConverter<Ring> {
        private static final Pattern P = Pattern.compile("([^:]+):(\\d{1,9})");

        @Override
        public Ring convert(String value) {
            Matcher m = P.matcher(value.strip());
            long size = m.matches() ? size(m.group(1)) : -1;
            if (size < 0) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: SIZE:N, e.g. 100M:10)");
            int files = Integer.parseInt(m.group(2));
            if (files < 1) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: at least 1 file)");
            if (size < 64) throw new CommandLine.TypeConversionException("\"" + value + "\" (expected: files of 64 bytes or more)");
            return new Ring(size, files);
        }
    }
}
