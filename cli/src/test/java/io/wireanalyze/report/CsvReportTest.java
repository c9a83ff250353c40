package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvReportTest {

    private static AnalysisResult ndpi;

    @TempDir
    Path dir;

    @BeforeAll
    static void analyse() {
        ndpi = Captures.analyse(Captures.ndpiJrmi());
    }

    private static List<CSVRecord> read(Path file, String[] header) throws IOException {
        try (Reader r = Files.newBufferedReader(file);
             CSVParser p = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(r)) {
            assertEquals(List.of(header), p.getHeaderNames(), "header of " + file);
            return p.getRecords();
        }
    }

    /** A long list's rows printed in batches on every core are the bytes one printer writes, whatever the batch size. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.MethodSource("io.wireanalyze.report.JsonReportTest#everyCapture")
    void rowsPrintedInBatchesAreTheBytesOnePrinterWrites(Path pcap, @TempDir Path out) throws IOException {
        AnalysisResult r = io.wireanalyze.fixtures.Fixtures.analyze(pcap);
        List<Path> whole = new CsvReport(out.resolve("whole"), Integer.MAX_VALUE).write(List.of(r));
        for (int batch : new int[]{1, 3, Batched.BATCH}) {
            List<Path> batched = new CsvReport(out.resolve("batches-of-" + batch), batch).write(List.of(r));
            assertEquals(whole.size(), batched.size());
            for (int i = 0; i < whole.size(); i++)
                assertEquals(Files.readString(whole.get(i)), Files.readString(batched.get(i)), pcap + ": " + batched.get(i));
        }
    }

    @Test
    void writesFiveFilesPerCaptureNamedAfterIt() throws IOException {
        List<Path> files = new CsvReport(dir).write(List.of(ndpi));
        assertEquals(List.of("ndpi-jrmi.phases.csv", "ndpi-jrmi.connections.csv", "ndpi-jrmi.invocations.csv",
                        "ndpi-jrmi.messages.csv", "ndpi-jrmi.packets.csv"),
                files.stream().map(f -> f.getFileName().toString()).toList());
        files.forEach(f -> assertEquals(dir, f.getParent()));
    }

    @Test
    void connectionRowsAreTheJsonConnections() throws IOException {
        new CsvReport(dir).write(List.of(ndpi));
        List<CSVRecord> rows = read(dir.resolve("ndpi-jrmi.connections.csv"), CsvReport.CONNECTIONS);
        assertEquals(ndpi.connections().size(), rows.size());
        var c = ndpi.connections().get(0);
        assertEquals(List.of(Integer.toString(c.id()), c.client(), c.server(), "jrmp", Long.toString(c.packets())),
                rows.get(0).toList().subList(0, 5));
        assertEquals(Long.toString(c.wireBytes()), rows.get(0).get("wireBytes"));
    }

    @Test
    void phaseRowsUseTheJsonKeysAndAddUpToTheSummaryPackets() throws IOException {
        new CsvReport(dir).write(List.of(ndpi));
        List<CSVRecord> rows = read(dir.resolve("ndpi-jrmi.phases.csv"), CsvReport.PHASES);
        assertEquals(8, rows.size());
        CSVRecord naming = rows.get(2);
        assertEquals(List.of("naming", "4", "647", "383", "78.954", "69.162", "0"), naming.toList());
        assertEquals(ndpi.summary().packets(), rows.stream().mapToLong(r -> Long.parseLong(r.get("packets"))).sum());
    }

    @Test
    void everyPacketRowCarriesItsWiresharkFrameNumber() throws IOException {
        new CsvReport(dir).write(List.of(ndpi));
        List<CSVRecord> rows = read(dir.resolve("ndpi-jrmi.packets.csv"), CsvReport.PACKETS);
        assertEquals(19, rows.size());
        for (int i = 0; i < rows.size(); i++) assertEquals(Integer.toString(i + 1), rows.get(i).get("frame"));
        assertEquals(List.of("1", "0.000", "1", "c2s", "74", "0", "SYN", "tcp-setup", "", "false", "false"), rows.get(0).toList());
        assertEquals(List.of("4", "10.882", "1", "c2s", "73", "7", "PSH, ACK", "handshake", "header", "false", "false"), rows.get(3).toList());
    }

    @Test
    void messageRowsCarryHashNameAndExtras() throws IOException {
        new CsvReport(dir).write(List.of(ndpi));
        List<CSVRecord> rows = read(dir.resolve("ndpi-jrmi.messages.csv"), CsvReport.MESSAGES);
        assertEquals(8, rows.size());
        CSVRecord call = rows.stream().filter(r -> r.get("frame").equals("9")).findFirst().orElseThrow();
        assertEquals("0x44154dc9d4e63bdf", call.get("hash"));
        assertEquals("MessengerService", call.get("name"));
        assertEquals("lookup", call.get("method"));
        assertEquals("22.596", call.get("timeMs"));
        assertEquals("", call.get("leaseMs"));
        CSVRecord header = rows.get(0);
        // The decoder builds this one from Map.of, whose order changes from run to run.
        assertEquals("version=2; jrmpProtocol=StreamProtocol", header.get("extra"));
    }

    @Test
    void invocationRowsLeaveUnknownValuesEmpty() throws IOException {
        new CsvReport(dir).write(List.of(HandMade.result()));
        List<CSVRecord> rows = read(dir.resolve("hand-made.invocations.csv"), CsvReport.INVOCATIONS);
        assertEquals(7, rows.size());
        assertEquals(List.of("sayHello", "sayHello", "29", "31", "10.000", "3", "1", "2", "60", "120", "1", "false", "false",
                "java.rmi.RemoteException", "0", "", "", "", "", "", "", "", ""), rows.get(4).toList());
        assertEquals(List.of("sayHello", "sayHello", "35", "", "", "3", "1", "2", "60", "0", "1", "false", "false", "", "0", "", "", "", "", "", "", "", ""),
                rows.get(6).toList());
    }

    @Test
    void capturesWithTheSameBaseNameGetNumberedFiles() throws IOException {
        List<Path> files = new CsvReport(dir.resolve("out")).write(List.of(ndpi, ndpi));
        assertEquals(10, files.size());
        assertEquals("ndpi-jrmi-2.phases.csv", files.get(5).getFileName().toString());
        assertEquals(10, files.stream().filter(Files::isRegularFile).count());
    }
}
