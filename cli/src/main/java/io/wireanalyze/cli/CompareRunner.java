package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisOptions;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.capture.live.CaptureException;
import io.wireanalyze.capture.live.LiveCaptureOptions;
import io.wireanalyze.capture.net.NetworkException;
import io.wireanalyze.compare.ComparePlan;
import io.wireanalyze.compare.Comparison;
import io.wireanalyze.compare.RunFailure;
import io.wireanalyze.compare.RunFigures;
import io.wireanalyze.compare.RunKey;
import io.wireanalyze.compare.RunRecord;
import io.wireanalyze.console.Progress;
import io.wireanalyze.profile.CpuProfile;
import io.wireanalyze.workloads.Plan;
import io.wireanalyze.workloads.WorkloadArgs;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a comparison's plan, one {@link CaptureRun} per run, each kept in the output folder with its JSON report,
 * and shows which run is on and about how long is left. A run that fails is reported and the others go on; an
 * environment that cannot capture (no permission, no libpcap, no namespace) stops everything at once. Ctrl-C
 * leaves every finished run and writes the partial report, marked as such.
 */
final class CompareRunner {

    /** Writes the report of a comparison as it stands; called once, at the end or on Ctrl-C. */
    @FunctionalInterface
    interface Report {
        void write(Comparison c) throws Exception;
    }

    private final Progress progress;
    private final Ownership owner;
    private final Path dir;
    private final AnalysisOptions analysis;
    private final List<RunRecord> finished = new CopyOnWriteArrayList<>();
    private final List<RunFailure> failed = new CopyOnWriteArrayList<>();
    private final AtomicBoolean reported = new AtomicBoolean();
    private final Map<WorkloadKind, CpuProfile> profiles = new ConcurrentHashMap<>();
    private boolean profile;

    CompareRunner(Progress progress, Ownership owner, Path dir, AnalysisOptions analysis) {
        this.progress = progress;
        this.owner = owner;
        this.dir = dir;
        this.analysis = analysis;
    }

    /** Every run recorded with JDK Flight Recorder ({@code --profile}), its recordings kept beside its capture. */
    CompareRunner profiling(boolean on) {
        this.profile = on;
        return this;
    }

    /** With {@code --profile}: the CPU table by protocol of the runs finished so far (every point and repetition summed); else empty. */
    /** The CPU profile of each protocol's runs so far (all its points and repetitions summed); empty without --profile. */
    Map<WorkloadKind, CpuProfile> profiles() {
        return Map.copyOf(profiles);
    }

    String profileTable(List<WorkloadKind> order) {
        if (!profile || profiles.isEmpty()) return "";
        Map<String, CpuProfile> byName = new LinkedHashMap<>();
        for (WorkloadKind k : order) if (profiles.containsKey(k)) byName.put(k.toString(), profiles.get(k));
        return CpuProfile.byProtocol(byName);
    }

    Comparison run(ComparePlan plan, Report report) throws Exception {
        owner.createDirectories(dir);
        Thread hook = new Thread(() -> interrupted(plan, report), "wireanalyze-compare-interrupted");
        Runtime.getRuntime().addShutdownHook(hook);
        List<RunKey> runs = plan.runs();
        long start = System.nanoTime();
        try {
            for (int i = 0; i < runs.size(); i++) {
                RunKey key = runs.get(i);
                progress.say(String.format(Locale.ROOT, "run %d of %d: %s, %s, repetition %d of %d%s", i + 1, runs.size(), key.protocol(),
                        key.point().label(), key.repetition(), plan.repeat(), left(start, i, runs.size())));
                one(plan, key);
            }
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook writes the partial report
            }
        }
        Comparison done = new Comparison(plan, finished, failed, null);
        if (reported.compareAndSet(false, true)) report.write(done);
        return done;
    }

    private void one(ComparePlan plan, RunKey key) throws Exception {
        Plan p = Plan.of(key.point().invocations(), key.point().payload(), plan.warmup()).withClients(key.point().clients());
        Path pcap = dir.resolve(key.stem() + ".pcap");
        try {
            WorkloadArgs args = key.protocol().defaultArgs();
            if (profile) args = args.withRecordings(Profiling.prepare(pcap, owner));
            CaptureRun.Request request = new CaptureRun.Request(key.protocol(), args, p, pcap, plan.network(),
                    LiveCaptureOptions.DEFAULT_INTERFACE, LiveCaptureOptions.DEFAULT_SNAPLEN);
            CaptureRun.Outcome outcome = new CaptureRun(progress.quiet(), owner).run(request);
            if (profile) profiles.merge(key.protocol(), Profiling.read(outcome.pcap(), outcome.clients().calls(), owner), CpuProfile::plus);
            // A TLS run (jrmp-tls) is decoded with the key log its server wrote, as capture does.
            AnalysisOptions options = outcome.keyLog() == null ? analysis
                    : analysis.withProtocols(io.wireanalyze.protocols.ProtocolTable.withTlsKeys(CaptureAnalysis.keyLog(outcome.keyLog(), progress.quiet())));
            try (AnalysisResult r = CaptureAnalysis.analyze(outcome.pcap(), options, progress)) {
                Reports.json(r, dir.resolve(key.stem() + ".json"), owner);
                finished.add(new RunRecord(key, outcome.pcap(), RunFigures.of(r, outcome.clients())));
            }
        } catch (CaptureException | NetworkException e) {
            throw e;   // this machine cannot capture here: every other run would fail the same way
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw e;
        } catch (Exception e) {
            String reason = WireAnalyze.oneLine(e);
            failed.add(new RunFailure(key, reason));
            progress.say("run " + key.stem() + " failed: " + reason);
        }
    }

    private void interrupted(ComparePlan plan, Report report) {
        if (!reported.compareAndSet(false, true)) return;
        try {
            report.write(new Comparison(plan, finished, failed, "interrupted"));
            progress.say("interrupted: the partial report covers " + finished.size() + " finished run(s); their captures are in " + dir);
        } catch (Exception e) {
            progress.say("interrupted: the partial report could not be written: " + WireAnalyze.oneLine(e));
        }
    }

    /** {@code ; about 2 min 10 s left}, from the mean time of the runs so far. */
    static String left(long startNanos, int done, int total) {
        if (done == 0) return "";
        long perRun = (System.nanoTime() - startNanos) / done;
        Duration d = Duration.ofNanos(perRun * (total - done));
        long s = Math.max(1, d.toSeconds());
        return "; about " + (s >= 60 ? s / 60 + " min " + s % 60 + " s" : s + " s") + " left";
    }
}
