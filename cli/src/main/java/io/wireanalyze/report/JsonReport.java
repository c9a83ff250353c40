package io.wireanalyze.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonFactory;
import io.wireanalyze.accounting.AnalysisResult;
import io.wireanalyze.accounting.AnalysisResult.CaptureInfo;
import io.wireanalyze.accounting.AnalysisResult.ConnectionStats;
import io.wireanalyze.accounting.AnalysisResult.InvocationRecord;
import io.wireanalyze.accounting.AnalysisResult.PhaseStats;
import io.wireanalyze.accounting.AnalysisResult.Summary;
import io.wireanalyze.accounting.MessageRecord;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;

import java.io.IOException;
import java.io.Writer;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The accounting as JSON: one document per capture, an array of them when several. Keys are an interface
 * people script against: add, never rename. Milliseconds carry 3 decimals (microseconds), ratios 4; numbers
 * stay numbers. "?" marks a value that may be null; "omitted" a key left out when its value is unknown.
 *
 * <pre>{@code
 * {
 *   "summary":  { "packets": int, "setupTimeMs": ms?, "setupPackets": int, "invocations": int,
 *                 "dataPackets": int, "overheadPackets": int, "dataPacketRatio": 0..1?,
 *                 "overheadPacketsPerInvocation": number? },
 *   "phases":   { "<Phase.label(): tcp-setup|handshake|naming|dgc|invocation|keepalive|tcp-teardown|unparsed>":
 *                   { "packets": int, "wireBytes": int, "payloadBytes": int, "elapsedMs": ms,
 *                     "spanMs": ms, "retransmissions": int }, ... every phase, in Phase order },
 *   "connections": [ { "id": int, "client": "ip:port", "server": "ip:port", "protocol": "jrmp"|"unknown",
 *                      "packets": int, "wireBytes": int, "payloadBytes": int, "c2sPayloadBytes": int,
 *                      "s2cPayloadBytes": int, "startMs": ms, "durationMs": ms, "sawSyn": bool,
 *                      "gapBytes": int, "messages": int, "conflictingBytes": int } ],
 *   "messages": [ { "frame": int?, "lastFrame": int?, "connection": int, "direction": "c2s"|"s2c",
 *                   "protocol": "jrmp", "type": "call"|"return"|"ping"|"unparsed"|...,
 *                   "phase": phase label,
 *                   omitted when unknown: "objId": string, "op": int, "hash": "0x%016x" (unsigned),
 *                                         "method": string, "name": string, "leaseMs": int, "objNum": int,
 *                   "timeMs": ms?, "offset": int, "length": int, "dataLength": int, "requestId": int? (GIOP), "packets": int,
 *                   then the decoder's extra fields under their own keys ("endpoint", "interfaces",
 *                   "exception", "reason", ...); an extra key equal to one above is written "extra.<key>" } ],
 *   "invocations": [ { "method": string, "requestFrame": int, "replyFrame": int?, "latencyMs": ms?,
 *                      "packets": int, "dataPackets": int, "overheadPackets": int, "requestBytes": int,
 *                      "replyBytes": int, "connection": int, "warmup": bool, "marker": bool,
 *                      "exception": string (omitted when none) } ],
 *   "capture":  { "frames": int, "tcpPackets": int, "otherFrames": { "<reason>": int }, "durationMs": ms,
 *                 "stopReason": string?, "startNanos": int (epoch ns) },
 *   "source":   string (the capture's path)
 * }
 * }</pre>
 */
public final class JsonReport {

    private static final int MS = 3;
    private static final int RATIO = 4;
    private static final Set<String> MESSAGE_KEYS = Set.of("frame", "lastFrame", "connection", "direction", "protocol",
            "type", "phase", "objId", "op", "hash", "method", "name", "leaseMs", "objNum", "timeMs", "offset", "length",
            "dataLength", "packets", "requestId");

