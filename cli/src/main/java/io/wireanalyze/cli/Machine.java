package io.wireanalyze.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** The machine and versions a run's figures came from, for reports that outlive the run. */
final class Machine {
    private Machine() {
    }

    /** One paragraph: when, the OS and kernel, the CPU, the JVM, wireanalyze's version. */
    static String describe() {
        Runtime rt = Runtime.getRuntime();
        String cpu = cpuModel().orElse(System.getProperty("os.arch"));
        String version = Optional.ofNullable(Machine.class.getPackage().getImplementationVersion()).orElse("(classes, not the jar)");
        return "Ran " + Instant.now().truncatedTo(ChronoUnit.SECONDS) + " on " + System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " (" + System.getProperty("os.arch") + "), " + rt.availableProcessors() + " CPU(s): " + cpu + ", " + rt.maxMemory() / (1024 * 1024)
                + " MiB heap at most; Java " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vm.name") + ", "
                + System.getProperty("java.vm.vendor") + "); wireanalyze " + version + ". The workloads' stacks and their versions are in each"
                + " seed's notes. Timings are only as good as the machine was quiet: other work on it while the runs ran shows up in them.";
    }

    private static Optional<String> cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
