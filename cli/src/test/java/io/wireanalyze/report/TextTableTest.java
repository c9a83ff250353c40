package io.wireanalyze.report;

import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TextTableTest {

    private static String print(TextTable t) {
        StringWriter s = new StringWriter();
        try (PrintWriter w = new PrintWriter(s)) {
            t.print(w, "> ");
        }
        return s.toString().replace(System.lineSeparator(), "\n");
    }

    @Test
    void rightAlignsNumberColumnsAndLeftAlignsTextColumns() {
        TextTable t = new TextTable("phase", "packets", "share", "elapsed ms")
                .row("naming", 4, "21.1%", "78.954")
                .row("tcp-teardown", 13, "n/a", "6.423");
        assertEquals("""
                > phase         packets  share  elapsed ms
                > ----------------------------------------
                > naming              4  21.1%      78.954
                > tcp-teardown       13    n/a       6.423
                """, print(t));
    }

    @Test
    void drawsARuleAboveTheTotalRow() {
        TextTable t = new TextTable("phase", "packets").row("a", 1).row("b", 22).rule().row("total", 23);
        assertEquals("""
                > phase  packets
                > --------------
                > a            1
                > b           22
                > --------------
                > total       23
                """, print(t));
    }

    @Test
    void printsNoHeaderWhenAllHeadersAreEmpty() {
        TextTable t = new TextTable("", "").row("set-up time ms", "n/a").row("invocations", "0");
        assertEquals("""
                > set-up time ms  n/a
                > invocations       0
                """, print(t));
    }

    @Test
    void aColumnMixingTextAndNumbersIsLeftAligned() {
        TextTable t = new TextTable("id", "what").row(1, "lookup").row(10, "100");
        assertEquals("""
                > id  what
                > ----------
                >  1  lookup
                > 10  100
                """, print(t));
    }

    @Test
    void rejectsARowWiderThanTheHeader() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new TextTable("a").row(1, 2));
        assertEquals("row of 2 cells (expected: <= 1)", e.getMessage());
    }
}
