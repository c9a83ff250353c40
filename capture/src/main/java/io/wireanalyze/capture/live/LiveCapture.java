package io.wireanalyze.capture.live;

import org.pcap4j.core.BpfProgram;
import org.pcap4j.core.NotOpenException;
import org.pcap4j.core.PcapDumper;
import org.pcap4j.core.PcapHandle;
import org.pcap4j.core.PcapNativeException;
import org.pcap4j.core.PcapNetworkInterface;
import org.pcap4j.core.PcapStat;
import org.pcap4j.core.Pcaps;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Captures packets from a network interface into a pcap file with libpcap (through pcap4j). Packets go
 * from the kernel to the file inside libpcap's own loop ({@code pcap_loop} with {@code pcap_dump} as the
 * callback) on a thread of its own; no packet crosses into Java, which is what keeps up with 100k+
 * packets/s.
 *
 * <pre>{@code
 * LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(out).withFilter("tcp port 1099"));
 * Runtime.getRuntime().addShutdownHook(new Thread(capture::stopQuietly));
 * capture.start();
 * ...
 * CaptureStats stats = capture.stop();
 * }</pre>
 *
 * {@link #stop()} is idempotent and safe to call from a shutdown hook, concurrently with another stop.
 */
public final class LiveCapture {

    private enum State { NEW, RUNNING, STOPPED }

    /**
     * How many read timeouts stop() lets pass before it breaks the loop. On Linux (TPACKET_V3) the kernel
     * hands packets to libpcap in blocks, retired when full or when the read timeout expires; pcap_breakloop
     * returns at once and would abandon a block not yet retired, losing the last packets of a quiet
     * capture. Waiting two timeouts lets the kernel retire it and the loop write it.
     */
    static final int DRAIN_TIMEOUTS = 2;
    /** How long stop() waits for the loop to return after pcap_breakloop before it sends a wake-up packet. */
    static final Duration BREAK_WAIT = Duration.ofSeconds(1);
    /** How long stop() waits after the wake-up packet before it gives up on the loop. */
    static final Duration WAKE_WAIT = Duration.ofSeconds(2);

    private final LiveCaptureOptions options;
    private State state = State.NEW;
    private PcapHandle handle;
    private PcapDumper dumper;
    private Thread loopThread;
    private volatile Exception loopFailure;
    private CaptureStats finalStats;

    public LiveCapture(LiveCaptureOptions options) {
        this.options = options;
    }

    public LiveCaptureOptions options() {
        return options;
    }

    /**
     * Null when libpcap can be loaded, else the one-line reason and fix
     * ("libpcap is not installed: run `apt-get install libpcap0.8` (as root)").
     */
    public static String checkLibpcap() {
        Pcap4jLogging.quietUnlessConfigured();
        try {
            Pcaps.libVersion();
            return null;
        } catch (LinkageError e) {
            return PcapFailures.LIBPCAP_MISSING;
        }
    }

    /**
     * Opens {@code interfaceName} for capture and closes it at once: whether this process may capture there, asked
     * before any server starts.
     *
     * @throws CaptureException as {@link #start()}: libpcap missing, no permission, no such interface
     */
    public static void checkPermission(String interfaceName) throws CaptureException {
        String missing = checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        LiveCapture probe = new LiveCapture(LiveCaptureOptions.writingTo(java.nio.file.Path.of("/dev/null")).onInterface(interfaceName));
        List<String> available = interfacesOrEmpty();
        if (!available.isEmpty() && !available.contains(interfaceName)) throw PcapFailures.noSuchInterface(interfaceName, available, null);
        probe.open(available).close();
    }

    /** The names of the interfaces libpcap can capture on, e.g. [eth0, any, lo]. */
    public static List<String> interfaces() throws CaptureException {
        Pcap4jLogging.quietUnlessConfigured();
        try {
            return Pcaps.findAllDevs().stream().map(PcapNetworkInterface::getName).toList();
        } catch (LinkageError e) {
            throw PcapFailures.libpcapMissing(e);
        } catch (PcapNativeException e) {
            throw new CaptureException("cannot list interfaces: " + PcapFailures.oneLine(e.getMessage()), e);
        }
    }

    /**
     * Opens the interface, applies the filter, opens the output file and starts the capture loop.
     * Returns once packets are being captured.
     *
     * @throws CaptureException      with a one-line reason: libpcap missing, no permission, unknown interface,
     *                               bad filter, output not writable
     * @throws IllegalStateException when called a second time
     */
    public synchronized void start() throws CaptureException {
        if (state != State.NEW) {
            throw new IllegalStateException("capture on " + options.interfaceName() + ": start() in state " + state
                    + " (expected: NEW)");
        }
        String missing = checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        List<String> available = interfacesOrEmpty();
        if (!available.isEmpty() && !available.contains(options.interfaceName())) {
            throw PcapFailures.noSuchInterface(options.interfaceName(), available, null);
        }
        PcapHandle opened = open(available);
        try {
            applyFilter(opened);
            dumper = openDumper(opened);
        } catch (CaptureException | RuntimeException e) {
            opened.close();
            throw e;
        }
        handle = opened;
        CountDownLatch looping = new CountDownLatch(1);
        loopThread = new Thread(() -> runLoop(looping), "wireanalyze-capture-" + options.interfaceName());
        loopThread.setDaemon(true);
        loopThread.start();
        Uninterruptibly.await(looping);
        state = State.RUNNING;
    }

    /**
     * Stops the capture: breaks the loop, reads libpcap's counters, then flushes and closes the file and
     * the handle. The file left behind is a complete pcap. A second call returns the same counters.
     *
     * @throws CaptureException when the loop failed (e.g. the interface went down) or did not stop
     */
    public synchronized CaptureStats stop() throws CaptureException {
        if (state == State.STOPPED) return finalStats;
        if (state == State.NEW) {
            state = State.STOPPED;
            finalStats = CaptureStats.NONE;
            return finalStats;
        }
        state = State.STOPPED;
        finalStats = CaptureStats.NONE;
        Uninterruptibly.sleep(options.readTimeout().multipliedBy(DRAIN_TIMEOUTS));
        if (!breakLoop()) {
            // The native loop still holds the handle: closing it now would block or crash. Leave both to exit.
            throw new CaptureException("capture loop on " + options.interfaceName() + " did not stop within "
                    + (BREAK_WAIT.plus(WAKE_WAIT).toSeconds()) + " s; " + options.output() + " may lack its last packets");
        }
        try {
            finalStats = readStats();
        } finally {
            dumper.close();
            handle.close();
        }
        Exception failure = loopFailure;
        if (failure != null) {
            throw new CaptureException("capture on " + options.interfaceName() + " failed: "
                    + PcapFailures.oneLine(failure.getMessage()), failure);
        }
        return finalStats;
    }

    /** {@link #stop()} for a shutdown hook: failures are dropped, as a hook has nobody to report to. */
    public void stopQuietly() {
        try {
            stop();
        } catch (CaptureException e) {
            // Shutting down: the file is as complete as it can be made.
        }
    }

    private void runLoop(CountDownLatch looping) {
        looping.countDown();
        try {
            handle.loop(-1, dumper);
        } catch (InterruptedException e) {
            // pcap4j's way of saying pcap_loop returned PCAP_ERROR_BREAK: stop() asked for it. No thread was interrupted.
        } catch (PcapNativeException | NotOpenException e) {
            loopFailure = e;
        }
    }

    /** Asks the loop to return and waits for it; false if it would not. */
    private boolean breakLoop() {
        try {
            handle.breakLoop();
        } catch (NotOpenException e) {
            return true;
        }
        if (Uninterruptibly.join(loopThread, BREAK_WAIT)) return true;
        LoopWaker.wake();
        return Uninterruptibly.join(loopThread, WAKE_WAIT);
    }


    private CaptureStats readStats() throws CaptureException {
        try {
            PcapStat s = handle.getStats();
            return new CaptureStats(s.getNumPacketsReceived(), s.getNumPacketsDropped(), s.getNumPacketsDroppedByIf());
        } catch (PcapNativeException | NotOpenException e) {
            throw new CaptureException("cannot read capture statistics on " + options.interfaceName() + ": "
                    + PcapFailures.oneLine(e.getMessage()), e);
        }
    }

    private PcapHandle open(List<String> available) throws CaptureException {
        try {
            return builder(PcapHandle.TimestampPrecision.NANO).build();
        } catch (PcapNativeException e) {
            // Nanosecond timestamps where libpcap offers them (Linux does); otherwise retry with microseconds.
            if (!PcapFailures.isPrecisionUnsupported(e)) {
                throw PcapFailures.opening(e, options.interfaceName(), available);
            }
        } catch (LinkageError e) {
            throw PcapFailures.libpcapMissing(e);
        }
        try {
            return builder(PcapHandle.TimestampPrecision.MICRO).build();
        } catch (PcapNativeException e) {
            throw PcapFailures.opening(e, options.interfaceName(), available);
        }
    }

    private PcapHandle.Builder builder(PcapHandle.TimestampPrecision precision) {
        return new PcapHandle.Builder(options.interfaceName())
                .snaplen(options.snaplen())
                .promiscuousMode(PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS)
                .timeoutMillis((int) options.readTimeout().toMillis())
                .timestampPrecision(precision);
    }

    private void applyFilter(PcapHandle h) throws CaptureException {
        if (options.filter().isBlank()) return;
        try {
            h.setFilter(options.filter(), BpfProgram.BpfCompileMode.OPTIMIZE);
        } catch (PcapNativeException | NotOpenException e) {
            throw new CaptureException("bad capture filter \"" + options.filter() + "\": " + PcapFailures.oneLine(e.getMessage()), e);
        }
    }

    private PcapDumper openDumper(PcapHandle h) throws CaptureException {
        try {
            return h.dumpOpen(options.output().toString());
        } catch (PcapNativeException | NotOpenException e) {
            throw new CaptureException("cannot write " + options.output() + ": " + PcapFailures.oneLine(e.getMessage()), e);
        }
    }

    private static List<String> interfacesOrEmpty() {
        try {
            return interfaces();
        } catch (CaptureException e) {
            return List.of();
        }
    }


}
