package io.wireanalyze.cli;

import io.wireanalyze.bench.CompiledRounds;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * The same analysis again and again in one JVM, each worker count in turn: how the analysis scales once the JIT has
 * compiled it. On 2 cores a whole process cannot show that, as the compilers' work takes the core the workers would
 * use (issue #19); this shows what is left when it is done. The first half of the rounds is the warm-up; the last
 * line ({@link CompiledRounds#result}) gives each worker count's mean wall time over the second half, which the bench
 * reads back. It runs the whole command line in this JVM, so it is a command of this package, registered under
 * {@code bench} by {@link WireAnalyze#commandLine} (nothing in {@code bench} reaches back up to the commands).
 */
@Command(name = "compiled", hidden = true, mixinStandardHelpOptions = true,
        description = "Analyze a capture again and again in this one JVM, each worker count in turn, and print each analysis's wall time: "
                + "how the analysis scales once the JIT has compiled it. The first half of the rounds warms up.")
final class CompiledCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", description = "Capture file.")
    Path file;

    @Option(names = "--tls-keylog", paramLabel = "FILE", description = "The capture's TLS key log.")
    Path keys;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "json", description = "json (into a temporary folder, deleted after each analysis) or table (discarded) (default: ${DEFAULT-VALUE}).")
    String format;

    @Option(names = "--workers", paramLabel = "N", split = ",", defaultValue = "0,2", description = "The worker counts, analysed in turn in every round (default: ${DEFAULT-VALUE}).")
    List<Integer> workers;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "8", description = "Rounds; the first half warms up, the second is measured (default: ${DEFAULT-VALUE}).")
    int rounds;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (rounds < 2) throw new CommandLine.ParameterException(spec.commandLine(), "--rounds " + rounds + " (expected: >= 2, half of them warm-up)");
        if (!format.equals("json") && !format.equals("table"))
            throw new CommandLine.ParameterException(spec.commandLine(), "--format " + format + " (expected: json or table)");
        if (!Files.isRegularFile(file)) throw new IOException(file + ": no such file");
        Map<Integer, List<Double>> measured = new LinkedHashMap<>();
        int firstMeasured = rounds / 2 + 1;
        for (int round = 1; round <= rounds; round++) {
            List<String> said = new ArrayList<>();
            for (int w : workers) {
                double s = analyze(w);
                said.add(CompiledRounds.one(w, s));
                if (round >= firstMeasured) measured.computeIfAbsent(w, k -> new ArrayList<>()).add(s);
            }
            out.println("round " + round + " of " + rounds + (round < firstMeasured ? " (warm-up)" : "") + ": " + String.join(", ", said));
            out.flush();
        }
        Map<Integer, Double> means = new LinkedHashMap<>();
        for (Map.Entry<Integer, List<Double>> e : measured.entrySet())
            means.put(e.getKey(), e.getValue().stream().mapToDouble(Double::doubleValue).average().orElseThrow());
        out.println(CompiledRounds.result(means, firstMeasured, rounds));
        out.flush();
        return 0;
    }

    /** One analysis in this JVM, its output discarded; its wall time in seconds. */
    private double analyze(int w) throws IOException {
        Path dir = Files.createTempDirectory("wireanalyze-compiled");
        try {
            List<String> args = new ArrayList<>(List.of("analyze", file.toString(), "--format", format, "--workers", Integer.toString(w)));
            if (format.equals("json")) args.addAll(List.of("--out", dir.toString()));
            if (keys != null) args.addAll(List.of("--tls-keylog", keys.toString()));
            StringWriter err = new StringWriter();
            CommandLine analyze = WireAnalyze.commandLine();
            analyze.setOut(new PrintWriter(Writer.nullWriter()));
            analyze.setErr(new PrintWriter(err));
            long t0 = System.nanoTime();
            int code = analyze.execute(args.toArray(String[]::new));
            double seconds = (System.nanoTime() - t0) / 1e9;
            if (code != 0) throw new IOException("analyze " + String.join(" ", args) + " exited " + code + ": " + err.toString().strip());
            return seconds;
        } finally {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
            }
        }
    }
}
