package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class CallRecordTest {

    @Test
    void writesTheDocumentedLine() {
        CallRecord r = new CallRecord(0, 3, CallKind.MEASURED, "sendInts", 81234567, 412345, 1732290000123456L,
                Optional.of("100"));
        assertEquals("0\t3\tmeasured\tsendInts\t81234567\t412345\t1732290000123456\t100", r.toLine());
        assertEquals("0\t7\tmark\twireanalyzeMark\t1\t2\t3\t\\N",
                new CallRecord(0, 7, CallKind.MARK, "wireanalyzeMark", 1, 2, 3, Optional.empty()).toLine());
    }

    @Test
    void roundTripsBackslashesTabsNewlinesTheNullMarkerAndEmptyText() {
        CallRecord text = new CallRecord(2, -1, CallKind.LOOKUP, "lookup", -5, 0, 0,
                Optional.of("Proxy[\"a\\b\"]\n\t\r\u0001é \\N"));
        CallRecord none = new CallRecord(1, 7, CallKind.MARK, "wireanalyzeMark", Long.MAX_VALUE, 1, 2, Optional.empty());
        CallRecord empty = new CallRecord(1, 8, CallKind.MEASURED, "ping", Long.MIN_VALUE, 1, 2, Optional.of(""));
        assertEquals("Proxy[\"a\\\\b\"]\\n\\t\\r\u0001é \\\\N", text.toLine().split("\t")[7]);
        for (CallRecord r : List.of(text, none, empty)) assertEquals(r, CallRecord.fromLine(r.toLine()).orElseThrow());
    }

    @Test
    void reportsTheFieldThatIsWrongWithWhatWasExpected() {
        String ok = "0\t0\twarmup\tping\t1\t2\t3\t\\N";
        assertEquals(new CallRecord(0, 0, CallKind.WARMUP, "ping", 1, 2, 3, Optional.empty()), CallRecord.fromLine(ok).orElseThrow());
        assertEquals("1 fields (expected: 8, tab-separated)", CallRecord.fromLine("").error().orElseThrow());
        assertEquals("9 fields (expected: 8, tab-separated)", CallRecord.fromLine(ok + "\tx").error().orElseThrow());
        assertEquals("field 3 (kind): 'later' (expected: lookup, warmup, mark or measured)",
                CallRecord.fromLine(ok.replace("warmup", "later")).error().orElseThrow());
        assertEquals("field 2 (seq): 'x' (expected: an integer)", CallRecord.fromLine("0\tx\twarmup\tping\t1\t2\t3\t\\N").error().orElseThrow());
        assertEquals("field 2 (seq): -2 (expected: -1..2147483647)", CallRecord.fromLine("0\t-2\twarmup\tping\t1\t2\t3\t\\N").error().orElseThrow());
        assertEquals("field result: escape '\\q' at column 3 (expected: \\\\, \\t, \\n or \\r)",
                CallRecord.fromLine("0\t0\twarmup\tping\t1\t2\t3\tab\\q").error().orElseThrow());
    }

    @Test
    void resultFileRoundTripsAndNamesTheBadLine(@TempDir Path dir) throws IOException {
        List<CallRecord> calls = List.of(
                new CallRecord(0, -1, CallKind.LOOKUP, "lookup", 10, 5, 100, Optional.of("stub")),
                new CallRecord(0, 0, CallKind.MEASURED, "getInt", 20, 6, 101, Optional.of("305419896")));
        Path file = dir.resolve("r.tsv");
        ResultFile.write(file, calls);
        assertEquals(calls, ResultFile.read(file));

        Files.writeString(file, calls.get(0).toLine() + "\n0\t1\n");
        IOException e = assertThrows(IOException.class, () -> ResultFile.read(file));
        assertEquals("result file " + file + " line 2: 2 fields (expected: 8, tab-separated)", e.getMessage());
    }
}
