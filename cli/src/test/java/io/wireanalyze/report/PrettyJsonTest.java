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
import java.nio.charset.StandardCharsets;
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
            String jackson = jackson(tree(tree)) + System.lineSeparator();
            assertEquals(jackson, report.toString(), pcap + ", " + results.size() + " result(s)");
            assertEquals(jackson, ours(tree(tree)) + System.lineSeparator(), pcap + ", the tree again");
        }
    }

    /**
     * Every char from 0 to U+FFFF (control characters, quotes, backslash, DEL, Latin-1, lone surrogates) in values and
     * keys, and every pair of surrogates of one plane's worth of code points: Jackson's text written as UTF-8.
     */
    @Test
    void everyCharacterIsEscapedAsJacksonEscapesIt() throws IOException {
        for (int from = 0; from < 0x10000; from += 0x100) {
            StringBuilder s = new StringBuilder();
            for (int c = from; c < from + 0x100; c++) s.append((char) c);
            String value = s.toString();
            Script script = t -> {
                t.startObject();
                t.field(value);
                t.string(value);
                t.field("plain");
                t.startArray();
                t.string("a" + value.substring(0, 10) + "z");
                t.string("");
                t.endArray();
                t.endObject();
            };
            assertEquals(asWritten(jackson(script)), ours(script), "chars from " + Integer.toHexString(from));
        }
        StringBuilder pairs = new StringBuilder();
        for (int cp = 0x10000; cp < 0x20000; cp += 0x11) pairs.appendCodePoint(cp).append('\uDC00').append('\uD800').append('x');
        String value = pairs.toString();
        Script script = t -> {
            t.startArray();
            t.string(value);
            t.string(value.substring(1));   // starting with a low surrogate, and ending with a high one
            t.endArray();
        };
        String ours = ours(script);
        assertEquals(asWritten(jackson(script)), ours);
        assertTrue(ours.contains(new StringBuilder().appendCodePoint(0x10011) + "??x"), "a pair encoded whole, each lone half as ?");
    }

    /** Numbers at the edges, booleans, nulls, empty and nested containers. */
    @Test
    void numbersAndEmptyAndNestedContainersAsJacksonWritesThem() throws IOException {
        Script script = t -> {
            t.startArray();
            for (long n : new long[]{0, 7, -7, 10, 99, 100, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE,
                    Integer.MAX_VALUE + 1L, -Integer.MAX_VALUE, Integer.MIN_VALUE - 1L, 999_999_999, 1_000_000_000, 9_999_999_999L}) t.number(n);
            t.number("12.75");
            t.bool(true);
            t.bool(false);
            t.nul();
            t.startObject();
            t.endObject();
            t.startArray();
            t.endArray();
            t.startObject();
            t.field("x");
            t.startObject();
            t.field("y");
            t.startArray();
            t.startObject();
            t.field("z");
            t.number(1);
            t.endObject();
            t.endArray();
            t.endObject();
            t.endObject();
            t.string(null);   // JSON's null, as Jackson writes it
            t.number((String) null);
            t.endArray();
        };
        String ours = ours(script);
        assertEquals(jackson(script), ours);
        assertTrue(ours.contains("[ 0, 7, -7, 10, 99, 100, 9223372036854775807, -9223372036854775808, -2147483648, 2147483647, "
                + "2147483648, -2147483647, -2147483649, 999999999, 1000000000, 9999999999, 12.75, true, false, null, { }, [ ], {"), ours);
    }

    /** A report longer than what the writer holds before it writes: the same text as one written whole. */
    @Test
    void textPastTheBufferIsWrittenInOrder() throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        PrettyJson g = new PrettyJson(new ByteRun(16), out);
        ByteRun whole = new ByteRun(16);
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
        assertTrue(out.size() > 1 << 18);
        assertEquals(whole.toString(), out.toString(StandardCharsets.UTF_8));
    }

    /** The calls a JSON text is written by, made to Jackson's generator or to this writer. */
    private interface Tokens {
        void startObject() throws IOException;

        void endObject() throws IOException;

        void startArray() throws IOException;

        void endArray() throws IOException;

        void field(String name) throws IOException;

        void string(String s) throws IOException;

        void number(long n) throws IOException;

        void number(String plain) throws IOException;

        void bool(boolean b) throws IOException;

        void nul() throws IOException;
    }

    private interface Script {
        void write(Tokens t) throws IOException;
    }

    private static String jackson(Script script) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(w).useDefaultPrettyPrinter()) {
            script.write(new Tokens() {
                public void startObject() throws IOException { g.writeStartObject(); }
                public void endObject() throws IOException { g.writeEndObject(); }
                public void startArray() throws IOException { g.writeStartArray(); }
                public void endArray() throws IOException { g.writeEndArray(); }
                public void field(String name) throws IOException { g.writeFieldName(name); }
                public void string(String s) throws IOException { g.writeString(s); }
                public void number(long n) throws IOException { g.writeNumber(n); }
                public void number(String plain) throws IOException { g.writeNumber(plain); }
                public void bool(boolean b) throws IOException { g.writeBoolean(b); }
                public void nul() throws IOException { g.writeNull(); }
            });
        }
        return w.toString();
    }

    /** The same calls to this writer; keys through {@link PrettyJson#key} (as the report's own keys go) where they are plain. */
    private static String ours(Script script) throws IOException {
        ByteRun text = new ByteRun(16);
        PrettyJson g = new PrettyJson(text);
        script.write(new Tokens() {
            public void startObject() throws IOException { g.startObject(); }
            public void endObject() { g.endObject(); }
            public void startArray() throws IOException { g.startArray(); }
            public void endArray() { g.endArray(); }
            public void field(String name) throws IOException {
                if (name.chars().allMatch(c -> c >= 'a' && c <= 'z')) g.field(PrettyJson.key(name));
                else g.field(name);
            }
            public void string(String s) throws IOException { g.string(s); }
            public void number(long n) throws IOException { g.number(n); }
            public void number(String plain) throws IOException { g.number(plain); }
            public void bool(boolean b) throws IOException { g.bool(b); }
            public void nul() throws IOException { g.nul(); }
        });
        return text.toString();
    }

    /**
     * Jackson's text as it goes out in UTF-8 (where a lone surrogate, which UTF-8 cannot encode, becomes {@code ?}),
     * read back.
     */
    private static String asWritten(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    /** A JSON tree written again, numbers as they were written ({@link #NUMBERS_AS_WRITTEN}). */
    private static Script tree(JsonNode n) {
        return t -> walk(t, n);
    }

    private static void walk(Tokens t, JsonNode n) throws IOException {
        if (n.isObject()) {
            t.startObject();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                t.field(e.getKey());
                walk(t, e.getValue());
            }
            t.endObject();
        } else if (n.isArray()) {
            t.startArray();
            for (JsonNode v : n) walk(t, v);
            t.endArray();
        } else if (n.isTextual()) {
            t.string(n.textValue());
        } else if (n.isIntegralNumber()) {
            t.number(n.longValue());
        } else if (n.isNumber()) {
            t.number(n.decimalValue().toPlainString());
        } else if (n.isBoolean()) {
            t.bool(n.booleanValue());
        } else {
            t.nul();
        }
    }
}