    private final JsonFactory factory = new JsonFactory();

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
        summary(g, r.summary());
        g.writeObjectFieldStart("phases");
        for (Phase p : Phase.values()) phase(g, p, r.phase(p));
        g.writeEndObject();
        g.writeArrayFieldStart("connections");
        for (ConnectionStats c : r.connections()) connection(g, c);
        g.writeEndArray();
        g.writeArrayFieldStart("messages");
        for (MessageRecord m : r.messages()) message(g, m);
        g.writeEndArray();
        g.writeArrayFieldStart("invocations");
        for (InvocationRecord i : r.invocations()) invocation(g, i);
        g.writeEndArray();
        capture(g, r.capture());
        g.writeStringField("source", r.source());
        g.writeEndObject();
    }

    private static void summary(JsonGenerator g, Summary s) throws IOException {
        g.writeObjectFieldStart("summary");
        g.writeNumberField("packets", s.packets());
        g.writeNumberField("setupTimeMs", Fmt.round(s.setupTimeMs(), MS));
        g.writeNumberField("setupPackets", s.setupPackets());
        g.writeNumberField("invocations", s.invocations());
        g.writeNumberField("dataPackets", s.dataPackets());
        g.writeNumberField("overheadPackets", s.overheadPackets());
        g.writeNumberField("dataPacketRatio", Fmt.round(s.dataPacketRatio(), RATIO));
        g.writeNumberField("overheadPacketsPerInvocation", Fmt.round(s.overheadPacketsPerInvocation(), MS));
        g.writeEndObject();
    }

    private static void phase(JsonGenerator g, Phase p, PhaseStats s) throws IOException {
        g.writeObjectFieldStart(p.label());
        g.writeNumberField("packets", s.packets());
        g.writeNumberField("wireBytes", s.wireBytes());
        g.writeNumberField("payloadBytes", s.payloadBytes());
        g.writeNumberField("elapsedMs", Fmt.round(s.elapsedMs(), MS));
        g.writeNumberField("spanMs", Fmt.round(s.spanMs(), MS));
        g.writeNumberField("retransmissions", s.retransmissions());
        g.writeEndObject();
    }

    private static void connection(JsonGenerator g, ConnectionStats c) throws IOException {
        g.writeStartObject();
        g.writeNumberField("id", c.id());
        g.writeStringField("client", c.client());
        g.writeStringField("server", c.server());
        g.writeStringField("protocol", c.protocol());
        g.writeNumberField("packets", c.packets());
        g.writeNumberField("wireBytes", c.wireBytes());
        g.writeNumberField("payloadBytes", c.payloadBytes());
        g.writeNumberField("c2sPayloadBytes", c.c2sPayloadBytes());
        g.writeNumberField("s2cPayloadBytes", c.s2cPayloadBytes());
        g.writeNumberField("startMs", Fmt.round(c.startMs(), MS));
        g.writeNumberField("durationMs", Fmt.round(c.durationMs(), MS));
        g.writeBooleanField("sawSyn", c.sawSyn());
        g.writeNumberField("gapBytes", c.gapBytes());
        g.writeNumberField("messages", c.messages());
        g.writeNumberField("conflictingBytes", c.conflictingBytes());
        g.writeEndObject();
    }

    private static void message(JsonGenerator g, MessageRecord r) throws IOException {
        Message m = r.message();
        MessageInfo i = m.info();
        g.writeStartObject();
        number(g, "frame", r.frame());
        number(g, "lastFrame", r.lastFrame());
        g.writeNumberField("connection", r.connection());
        g.writeStringField("direction", m.direction().label());
        g.writeStringField("protocol", m.protocol().label());
        g.writeStringField("type", m.type());
        g.writeStringField("phase", m.phase().label());
        if (i.objId() != null) g.writeStringField("objId", i.objId());
        if (i.op() != null) g.writeNumberField("op", i.op());
        if (i.hash() != null) g.writeStringField("hash", Fmt.hash(i.hash()));
        if (i.method() != null) g.writeStringField("method", i.method());
        if (i.name() != null) g.writeStringField("name", i.name());
        if (i.leaseMs() != null) g.writeNumberField("leaseMs", i.leaseMs());
        if (i.objNum() != null) g.writeNumberField("objNum", i.objNum());
        g.writeNumberField("timeMs", Fmt.round(r.timeMs(), MS));
        g.writeNumberField("offset", m.offset());
        g.writeNumberField("length", m.length());
        g.writeNumberField("dataLength", m.dataLength());
        if (m.requestId() >= 0) g.writeNumberField("requestId", m.requestId());
        g.writeNumberField("packets", r.packets());
        for (Map.Entry<String, Object> e : i.extra().entrySet()) {
            g.writeFieldName(MESSAGE_KEYS.contains(e.getKey()) ? "extra." + e.getKey() : e.getKey());
            value(g, e.getValue());
        }
        g.writeEndObject();
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
            g.writeNumber(Fmt.round(n.doubleValue(), MS));
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

    private static void number(JsonGenerator g, String key, Long v) throws IOException {
        if (v == null) g.writeNullField(key); else g.writeNumberField(key, v.longValue());
    }

    private static void invocation(JsonGenerator g, InvocationRecord i) throws IOException {
        g.writeStartObject();
        g.writeStringField("method", i.method());
        g.writeNumberField("requestFrame", i.requestFrame());
        number(g, "replyFrame", i.replyFrame());
        g.writeNumberField("latencyMs", Fmt.round(i.latencyMs(), MS));
        g.writeNumberField("packets", i.packets());
        g.writeNumberField("dataPackets", i.dataPackets());
        g.writeNumberField("overheadPackets", i.overheadPackets());
        g.writeNumberField("requestBytes", i.requestBytes());
        g.writeNumberField("replyBytes", i.replyBytes());
        g.writeNumberField("connection", i.connection());
        g.writeBooleanField("warmup", i.warmup());
        g.writeBooleanField("marker", i.marker());
        if (i.exception() != null) g.writeStringField("exception", i.exception());
        g.writeNumberField("fragments", i.fragments());
        g.writeEndObject();
    }

    private static void capture(JsonGenerator g, CaptureInfo c) throws IOException {
        g.writeObjectFieldStart("capture");
        g.writeNumberField("frames", c.frames());
        g.writeNumberField("tcpPackets", c.tcpPackets());
        g.writeObjectFieldStart("otherFrames");
        for (Map.Entry<String, Long> e : c.otherFrames().entrySet()) g.writeNumberField(e.getKey(), e.getValue());
        g.writeEndObject();
        g.writeNumberField("durationMs", Fmt.round(c.durationMs(), MS));
        g.writeStringField("stopReason", c.stopReason());
        g.writeNumberField("startNanos", c.startNanos());
        g.writeEndObject();
    }
}
