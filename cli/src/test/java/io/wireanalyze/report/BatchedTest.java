package io.wireanalyze.report;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Batches formatted on the cores' threads and written, in order, by the writing thread; failures reach the caller. */
class BatchedTest {

    private static final List<Integer> RECORDS = IntStream.range(0, 10_007).boxed().toList();

    private static void numbers(List<Integer> batch, CharRun text) throws IOException {
        for (int n : batch) text.write(n + ",");
    }

    @Test
    void theTextsAreWrittenInTheListsOrderByOneThread() throws IOException {
        StringBuilder written = new StringBuilder();
        List<String> threads = new ArrayList<>();
        Batched.write(RECORDS, 7, CharRun::forRecords, BatchedTest::numbers, text -> {
            text.writeTo(written);
            threads.add(Thread.currentThread().getName());
        });
        StringBuilder expected = new StringBuilder();
        for (int n : RECORDS) expected.append(n).append(',');
        assertEquals(expected.toString(), written.toString());
        assertEquals(10_007 / 7 + 1, threads.size());
        assertTrue(threads.stream().allMatch("wireanalyze-write"::equals), threads.toString());
    }

    @Test
    void whatABatchsFormattingThrowsTheCallThrows() {
        IOException e = assertThrows(IOException.class, () -> Batched.write(RECORDS, 7, CharRun::forRecords, (batch, text) -> {
            if (batch.contains(5_000)) throw new IOException("batch of 5000");
            numbers(batch, text);
        }, text -> { }));
        assertEquals("batch of 5000", e.getMessage());
        IllegalStateException bug = assertThrows(IllegalStateException.class, () -> Batched.write(RECORDS, 7, CharRun::forRecords, (batch, text) -> {
            if (batch.contains(9)) throw new IllegalStateException("a formatter's bug");
        }, text -> { }));
        assertEquals("a formatter's bug", bug.getMessage());
    }

    @Test
    void whatWritingThrowsTheCallThrowsAndNothingIsWrittenAfterIt() {
        int[] writes = {0};
        IOException e = assertThrows(IOException.class, () -> Batched.write(RECORDS, 7, CharRun::forRecords, BatchedTest::numbers, text -> {
            if (++writes[0] == 3) throw new IOException("disk full");
        }));
        assertEquals("disk full", e.getMessage());
        assertEquals(3, writes[0]);
        assertFalse(Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals("wireanalyze-write") && t.isAlive()),
                "the writing thread has stopped");
    }
}
