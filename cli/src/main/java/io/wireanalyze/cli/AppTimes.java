package io.wireanalyze.cli;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.workloads.CallKind;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.ClientResult;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Sets the wire time of the measured invocations beside the time the client measured around each stub
 * call: the difference is what the JVMs spend marshalling, in the stub and in the RMI runtime.
 */
final class AppTimes {

    private AppTimes() {
    }

    static void print(AnalysisResult analysis, ClientResult client, PrintWriter out) {
        List<AnalysisResult.InvocationRecord> wire = analysis.invocations().stream()
                .filter(i -> i.measured() && i.latencyMs() != null).toList();
        List<CallRecord> app = client.calls(CallKind.MEASURED);
        if (wire.isEmpty() || app.isEmpty()) return;
        double wireMean = wire.stream().mapToDouble(AnalysisResult.InvocationRecord::latencyMs).average().orElse(0);
        double appMean = app.stream().mapToDouble(c -> c.elapsedNanos() / 1e6).sum() / app.size();
        double appTotal = app.stream().mapToDouble(c -> c.elapsedNanos() / 1e6).sum();
        double wireTotal = wire.stream().mapToDouble(AnalysisResult.InvocationRecord::latencyMs).sum();
        out.println();
        out.println("Wire time beside application time (measured calls)");
        out.println(String.format(Locale.ROOT, "  %-44s %10d %10d", "calls (wire, client)", wire.size(), app.size()));
        out.println(String.format(Locale.ROOT, "  %-44s %10.3f %10.3f", "total ms (wire latency, client's own clock)", wireTotal, appTotal));
        out.println(String.format(Locale.ROOT, "  %-44s %10.3f %10.3f", "mean ms per call (wire, client)", wireMean, appMean));
        out.println(String.format(Locale.ROOT, "  %-44s %10.1f%%", "client time spent on the wire", 100 * wireTotal / appTotal));
        out.println("  (wire latency: first request packet to last reply packet; client: System.nanoTime() around the stub call)");
        out.flush();
    }
}
