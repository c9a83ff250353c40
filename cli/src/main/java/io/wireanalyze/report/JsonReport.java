package io.wireanalyze.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.CaptureInfo;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.report.Schema.Column;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The accounting as JSON: one document per capture, an array of them when several. Keys are an interface
 * people script against: add, never rename. The fields of each record, their order and formats are those of
 * {@link Schema}, which the CSV report writes too; this class adds the document's shape. Milliseconds carry 3
 * decimals (microseconds), ratios 4; numbers stay numbers. "?" marks a value that may be null; "omitted" a key
 * left out when its value is unknown.
 *
 * <pre>{@code
 * {
 *   "summary":  { "packets": int, "setupTimeMs": ms?, "setupPackets": int, "invocations": int,
 *                 "dataPackets": int, "overheadPackets": int, "dataPacketRatio": 0..1?,
 *                 "overheadPacketsPerInvocation": number? },
 *   "phases":   { "<Phase.label(): tcp-setup|handshake|naming|dgc|invocation|keepalive|tcp-teardown|unparsed>":
 *                   { "packets": int, "wireBytes": int, "payloadBytes": int, "elapsedMs": ms,
 *                     "spanMs": ms, "retransmissions": int }, ... every phase, in Phase order },
 *   "connections": [ { "id": int, "client": "ip:port", "server": "ip:port", "protocol": "jrmp"|"giop"|"unknown",
 *                      "packets": int, "wireBytes": int, "payloadBytes": int, "c2sPayloadBytes": int,
 *                      "s2cPayloadBytes": int, "startMs": ms, "durationMs": ms, "sawSyn": bool,
 *                      "gapBytes": int, "messages": int, "conflictingBytes": int } ],
 *   "messages": [ { "frame": int?, "lastFrame": int?, "connection": int, "direction": "c2s"|"s2c",
 *                   "protocol": "jrmp"|"giop", "type": "call"|"return"|"ping"|"request"|"reply"|"unparsed"|...,
 *                   "phase": phase label,
 *                   omitted when unknown: "objId": string, "op": int, "hash": "0x%016x" (unsigned),
 *                                         "method": string, "operation": string (the method's plain name),
 *                                         "name": string, "leaseMs": int, "objNum": int,
 *                   "timeMs": ms?, "offset": int, "length": int, "dataLength": int, "requestId": int (GIOP; omitted
 *                   when none), "packets": int,
 *                   then the protocol's details under their own keys (JrmpDetails: "endpoint", "interfaces",
 *                   "exception", ...; GiopDetails: "giopVersion", "replyStatus", ...; unparsed: "reason"); a detail
 *                   key equal to one above is written "extra.<key>" } ],
 *   "invocations": [ { "method": string, "operation": string (omitted when none), "requestFrame": int, "replyFrame": int?, "latencyMs": ms?,
 *                      "packets": int, "dataPackets": int, "overheadPackets": int, "requestBytes": int,
 *                      "replyBytes": int, "connection": int, "warmup": bool, "marker": bool,
 *                      "exception": string (omitted when none), "fragments": int } ],
 *   "capture":  { "frames": int, "tcpPackets": int, "otherFrames": { "<reason>": int }, "durationMs": ms,
 *                 "stopReason": string?, "startNanos": int (epoch ns) },
 *   "source":   string (the capture's path)
 * }
 * }</pre>
 */
public final class JsonReport {

    private final JsonFactory factory = new JsonFactory();
    /**
     * The keys, quoted and escaped once: each column list's keys in its order, and the keys protocols' details write
     * (their code's constants, the same string each time: looked up by identity, at most {@link #DETAIL_KEYS} of them).
     * Jackson otherwise checks every key of every message for characters to escape.
     */
    private final IdentityHashMap<List<?>, SerializableString[]> columnKeys = new IdentityHashMap<>();
    private final IdentityHashMap<String, SerializableString> detailKeys = new IdentityHashMap<>();
    private static final int DETAIL_KEYS = 4096;
    /** Elements of a long list formatted together, on the cores' threads ({@link #array}). */
    private final int batch;

    public JsonReport() {
        this(Batched.BATCH);
    }

    /** A report formatting long lists in batches of {@code batch} elements (tests: small ones, to show the bytes are the same). */
    JsonReport(int batch) {
        this.batch = batch;
    }

    /** One object for one result, an array for several (or none). Leaves {@code out} open. */
    public void write(Writer out, List<AnalysisResult> results) throws IOException {
        try (JsonGenerator g = generator(out)) {
            if (results.size() == 1) {
                result(g, results.get(0));
            } else {
                g.writeStartArray();
                for (AnalysisResult r : results) result(g, r);
                g.writeEndArray();
            }
        }
        out.write(System.lineSeparator());
        out.flush();
    }

    public void write(Writer out, AnalysisResult result) throws IOException {
        write(out, List.of(result));
    }

    private JsonGenerator generator(Writer out) throws IOException {
        JsonGenerator g = factory.createGenerator(out);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN);
        return g.useDefaultPrettyPrinter();
    }

    private void result(JsonGenerator g, AnalysisResult r) throws IOException {
        g.writeStartObject();
        g.writeFieldName("summary");
        object(g, Schema.SUMMARY, r.summary());
        g.writeObjectFieldStart("phases");
        for (Phase p : Phase.values()) {
            g.writeFieldName(p.label());
            object(g, Schema.PHASE, r.phase(p));
        }
        g.writeEndObject();
        array(g, "connections", r.connections(), (report, to, c) -> report.object(to, Schema.CONNECTION, c));
        array(g, "messages", r.messages(), JsonReport::message);
        array(g, "invocations", r.invocations(), (report, to, i) -> report.object(to, Schema.INVOCATION, i));
        capture(g, r.capture());
        g.writeStringField("source", r.source());
        g.writeEndObject();
    }

    /** How one element of an array is written, by a report (its keys' cache) to a generator. */
    private interface Element<T> {
        void write(JsonReport report, JsonGenerator g, T record) throws IOException;
    }

    /**
     * The array {@code name} of {@code list}'s records, the same bytes however it is made. A long list is formatted in
     * batches on the cores' threads ({@link Batched}), each batch by a generator of its own at the array's depth (so
     * its pretty-printed text is what the report's generator would write), and the batches are written in order as
     * raw text.
     */
    private <T> void array(JsonGenerator g, String name, List<T> list, Element<T> element) throws IOException {
        g.writeArrayFieldStart(name);
        if (!Batched.pays(list, batch)) {
            for (T record : list) element.write(this, g, record);
        } else {
            ThreadLocal<JsonReport> reports = ThreadLocal.withInitial(JsonReport::new);
            boolean[] first = {true};
            Batched.write(list, batch, (records, text) -> reports.get().formatted(records, element, text), text -> {
                if (!first[0]) g.writeRaw(',');
                g.writeRaw(text.chars(), 0, text.length());
                first[0] = false;
            });
        }
        g.writeEndArray();
    }

    /**
     * A batch's elements as the report's generator would write them inside an array: each but the first after
     * ", ", the first after the " " the array's pretty printer writes before its first value; into {@code text}.
     */
    private <T> void formatted(List<T> records, Element<T> element, CharRun text) throws IOException {
        try (JsonGenerator b = generator(text)) {
            b.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);   // its close must not end the array in the text returned
            b.writeStartObject();   // the depth of the report's arrays: one object (the result) around them
            b.writeArrayFieldStart("a");
            b.flush();
            text.clear();
            for (T record : records) element.write(this, b, record);
            b.flush();
        }
    }

    private <T> void object(JsonGenerator g, List<Column<T>> columns, T record) throws IOException {
        g.writeStartObject();
        fields(g, columns, record);
        g.writeEndObject();
    }

    private <T> void fields(JsonGenerator g, List<Column<T>> columns, T record) throws IOException {
        SerializableString[] keys = columnKeys.get(columns);
        if (keys == null) {
            keys = columns.stream().map(c -> new SerializedString(c.key())).toArray(SerializableString[]::new);
            columnKeys.put(columns, keys);
        }
        for (int i = 0; i < keys.length; i++) {
            Column<T> c = columns.get(i);
            Object v = c.value().apply(record);
            if (v == null && c.omitWhenNull()) continue;
            g.writeFieldName(keys[i]);
            switch (c.kind()) {
                case PLAIN -> value(g, v);
                case MS, PER -> number(g, Fmt.plain((Double) v, 3));
                case RATIO -> number(g, Fmt.plain((Double) v, 4));
                case HASH -> g.writeString(Fmt.hash((Long) v));
            }
        }
    }

    private void message(JsonGenerator g, MessageRecord r) throws IOException {
        g.writeStartObject();
        fields(g, Schema.MESSAGE, r);
        try {
            r.message().info().details().fields((key, value) -> {
                try {
                    g.writeFieldName(detailKey(key));
                    value(g, value);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        g.writeEndObject();
    }

    /** A detail's key as written: {@code extra.<key>} where it is one of a message's own keys. */
    private SerializableString detailKey(String key) {
        SerializableString k = detailKeys.get(key);
        if (k == null) {
            k = new SerializedString(Schema.MESSAGE_KEYS.contains(key) ? "extra." + key : key);
            if (detailKeys.size() < DETAIL_KEYS) detailKeys.put(key, k);
        }
        return k;
    }

    /** Strings, numbers, booleans, lists and maps as JSON; anything else as its string form. */
    private static void value(JsonGenerator g, Object v) throws IOException {
        if (v == null) {
            g.writeNull();
        } else if (v instanceof String str) {
            g.writeString(str);
        } else if (v instanceof Boolean b) {
            g.writeBoolean(b);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.writeNumber(((Number) v).longValue());
        } else if (v instanceof Number n) {
            number(g, Fmt.plain(n.doubleValue(), 3));
        } else if (v instanceof Collection<?> c) {
            g.writeStartArray();
            for (Object o : c) value(g, o);
            g.writeEndArray();
        } else if (v instanceof Map<?, ?> map) {
            g.writeStartObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.writeFieldName(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.writeEndObject();
        } else {
            g.writeString(v.toString());
        }
    }

    /** A number as {@link Fmt#plain} wrote it; null as JSON's null. */
    private static void number(JsonGenerator g, String plain) throws IOException {
        if (plain == null) g.writeNull();
        else g.writeNumber(plain);
    }

    private static void capture(JsonGenerator g, CaptureInfo c) throws IOException {
        g.writeObjectFieldStart("capture");
        g.writeNumberField("frames", c.frames());
        g.writeNumberField("tcpPackets", c.tcpPackets());
        g.writeObjectFieldStart("otherFrames");
        for (Map.Entry<String, Long> e : c.otherFrames().entrySet()) g.writeNumberField(e.getKey(), e.getValue());
        g.writeEndObject();
        g.writeFieldName("durationMs");
        number(g, Fmt.plain(c.durationMs(), 3));
        g.writeStringField("stopReason", c.stopReason());
        g.writeNumberField("startNanos", c.startNanos());
        g.writeEndObject();
    }
}
