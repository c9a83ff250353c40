package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.AnalysisResult.PacketRow;
import io.wireanalyze.accounting.AnalysisResult.PhaseStats;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The accounting as CSV files, for each capture with base name B (file name without extension):
 * {@code B.phases.csv}, {@code B.invocations.csv}, {@code B.messages.csv} and {@code B.packets.csv}, one row
 * per phase, invocation, message and TCP packet. Headers use the JSON report's keys; every frame number can be
 * looked up in Wireshark ({@code frame.number == N}). Empty cells are unknown values; ms carry 3 decimals;
 * lines end with LF. Two captures with the same base name get {@code B-2}, {@code B-3}...
 */
public final class CsvReport {

    static final String[] PHASES = {"phase", "packets", "wireBytes", "payloadBytes", "elapsedMs", "spanMs", "retransmissions"};
    static final String[] INVOCATIONS = {"method", "requestFrame", "replyFrame", "latencyMs", "packets", "dataPackets",
            "overheadPackets", "requestBytes", "replyBytes", "connection", "warmup", "marker", "exception", "fragments"};
    /** {@code extra} holds the decoder's extra fields as {@code key=value} joined by "; ". */
    static final String[] MESSAGES = {"frame", "lastFrame", "connection", "direction", "protocol", "type", "phase",
            "objId", "op", "hash", "method", "name", "leaseMs", "objNum", "timeMs", "offset", "length", "dataLength",
            "packets", "extra"};
    static final String[] PACKETS = {"frame", "timeMs", "connection", "direction", "wireLength", "payloadLength",
            "flags", "phase", "message", "data", "retransmission"};

    private final Path dir;

    /** Writes into {@code dir}, creating it when missing. */
    public CsvReport(Path dir) {
        this.dir = dir;
    }

    /** Writes every result's files; returns them in the order written. */
    public List<Path> write(List<AnalysisResult> results) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (AnalysisResult r : results) {
            String base = Fmt.baseName(r.source());
            String unique = base;
            for (int n = 2; !used.add(unique); n++) unique = base + "-" + n;
            written.addAll(write(r, unique));
        }
        return written;
    }

    private List<Path> write(AnalysisResult r, String base) throws IOException {
        List<Path> files = new ArrayList<>();
        try (CSVPrinter p = printer(files, base + ".phases.csv", PHASES)) {
            for (Phase ph : Phase.values()) {
                PhaseStats s = r.phase(ph);
                p.printRecord(ph.label(), s.packets(), s.wireBytes(), s.payloadBytes(), Fmt.ms(s.elapsedMs()),
                        Fmt.ms(s.spanMs()), s.retransmissions());
            }
        }
        try (CSVPrinter p = printer(files, base + ".invocations.csv", INVOCATIONS)) {
            for (InvocationRecord i : r.invocations()) {
                p.printRecord(i.method(), i.requestFrame(), i.replyFrame(), ms(i.latencyMs()), i.packets(),
                        i.dataPackets(), i.overheadPackets(), i.requestBytes(), i.replyBytes(), i.connection(),
                        i.warmup(), i.marker(), i.exception(), i.fragments());
            }
        }
        try (CSVPrinter p = printer(files, base + ".messages.csv", MESSAGES)) {
            for (MessageRecord mr : r.messages()) {
                Message m = mr.message();
                MessageInfo i = m.info();
                p.printRecord(mr.frame(), mr.lastFrame(), mr.connection(), m.direction().label(), m.protocol().label(),
                        m.type(), m.phase().label(), i.objId(), i.op(), Fmt.hash(i.hash()), i.method(), i.name(),
                        i.leaseMs(), i.objNum(), ms(mr.timeMs()), m.offset(), m.length(), m.dataLength(), mr.packets(),
                        extra(i));
            }
        }
        try (CSVPrinter p = printer(files, base + ".packets.csv", PACKETS)) {
            for (PacketRow row : r.packets()) {
                p.printRecord(row.frame(), Fmt.ms(row.timeMs()), row.connection(), row.direction(), row.wireLength(),
                        row.payloadLength(), row.flags(), row.phase().label(), row.message(), row.data(),
                        row.retransmission());
            }
        }
        return files;
    }

    private CSVPrinter printer(List<Path> files, String name, String[] header) throws IOException {
        Path file = dir.resolve(name);
        files.add(file);
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return CSVFormat.DEFAULT.builder().setHeader(header).setRecordSeparator('\n').build().print(w);
    }

    private static String ms(Double ms) {
        return ms == null ? null : Fmt.ms(ms);
    }

    private static String extra(MessageInfo i) {
        return i.extra().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
    }
}
