package io.wireanalyze.bench;

import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code wireanalyze bench synthesize}: one synthetic capture, written where asked. */
@Command(name = "synthesize", aliases = "synth", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write a large capture made of the fixtures' TCP sessions replayed many times over (docs/benchmark.md): "
                + "each replay with its own addresses (198.18.0.0/15), sequence numbers and start time, many under way at once.")
final class SynthesizeCommand implements Callable<Integer> {

    static final class Size {
        @Option(names = "--size", paramLabel = "BYTES", description = "File size to reach, with k, m or g (e.g. 1g).")
        String size;

        @Option(names = "--packets", paramLabel = "N", description = "Packets to reach (default: 1500000).")
        Long packets;
    }

    @ArgGroup(exclusive = true)
    Size size = new Size();

    @Option(names = "--mtu", paramLabel = "BYTES", defaultValue = "0", description = "Cut TCP payloads so that no IP packet exceeds this (e.g. 1500); 0: as captured (default).")
    int mtu;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed of the replay order, start times and sequence numbers (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--one-server", description = "Every replay's servers on one address (each keeping its port): one server host talking to thousands of clients.")
    boolean oneServer;

    @Option(names = "--fixtures", paramLabel = "DIR", description = "The fixtures to replay (default: the repository's fixtures/ beside the jar, else ./fixtures).")
    Path fixtures;

    @Parameters(paramLabel = "OUT", description = "The pcap to write (a TLS key log for its TLS sessions goes beside it, OUT without .pcap plus .keys).")
    Path out;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CaptureSynthesizer.Options options;
        try {
            SynthesisTarget target = size.size != null ? new SynthesisTarget.Bytes(SynthesisTarget.Sizes.parse(size.size))
                    : new SynthesisTarget.Packets(size.packets != null ? size.packets : 1_500_000);
            if (target instanceof SynthesisTarget.Packets p && p.packets() < 1) throw new IllegalArgumentException("--packets " + p.packets() + " (expected: >= 1)");
            options = new CaptureSynthesizer.Options(target, mtu, seed, oneServer);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        Path dir = fixtures != null ? fixtures : BenchCommand.defaultFixtures(Path.of(SynthesizeCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        Path parent = out.toAbsolutePath().getParent();
        if (!Files.isDirectory(parent)) throw new IOException(out + ": its folder " + parent + " does not exist");
        if (!Files.isWritable(parent)) throw new IOException(out + ": its folder " + parent + " is not writable");
        io.wireanalyze.console.Progress ticker = new io.wireanalyze.console.Progress(spec.commandLine().getErr());
        long start = System.nanoTime();
        CaptureSynthesizer.Summary s = CaptureSynthesizer.write(CaptureSynthesizer.templates(dir), options, out, (n, total) ->
                ticker.tick(String.format(Locale.ROOT, "writing %s: %.0f%% (%,d of %,d packets)", out.getFileName(), 100.0 * n / total, n, total)));
        ticker.clear();
        spec.commandLine().getOut().printf(Locale.ROOT, "%s: %,d packets, %,d bytes, %,d replays (%d rounds; at most %,d under way at once) in %.1f s%s%n",
                s.file(), s.packets(), s.bytes(), s.replays(), s.rounds(), s.mostUnderWay(), (System.nanoTime() - start) / 1e9, s.keyLog() == null ? "" : "; TLS key log " + s.keyLog());
        return 0;
    }
}
