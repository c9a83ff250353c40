package io.wireanalyze.report;

import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.CaptureInfo;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.report.Schema.Column;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
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

    /**
     * The keys, quoted and escaped once ({@link PrettyJson#key}): each column list's keys in its order, and the keys
     * protocols' details write (their code's constants, the same string each time: looked up by identity, at most
     * {@link #DETAIL_KEYS} of them).
     */
    private final IdentityHashMap<List<?>, PrettyJson.Key[]> columnKeys = new IdentityHashMap<>();
    private final IdentityHashMap<String, PrettyJson.Key> detailKeys = new IdentityHashMap<>();
    private static final int DETAIL_KEYS = 4096;
    /** A message's detail columns, taken once a message. */
    private final Schema.DetailValues detailValues = new Schema.DetailValues();
    /** Elements of a long list formatted together, on the cores' threads ({@link #array}). */
    private final int batch;

    public JsonReport() {
        this(Batched.BATCH);
    }

    /** A report formatting long lists in batches of {@code batch} elements (tests: small ones, to show the bytes are the same). */
    JsonReport(int batch) {
        this.batch = batch;
    }

    private static final byte[] EOL = System.lineSeparator().getBytes(StandardCharsets.US_ASCII);

    /** One object for one result, an array for several (or none), as UTF-8. Leaves {@code out} open. */
    public void write(OutputStream out, List<AnalysisResult> results) throws IOException {
        PrettyJson g = new PrettyJson(new ByteRun(1 << 17), out);
        if (results.size() == 1) {
            result(g, results.get(0));
        } else {
            g.startArray();
            for (AnalysisResult r : results) result(g, r);
            g.endArray();
        }
        g.flush();
        out.write(EOL);
        out.flush();
    }

    public void write(OutputStream out, AnalysisResult result) throws IOException {
        write(out, List.of(result));
    }

    /**
     * The same text to a writer of chars (a test's, say), decoded as it is written: a lone surrogate reaches it as
     * {@code ?}, as it reaches a file. Leaves {@code out} open.
     */
    public void write(Writer out, List<AnalysisResult> results) throws IOException {
        write(new Decoded(out), results);
    }

    public void write(Writer out, AnalysisResult result) throws IOException {
        write(out, List.of(result));
    }

    /**
     * The report's bytes to a writer, decoded a write at a time: the report writes whole characters each time (its
     * text is written between tokens), so no character is cut between two writes.
     */
    private static final class Decoded extends OutputStream {
        private final Writer out;

        Decoded(Writer out) {
            this.out = out;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(new String(b, off, len, StandardCharsets.UTF_8));
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[]{(byte) b}, 0, 1);
        }

        @Override
        public void flush() throws IOException {
            out.flush();
        }
    }

    private static final byte[] SUMMARY = PrettyJson.key("summary"), PHASES = PrettyJson.key("phases"),
            CONNECTIONS = PrettyJson.key("connections"), MESSAGES = PrettyJson.key("messages"),
            INVOCATIONS = PrettyJson.key("invocations"), CAPTURE = PrettyJson.key("capture"), SOURCE = PrettyJson.key("source"),
            FRAMES = PrettyJson.key("frames"), TCP_PACKETS = PrettyJson.key("tcpPackets"),
            OTHER_FRAMES = PrettyJson.key("otherFrames"), DURATION_MS = PrettyJson.key("durationMs"),
            STOP_REASON = PrettyJson.key("stopReason"), START_NANOS = PrettyJson.key("startNanos");

    private void result(PrettyJson g, AnalysisResult r) throws IOException {
        g.startObject();
        g.field(SUMMARY);
        object(g, Schema.SUMMARY, r.summary());
        g.field(PHASES);
        g.startObject();
        for (Phase p : Phase.values()) {
            g.field(p.label());
            object(g, Schema.PHASE, r.phase(p));
        }
        g.endObject();
        array(g, CONNECTIONS, r.connections(), (report, to, c) -> report.object(to, Schema.CONNECTION, c));
        array(g, MESSAGES, r.messages(), JsonReport::message);
        array(g, INVOCATIONS, r.invocations(), (report, to, i) -> report.object(to, Schema.INVOCATION, i));
        capture(g, r.capture());
        g.field(SOURCE);
        g.string(r.source());
        g.endObject();
    }

    /** How one element of an array is written, by a report (its keys' cache) to a generator. */
    private interface Element<T> {
        void write(JsonReport report, PrettyJson g, T record) throws IOException;
    }

    /**
     * The array under {@code key} of {@code list}'s records, the same text however it is made. A long list is formatted
     * in batches on the cores' threads ({@link Batched}), each batch by a writer of its own at the array's depth (so
     * its text is what the report's writer would write), and the batches are written in order as they are.
     */
    private <T> void array(PrettyJson g, byte[] key, List<T> list, Element<T> element) throws IOException {
        g.field(key);
        g.startArray();
        if (!Batched.pays(list, batch)) {
            for (T record : list) element.write(this, g, record);
        } else {
            ThreadLocal<JsonReport> reports = ThreadLocal.withInitial(JsonReport::new);
            boolean[] first = {true};
            Batched.write(list, batch, ByteRun::forRecords, (records, text) -> reports.get().formatted(records, element, text), text -> {
                if (!first[0]) g.raw(',');
                g.raw(text);
                first[0] = false;
            });
        }
        g.endArray();
    }

    /**
     * A batch's elements as the report's writer would write them inside an array: each but the first after ", ", the
     * first after the " " an array's first value gets; into {@code text}.
     */
    private <T> void formatted(List<T> records, Element<T> element, ByteRun text) throws IOException {
        PrettyJson b = PrettyJson.arrayValues(text, 1);   // the depth of the report's arrays: in the result's object
        for (T record : records) element.write(this, b, record);
    }

    private <T> void object(PrettyJson g, List<Column<T>> columns, T record) throws IOException {
        g.startObject();
        fields(g, columns, record);
        g.endObject();
    }

    private <T> void fields(PrettyJson g, List<Column<T>> columns, T record) throws IOException {
        fields(g, columns, record, null);
    }

    /** The fields of {@code record}; a detail column's value from {@code details} ({@link Schema.DetailValues}). */
    private <T> void fields(PrettyJson g, List<Column<T>> columns, T record, Object[] details) throws IOException {
        PrettyJson.Key[] keys = columnKeys.get(columns);
        if (keys == null) {
            keys = columns.stream().map(c -> new PrettyJson.Key(c.key())).toArray(PrettyJson.Key[]::new);
            columnKeys.put(columns, keys);
        }
        for (int i = 0; i < keys.length; i++) {
            Column<T> c = columns.get(i);
            if (c.whole() != null) {   // a primitive of the record: no Long made for it
                g.field(keys[i]);
                g.number(c.whole().applyAsLong(record));
                continue;
            }
            Object v = c.detail() < 0 ? c.value().apply(record) : details[c.detail()];
            if (v == null && c.omitWhenNull()) continue;
            g.field(keys[i]);
            switch (c.kind()) {
                case PLAIN -> value(g, v);
                case MS, PER -> g.number((Double) v, 3);
                case RATIO -> g.number((Double) v, 4);
                case HASH -> g.string(Fmt.hash((Long) v));
            }
        }
    }

    private void message(PrettyJson g, MessageRecord r) throws IOException {
        g.startObject();
        Details details = r.message().info().details();
        fields(g, Schema.MESSAGE, r, detailValues.of(details));
        detailFields.to = g;
        try {
            details.fields(detailFields);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        } finally {
            detailFields.to = null;
        }
        g.endObject();
    }

    /**
     * A message's details as fields of the open object: one a report, given the generator for each message (a lambda
     * capturing it was made for every message, and in C1's code making one is a call into the VM).
     */
    private final DetailFields detailFields = new DetailFields();

    private final class DetailFields implements Details.FieldSink {
        PrettyJson to;

        @Override
        public void field(String key, Object value) {
            try {
                to.field(detailKey(key));
                value(to, value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A detail's key as written: {@code extra.<key>} where it is one of a message's own keys. */
    private PrettyJson.Key detailKey(String key) {
        PrettyJson.Key k = detailKeys.get(key);
        if (k == null) {
            k = new PrettyJson.Key(Schema.MESSAGE_KEYS.contains(key) ? "extra." + key : key);
            if (detailKeys.size() < DETAIL_KEYS) detailKeys.put(key, k);
        }
        return k;
    }

    /** Strings, numbers, booleans, lists and maps as JSON; anything else as its string form. */
    private static void value(PrettyJson g, Object v) throws IOException {
        if (v == null) {
            g.nul();
        } else if (v instanceof String str) {
            g.string(str);
        } else if (v instanceof Boolean b) {
            g.bool(b);
        } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            g.number(((Number) v).longValue());
        } else if (v instanceof Number n) {
            g.number(n.doubleValue(), 3);
        } else if (v instanceof Collection<?> c) {
            g.startArray();
            for (Object o : c) value(g, o);
            g.endArray();
        } else if (v instanceof Map<?, ?> map) {
            g.startObject();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                g.field(String.valueOf(e.getKey()));
                value(g, e.getValue());
            }
            g.endObject();
        } else {
            g.string(v.toString());
        }
    }

    private static void capture(PrettyJson g, CaptureInfo c) throws IOException {
        g.field(CAPTURE);
        g.startObject();
        g.field(FRAMES);
        g.number(c.frames());
        g.field(TCP_PACKETS);
        g.number(c.tcpPackets());
        g.field(OTHER_FRAMES);
        g.startObject();
        for (Map.Entry<String, Long> e : c.otherFrames().entrySet()) {
            g.field(e.getKey());
            g.number(e.getValue());
        }
        g.endObject();
        g.field(DURATION_MS);
        g.number(c.durationMs(), 3);
        g.field(STOP_REASON);
        g.string(c.stopReason());
        g.field(START_NANOS);
        g.number(c.startNanos());
        g.endObject();
    }
}
