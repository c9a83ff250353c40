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
        assertEquals("{\"client\":0,\"seq\":3,\"kind\":\"measured\",\"method\":\"sendInts\",\"warmup\":false,"
                + "\"startNanos\":81234567,\"elapsedNanos\":412345,\"startEpochMicros\":1732290000123456,"
                + "\"result\":\"100\"}", r.toJson());
    }

    @Test
    void roundTripsQuotesBackslashesControlCharactersAndNull() {
        CallRecord text = new CallRecord(2, -1, CallKind.LOOKUP, "lookup", -5, 0, 0,
                Optional.of("Proxy[\"a\\b\"]\n\t\u0001é"));
        CallRecord none = new CallRecord(1, 7, CallKind.MARK, "wireanalyzeMark", Long.MAX_VALUE, 1, 2, Optional.empty());
        assertEquals(text, CallRecord.fromJson(text.toJson()).orElseThrow());
        assertEquals(none, CallRecord.fromJson(none.toJson()).orElseThrow());
    }

    @Test
    void readsFieldsInAnyOrderWithSpacesAndUnknownFields() {
        String line = "{ \"result\" : null , \"extra\": [1], \"kind\":\"warmup\" }";
        assertEquals("at column 30: '[' (expected: a string, number, true, false or null)",
                CallRecord.fromJson(line).error().orElseThrow());
        String ok = " {\"seq\": 0, \"x\": 1.5e3, \"client\":0, \"kind\":\"warmup\",\"method\":\"ping\",\"startNanos\":1,"
                + "\"elapsedNanos\":2,\"startEpochMicros\":3,\"warmup\":true,\"result\":null} ";
        assertEquals(new CallRecord(0, 0, CallKind.WARMUP, "ping", 1, 2, 3, Optional.empty()),
                CallRecord.fromJson(ok).orElseThrow());
    }

    @Test
    void reportsMissingAndMistypedFields() {
        assertEquals("field 'client': missing (expected: an integer)", CallRecord.fromJson("{}").error().orElseThrow());
        String badKind = "{\"client\":0,\"seq\":0,\"kind\":\"later\",\"method\":\"ping\",\"startNanos\":1,"
                + "\"elapsedNanos\":2,\"startEpochMicros\":3,\"result\":null}";
        assertEquals("field 'kind': 'later' (expected: lookup, warmup, mark or measured)",
                CallRecord.fromJson(badKind).error().orElseThrow());
        assertEquals("field 'seq': \"0\" (expected: an integer)",
                CallRecord.fromJson(badKind.replace("\"seq\":0", "\"seq\":\"0\"")).error().orElseThrow());
        assertEquals("at column 13: end of line (expected: a closing '\"')",
                CallRecord.fromJson("{\"client\":\"0").error().orElseThrow());
        assertEquals("at column 4: 'x' (expected: end of line)", CallRecord.fromJson("{} x").error().orElseThrow());
    }

    @Test
    void resultFileRoundTripsAndNamesTheBadLine(@TempDir Path dir) throws IOException {
        List<CallRecord> calls = List.of(
                new CallRecord(0, -1, CallKind.LOOKUP, "lookup", 10, 5, 100, Optional.of("stub")),
                new CallRecord(0, 0, CallKind.MEASURED, "getInt", 20, 6, 101, Optional.of("305419896")));
        Path file = dir.resolve("r.jsonl");
        ResultFile.write(file, calls);
        assertEquals(calls, ResultFile.read(file));

        Files.writeString(file, calls.get(0).toJson() + "\n{\"client\":0,\n");
        IOException e = assertThrows(IOException.class, () -> ResultFile.read(file));
        assertEquals("result file " + file + " line 2: at column 13: end of line (expected: a field name in quotes)",
                e.getMessage());
    }
}
