package io.wireanalyze.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.accounting.AnalysisResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The report's JSON writer against Jackson's generator with its default pretty printer, the report's writer before
 * it: the same text for the same values, on every capture the tests know and on strings of every character.
 */
class PrettyJsonTest {

    private static final ObjectMapper NUMBERS_AS_WRITTEN = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    static List<Path> everyCapture() throws IOException {
        return io.wireanalyze.testing.TestCaptures.everyCapture();
    }

    /**
     * A capture's report (one result, then two: an array of them), read back and written again by Jackson's pretty
     * printer and by this writer: all three texts the same.
     */
    @ParameterizedTest
    @MethodSource("everyCapture")
    void aReportIsTheTextJacksonWritesForItsValues(Path pcap) throws IOException {
        AnalysisResult r = io.wireanalyze.fixtures.Fixtures.analyze(pcap);
        for (List<AnalysisResult> results : List.of(List.of(r), List.of(r, r))) {
            StringWriter report = new StringWriter();
            new JsonReport(3).write(report, results);
            JsonNode tree = NUMBERS_AS_WRITTEN.readTree(report.toString());
            String jackson = jackson(tree) + System.lineSeparator();
            assertEquals(jackson, report.toString(), pcap + ", " + results.size() + " result(s)");
            assertEquals(jackson, ours(tree) + System.lineSeparator(), pcap + ", the tree again");
        }
    }

    /** Every char from 0 to U+FFFF (control characters, quotes, backslash, DEL, Latin-1, lone surrogates) in values and keys. */
    @Test
    void everyCharacterIsEscapedAsJacksonEscapesIt() throws IOException {
        for (int from = 0; from < 0x10000; from += 0x100) {
            StringBuilder s = new StringBuilder();
            for (int c = from; c < from + 0x100; c++) s.append((char) c);
            String value = s.toString();
            CharRun text = new CharRun(16);
            PrettyJson ours = new PrettyJson(text);
            StringWriter theirs = new StringWriter();
            try (JsonGenerator g = new JsonFactory().createGenerator(theirs).useDefaultPrettyPrinter()) {
                g.writeStartObject();
                g.writeFieldName(value);
                g.writeString(value);
                g.writeFieldName("plain");
                g.writeStartArray();
                g.writeString("a" + value.substring(0, 10) + "z");
                g.writeString("");
                g.writeEndArray();
                g.writeEndObject();
            }
            ours.startObject();
            ours.field(value);
            ours.string(value);
            ours.field(PrettyJson.key("plain"));
            ours.startArray();
            ours.string("a" + value.substring(0, 10) + "z");
            ours.string("");
            ours.endArray();
            ours.endObject();
            assertEquals(theirs.toString(), new String(text.chars(), 0, text.length()), "chars from " + Integer.toHexString(from));
        }
    }

    /** Numbers at the edges, booleans, nulls, empty and nested containers. */
    @Test
    void numbersAndEmptyAndNestedContainersAsJacksonWritesThem() throws IOException {
        StringWriter theirs = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(theirs).useDefaultPrettyPrinter()) {
            g.writeStartArray();
            for (long n : new long[]{0, 7, -7, 10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE}) g.writeNumber(n);
            g.writeNumber("12.75");
            g.writeBoolean(true);
            g.writeBoolean(false);
            g.writeNull();
            g.writeStartObject();
            g.writeEndObject();
            g.writeStartArray();
            g.writeEndArray();
            g.writeStartObject();
            g.writeFieldName("x");
            g.writeStartObject();
            g.writeFieldName("y");
            g.writeStartArray();
            g.writeStartObject();
            g.writeFieldName("z");
            g.writeNumber(1);
            g.writeEndObject();
            g.writeEndArray();
            g.writeEndObject();
            g.writeEndObject();
            g.writeEndArray();
        }
        CharRun text = new CharRun(16);
        PrettyJson g = new PrettyJson(text);
        g.startArray();
        for (long n : new long[]{0, 7, -7, 10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE}) g.number(n);
        g.number("12.75");
        g.bool(true);
        g.bool(false);
        g.nul();
        g.startObject();
        g.endObject();
        g.startArray();
        g.endArray();
        g.startObject();
        g.field("x");
        g.startObject();
        g.field(PrettyJson.key("y"));
        g.startArray();
        g.startObject();
        g.field("z");
        g.number(1);
        g.endObject();
        g.endArray();
        g.endObject();
        g.endObject();
        g.endArray();
        String ours = new String(text.chars(), 0, text.length());
        assertEquals(theirs.toString(), ours);
        assertTrue(ours.contains("[ 0, 7, -7, 10, 99, 100, 9223372036854775807, -9223372036854775808, -2147483648, 12.75, true, false, null, { }, [ ], {"), ours);
    }

    /** A report longer than what the writer holds before it writes: the same text as one written whole. */
    @Test
    void textPastTheBufferIsWrittenInOrder() throws IOException {
        StringWriter out = new StringWriter();
        PrettyJson g = new PrettyJson(new CharRun(16), out);
        CharRun whole = new CharRun(16);
        PrettyJson w = new PrettyJson(whole);
        for (PrettyJson j : List.of(g, w)) {
            j.startArray();
            for (int i = 0; i < 20_000; i++) {
                j.startObject();
                j.field("n");
                j.number(i);
                j.field("s");
                j.string("\"" + i + "\t");
                j.endObject();
            }
            j.endArray();
        }
        g.flush();
        assertTrue(out.toString().length() > 1 << 18);
        assertEquals(new String(whole.chars(), 0, whole.length()), out.toString());
    }

    private static String jackson(JsonNode tree) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w).useDefaultPrettyPrinter()) {
            jackson(g, tree);
        }
        return w.toString();
    }

    private static void jackson(JsonGenerator g, JsonNode n) throws IOException {
        if (n.isObject()) {
            g.writeStartObject();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                g.writeFieldName(e.getKey());
                jackson(g, e.getValue());
            }
            g.writeEndObject();
        } else if (n.isArray()) {
            g.writeStartArray();
            for (JsonNode v : n) jackson(g, v);
            g.writeEndArray();
        } else if (n.isTextual()) {
            g.writeString(n.textValue());
        } else if (n.isIntegralNumber()) {
            g.writeNumber(n.longValue());
        } else if (n.isNumber()) {
            g.writeNumber(n.decimalValue().toPlainString());
        } else if (n.isBoolean()) {
            g.writeBoolean(n.booleanValue());
        } else {
            g.writeNull();
        }
    }

    private static String ours(JsonNode tree) throws IOException {
        CharRun text = new CharRun(16);
        ours(new PrettyJson(text), tree);
        return new String(text.chars(), 0, text.length());
    }

    private static void ours(PrettyJson g, JsonNode n) throws IOException {
        if (n.isObject()) {
            g.startObject();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                g.field(e.getKey());
                ours(g, e.getValue());
            }
            g.endObject();
        } else if (n.isArray()) {
            g.startArray();
            for (JsonNode v : n) ours(g, v);
            g.endArray();
        } else if (n.isTextual()) {
            g.string(n.textValue());
        } else if (n.isIntegralNumber()) {
            g.number(n.longValue());
        } else if (n.isNumber()) {
            g.number(n.decimalValue().toPlainString());
        } else if (n.isBoolean()) {
            g.bool(n.booleanValue());
        } else {
            g.nul();
        }
    }
}
