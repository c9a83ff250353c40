package io.wireanalyze.cli;

import io.wireanalyze.capture.live.CaptureException;
import io.wireanalyze.capture.live.CaptureStats;
import io.wireanalyze.capture.live.LiveCapture;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.capture.net.EmulatedLink;
import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.console.Progress;
import io.wireanalyze.workloads.ClientExit;
import io.wireanalyze.workloads.ClientResult;
import io.wireanalyze.workloads.Listener;
import io.wireanalyze.workloads.Placement;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.Workload;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.WorkloadException;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * One workload run under a live capture, what {@code capture} does once and {@code compare} many times: the
 * network (loopback, or an emulated link made for this run and always removed), the permission to capture checked
 * before any server starts, the servers, the capture, the clients, then everything stopped in order. Ctrl-C stops
 * the capture so the pcap stays valid, stops the JVMs and removes the link.
 */
final class CaptureRun {
    /** How long the capture goes on after the servers stop: the last FIN and ACKs reach it. */
    private static final long LINGER_MILLIS = 300;

    /**
     * @param loopbackInterface where to capture on loopback ({@code lo} unless {@code --interface} says otherwise);
     *                          an emulated network captures on its veth
     */
    record Request(WorkloadKind kind, WorkloadArgs args, Plan plan, Path pcap, NetworkSpec network,
                   String loopbackInterface, int snaplen) {
    }

    /**
     * A finished run: its capture, libpcap's counters, the clients' records, where it was captured, and the TLS key
     * log kept beside the capture (null for a workload without TLS).
     */
    record Outcome(Path pcap, CaptureStats stats, ClientResult clients, String captureInterface, Path keyLog) {
    }

    private final Progress progress;
    private final Ownership owner;

    CaptureRun(Progress progress, Ownership owner) {
        this.progress = progress;
        this.owner = owner;
    }

    /**
     * @throws CaptureException  libpcap missing, no permission to capture (before any server starts)
     * @throws WorkloadException a server or a client failed
     */
    Outcome run(Request r) throws Exception {
        if (r.kind().notBuilt().isPresent()) throw new IllegalStateException("--protocol " + r.kind() + ": " + r.kind().notBuilt().get());
        String missing = LiveCapture.checkLibpcap();
        if (missing != null) throw new CaptureException(missing);
        Path pcap = r.pcap().toAbsolutePath();
        if (pcap.getParent() != null) owner.createDirectories(pcap.getParent());
        Optional<EmulatedLink> link = Optional.empty();
        try {
            if (r.network().emulated()) {
                link = Optional.of(EmulatedLink.open(r.network()));
                progress.say("network " + r.network().describe() + ": " + link.get().describe());
            }
            String iface = link.map(EmulatedLink::captureInterface).orElse(r.loopbackInterface());
            LiveCapture.checkPermission(iface);
            Placement placement = link.map(l -> new Placement(l.serverAddress(), l.clientAddress(), l.serverCommand())).orElse(Placement.LOOPBACK);
            Workload workload = r.kind().create(r.args().withPlacement(placement));
            requirePlaced(r, workload, placement);
            return captured(r, workload, pcap, iface, link);
        } finally {
            link.ifPresent(EmulatedLink::close);
        }
    }

