package io.wireanalyze.cli;

import io.wireanalyze.profile.CpuProfile;
import io.wireanalyze.workloads.CallRecord;
import io.wireanalyze.workloads.FlightRecording;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code --profile} for capture, compare and reproduce: the workload JVMs' flight recordings go into a folder beside
 * the capture ({@code run.pcap} gives {@code run-jfr/}, kept), and once the run is over they are read
 * ({@link CpuProfile}) and the table written beside them as {@code run-profile.csv}.
 */
final class Profiling {
    private Profiling() {
    }

    /** {@code run-jfr} beside {@code run.pcap}. */
    static Path folderBeside(Path pcap) {
        String name = pcap.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return pcap.toAbsolutePath().resolveSibling((dot > 0 ? name.substring(0, dot) : name) + "-jfr");
    }

    /** The folder made empty of older recordings, ready for this run's. */
    static Path prepare(Path pcap, Ownership owner) throws IOException {
        Path dir = folderBeside(pcap);
        owner.createDirectories(dir);
        try (Stream<Path> old = Files.list(dir)) {
            for (Path f : old.filter(p -> p.getFileName().toString().endsWith(".jfr")).toList()) Files.delete(f);
        }
        return dir;
    }

    /** Reads the run's recordings within its measured calls; the folder, its files and the CSV handed to the sudo user. */
    static CpuProfile read(Path pcap, List<CallRecord> calls, Ownership owner) throws IOException {
        Path dir = folderBeside(pcap);
        CpuProfile profile = CpuProfile.read(dir, calls);
        Path csv = dir.resolveSibling(dir.getFileName().toString().replaceFirst("-jfr$", "-profile.csv"));
        Files.writeString(csv, profile.csv(), StandardCharsets.UTF_8);
        owner.own(dir);
        owner.ownAll(profile.files());
        owner.own(dir.resolve(FlightRecording.SETTINGS_FILE));
        owner.own(csv);
        return profile;
    }
}
