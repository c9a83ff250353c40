package io.wireanalyze.report;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OutputFormatTest {

    @Test
    void parsesNamesInAnyCase() {
        assertEquals(OutputFormat.CSV, OutputFormat.parse("csv"));
        assertEquals(OutputFormat.JSON, OutputFormat.parse("JSON"));
        assertEquals(OutputFormat.TABLE, OutputFormat.parse(" Table "));
    }

    @Test
    void printsLowerCaseNamesForCompletionCandidates() {
        assertEquals("table", OutputFormat.TABLE.toString());
        assertEquals("csv", OutputFormat.CSV.toString());
        assertEquals("json", OutputFormat.JSON.toString());
    }

    @Test
    void rejectsAnUnknownNameListingTheChoices() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OutputFormat.parse("xml"));
        assertEquals("output format: xml (expected: one of table, csv, json)", e.getMessage());
    }
}
