package io.wireanalyze.workloads;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A client's result file: one {@link CallRecord#toLine()} per line. */
public final class ResultFile {

    private ResultFile() {
    }

    public static void write(Path file, List<CallRecord> calls) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (CallRecord c : calls) {
                w.write(c.toLine());
                w.write('\n');
            }
        }
    }

    /**
     * Reads every record. A line that is not a record is an I/O-level failure (the file was not written
     * by a workload client, or was cut short): the exception names file, line number and problem.
     */
    public static List<CallRecord> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<CallRecord> calls = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) continue;
            Parsed<CallRecord> parsed = CallRecord.fromLine(line);
            if (parsed.error().isPresent())
                throw new IOException("result file " + file + " line " + (i + 1) + ": " + parsed.error().get());
            calls.add(parsed.orElseThrow());
        }
        return List.copyOf(calls);
    }
}