    private Outcome captured(Request r, Workload w, Path pcap, String iface, Optional<EmulatedLink> link) throws Exception {
        Path calls = Files.createTempFile("wireanalyze-calls", ".tsv");
        ClientResult result;
        CaptureStats stats;
        Path keyLog;
        Plan plan = r.plan();
        try (Workload workload = w) {
            LiveCapture capture = new LiveCapture(LiveCaptureOptions.writingTo(pcap).onInterface(iface)
                    .withSnaplen(r.snaplen()).withFilter(workload.bpfFilter()));
            Thread hook = new Thread(() -> interrupted(capture, workload, pcap, link), "wireanalyze-interrupted");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                // The servers start before the capture: it holds what a client costs (lookup, handshakes, DGC,
                // calls), not the servers registering themselves with their naming service.
                workload.start();
                progress.say(r.kind() + " servers ready: " + workload.listeners().stream().map(Listener::toString).collect(Collectors.joining(", ")));
                capture.start();
                workload.notes().forEach(progress::say);
                progress.say("capturing on " + iface + " (" + workload.bpfFilter() + ") into " + pcap);
                progress.say("running " + plan.clients() + " client(s): " + plan.invocations() + " x " + plan.payload().spec()
                        + (plan.warmup() > 0 ? " after " + plan.warmup() + " warm-up calls" : ""));
                result = progress.during("clients", () -> "capture " + kib(pcap) + " KiB so far", () -> workload.runClient(plan, calls));
                keyLog = keepKeyLog(workload, pcap);   // before closing: the workload deletes its own copy
                workload.close();
                Thread.sleep(LINGER_MILLIS);
                stats = capture.stop();
            } finally {
                capture.stopQuietly();
                owner.own(pcap);
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running: nothing to remove
                }
            }
        } finally {
            Files.deleteIfExists(calls);
        }
        boolean onLo = iface.equals("lo");
        progress.say("capture stopped: " + stats.received() + " packets received by libpcap" + (onLo ? " (lo counts each twice)" : "")
                + ", " + stats.dropped() + " dropped, " + stats.droppedByInterface() + " dropped by the interface; saved " + pcap);
        if (stats.lostAny())
            progress.say("WARNING: libpcap DROPPED PACKETS: the accounting below is missing traffic; capture fewer invocations or a larger buffer");
        for (ClientExit exit : result.exits()) {
            if (!exit.succeeded())
                throw new WorkloadException("client " + exit.client() + " failed with exit code " + exit.exitCode() + ": "
                        + String.join(" | ", exit.stderrTail()));
        }
        return new Outcome(pcap, stats, result, iface, keyLog);
    }

    /**
     * A TLS workload's key log, kept beside the capture ({@code run.pcap} gives {@code run.keys}) so that the capture
     * can be decrypted again later, by analyze or by Wireshark; null for a workload without TLS.
     */
    private Path keepKeyLog(Workload workload, Path pcap) throws IOException, WorkloadException {
        java.util.Optional<Path> log = workload.tlsKeyLog();
        if (log.isEmpty()) return null;
        if (!Files.exists(log.get()))
            throw new WorkloadException("TLS key log " + log.get() + ": not written (expected: the server's agent to write the"
                    + " secrets of every connection it accepted)");
        Path kept = Reports.keysBeside(pcap);
        Files.copy(log.get(), kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        owner.own(kept);
        progress.say("TLS key log: " + kept + " (tshark -o tls.keylog_file:" + kept + " decrypts the capture too)");
        return kept;
    }

    /** A workload whose servers would not listen where the placement puts them cannot run on this network (yet). */
    private static void requirePlaced(Request r, Workload w, Placement placement) {
        for (Listener l : w.listeners()) {
            if (!l.at().host().equals(placement.serverHost()))
                throw new IllegalStateException("--protocol " + r.kind() + ": its " + l.name() + " would listen on " + l.at()
                        + " (expected: " + placement.serverHost() + " on --network " + r.network().network()
                        + "; this workload does not take part in emulated networks yet)");
        }
    }

    /** Ctrl-C or SIGTERM: the capture is stopped and closed so the pcap stays valid, the servers stopped, the link removed. */
    private void interrupted(LiveCapture capture, Workload workload, Path pcap, Optional<EmulatedLink> link) {
        workload.close();
        try {
            CaptureStats stats = capture.stop();
            owner.own(pcap);
            progress.say("interrupted: capture stopped, " + stats.received() + " packets received by libpcap, "
                    + stats.dropped() + " dropped; the pcap is valid: wireanalyze analyze " + pcap);
        } catch (CaptureException | IOException | RuntimeException e) {
            progress.say("interrupted: " + WireAnalyze.oneLine(e));
        }
        link.ifPresent(EmulatedLink::close);
    }

    /** The capture's size so far; 0 before libpcap has written it. */
    private static long kib(Path pcap) {
        try {
            return Files.size(pcap) / 1024;
        } catch (IOException notYetWritten) {
            return 0;
        }
    }
}
