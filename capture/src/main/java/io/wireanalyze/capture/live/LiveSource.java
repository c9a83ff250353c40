package io.wireanalyze.capture.live;

import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;

import java.io.EOFException;
import java.io.IOException;
import java.sql.Timestamp;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeoutException;

/**
 * Packets from a network interface handed to Java one by one, for a capture that does something with each as it
 * comes ({@code watch}: a ring of files, a running view). {@link LiveCapture} is faster (libpcap writes the file in
 * its own loop) but can only write one file; this reads with {@code pcap_next_ex} on a thread of its own, gives each
 * packet to a {@link Sink}, and reads libpcap's counters about once a second, so they can be shown while it runs.
 *
 * <pre>{@code
 * LiveSource source = LiveSource.open(LiveCaptureOptions.writingTo(Path.of("/dev/null")).onInterface("eth0"));
 * RingWriter out = RingWriter.single(file, source.linkType(), source.snaplen());
 * source.start(out::write);
 * ...
 * CaptureStats stats = source.stop();   // every packet libpcap handed over has been given to the sink
 * }</pre>
 */
public final class LiveSource {

    /** Takes each packet captured, on the capture's thread. */
    @FunctionalInterface
    public interface Sink {
        void packet(long timestampNanos, byte[] data, int originalLength) throws IOException;
    }

    /** How often the loop reads libpcap's counters for {@link #stats()}. */
    static final long STATS_EVERY_NANOS = 1_000_000_000L;
    /** How long the loop sleeps when libpcap has no packet ready. */
    static final long IDLE_MILLIS = 1;
    /** The kernel's capture buffer unless told otherwise: 64 MiB. */
    public static final int DEFAULT_BUFFER_BYTES = 64 << 20;

    private final LiveCaptureOptions options;
    private final PcapHandle handle;
    private final int linkType;
    private volatile boolean stopping;
    private volatile CaptureStats stats = CaptureStats.NONE;
    private volatile Exception failure;
    private Thread thread;
    private CaptureStats finalStats;

    private LiveSource(LiveCaptureOptions options, PcapHandle handle, int linkType) {
        this.options = options;
        this.handle = handle;
        this.linkType = linkType;
    }

    /**
     * Opens the interface and applies the filter ({@code options.output()} is not used).
     *
     * @throws CaptureException with a one-line reason: libpcap missing, no permission, unknown interface, bad filter
     */
    public static LiveSource open(LiveCaptureOptions options) throws CaptureException {
        return open(options, DEFAULT_BUFFER_BYTES);
    }

    /**
     * {@link #open(LiveCaptureOptions)} with a kernel buffer of {@code bufferBytes} (libpcap's own default, 2 MiB, fills
     * in a few milliseconds of loopback traffic while Java is busy elsewhere).
     */
    public static LiveSource open(LiveCaptureOptions options, int bufferBytes) throws CaptureException {
        String missing = LiveCapture.checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        List<String> available;
        try {
            available = LiveCapture.interfaces();
        } catch (CaptureException e) {
            available = List.of();
        }
        if (!available.isEmpty() && !available.contains(options.interfaceName()))
            throw PcapFailures.noSuchInterface(options.interfaceName(), available, null);
        PcapHandle h = openHandle(options, bufferBytes, available);
        try {
            if (!options.filter().isBlank()) h.setFilter(options.filter(), BpfProgram.BpfCompileMode.OPTIMIZE);
        } catch (PcapNativeException | NotOpenException e) {
            h.close();
            throw new CaptureException("bad capture filter \"" + options.filter() + "\": " + PcapFailures.oneLine(e.getMessage()), e);
        }
        try {
            // Non-blocking: on Linux (TPACKET_V3) a blocking pcap_next_ex waits for a packet however long, the read
            // timeout notwithstanding, so a quiet interface would hold the loop (and stop()) for ever.
            h.setBlockingMode(PcapHandle.BlockingMode.NONBLOCKING);
            return new LiveSource(options, h, h.getDlt().value());
        } catch (PcapNativeException | NotOpenException e) {
            h.close();
            throw new CaptureException("cannot read " + options.interfaceName() + " without blocking: " + PcapFailures.oneLine(e.getMessage()), e);
        }
    }

    /** The link type of the interface (pcap LINKTYPE_ number: 1 Ethernet, 113 Linux cooked ...). */
    public int linkType() {
        return linkType;
    }

    public int snaplen() {
        return options.snaplen();
    }

    public LiveCaptureOptions options() {
        return options;
    }

    /** Starts reading packets into {@code sink} on a thread of its own. */
    public synchronized void start(Sink sink) {
        if (thread != null) throw new IllegalStateException("capture on " + options.interfaceName() + ": started twice");
        thread = new Thread(() -> loop(sink), "wireanalyze-watch-" + options.interfaceName());
        thread.setDaemon(true);
        thread.start();
    }

    /** libpcap's counters as last read (about once a second while it runs; final after {@link #stop()}). */
    public CaptureStats stats() {
        return stats;
    }

    /** Whether the loop has ended on its own (a failure: the interface went down, the sink could not write). */
    public boolean failed() {
        return failure != null;
    }

    /**
     * Stops reading: the loop goes on for {@link LiveCapture#DRAIN_TIMEOUTS} read timeouts (the kernel hands over the
     * block it holds), reads the counters a last time and closes the handle. Idempotent.
     *
     * @throws CaptureException when the loop failed (the first failure, e.g. the interface went down)
     */
    public synchronized CaptureStats stop() throws CaptureException {
        if (finalStats == null) {
            stopping = true;
            if (thread != null) {
                long waitMillis = options.readTimeout().toMillis() * (LiveCapture.DRAIN_TIMEOUTS + 2) + 5_000;
                if (!Uninterruptibly.join(thread, Duration.ofMillis(waitMillis)))
                    throw new CaptureException("capture loop on " + options.interfaceName() + " did not stop within " + waitMillis + " ms");
            }
            finalStats = stats;
            handle.close();
        }
        Exception f = failure;
        if (f != null) throw new CaptureException("capture on " + options.interfaceName() + " failed: " + PcapFailures.oneLine(f.getMessage()), f);
        return finalStats;
    }

    private void loop(Sink sink) {
        long lastStats = System.nanoTime();
        long drainUntil = Long.MAX_VALUE;
        long drainNanos = options.readTimeout().toNanos() * LiveCapture.DRAIN_TIMEOUTS;
        try {
            while (true) {
                long now = System.nanoTime();
                if (stopping && drainUntil == Long.MAX_VALUE) drainUntil = now + drainNanos;
                if (now - drainUntil >= 0) break;
                if (now - lastStats >= STATS_EVERY_NANOS) {
                    readStats();
                    lastStats = now;
                }
                byte[] data;
                try {
                    data = handle.getNextRawPacketEx();
                } catch (TimeoutException none) {
                    // Nothing ready: the kernel hands a block over when it fills or its read timeout expires.
                    Thread.sleep(IDLE_MILLIS);
                    continue;
                }
                Timestamp t = handle.getTimestamp();
                long nanos = Math.floorDiv(t.getTime(), 1000L) * 1_000_000_000L + t.getNanos();
                Integer original = handle.getOriginalLength();
                sink.packet(nanos, data, original == null ? data.length : original);
            }
            readStats();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (EOFException e) {
            // Not a savefile: a live handle never ends. Nothing more to read.
        } catch (PcapNativeException | NotOpenException | IOException | RuntimeException e) {
            failure = e;
        }
    }

    private void readStats() throws PcapNativeException, NotOpenException {
        PcapStat s = handle.getStats();
        stats = new CaptureStats(s.getNumPacketsReceived(), s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf());
    }

    private static PcapHandle openHandle(LiveCaptureOptions options, int bufferBytes, List<String> available) throws CaptureException {
        try {
            return builder(options, bufferBytes, PcapHandle.TimestampPrecision.NANO).build();
        } catch (PcapNativeException e) {
            if (!PcapFailures.isPrecisionUnsupported(e)) throw PcapFailures.opening(e, options.interfaceName(), available);
        } catch (LinkageError e) {
            throw PcapFailures.libpcapMissing(e);
        }
        try {
            return builder(options, bufferBytes, PcapHandle.TimestampPrecision.MICRO).build();
        } catch (PcapNativeException e) {
            throw PcapFailures.opening(e, options.interfaceName(), available);
        }
    }

    private static PcapHandle.Builder builder(LiveCaptureOptions options, int bufferBytes, PcapHandle.TimestampPrecision precision) {
        return new PcapHandle.Builder(options.interfaceName())
                .bufferSize(bufferBytes)
                .snaplen(options.snaplen())
                .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
                .timeoutMillis((int) options.readTimeout().toMillis())
                .timestampPrecision(precision);
    }
}
