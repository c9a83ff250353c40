package io.wireanalyze.reproduce;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.wireanalyze.capture.net.Network;
import io.wireanalyze.workloads.Parsed;
import io.wireanalyze.workloads.Payload;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a seed's JSON. A mistake in it is one line naming the resource, the field's path, what it holds and what
 * was expected: {@code seeds/koutsogiannakis.json: tables[0].rows[1].ours[0]: 'jrmp@ints' (expected: ...)}.
 */
final class SeedParser {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final String source;

    private SeedParser(String source) {
        this.source = source;
    }

    static Seed parse(String source, InputStream in) throws IOException {
        return new SeedParser(source).seed(JSON.readTree(in));
    }

    private Seed seed(JsonNode n) {
        Map<String, String> absent = new LinkedHashMap<>();
        if (n.has("absent")) n.get("absent").fields().forEachRemaining(e -> absent.put(e.getKey(), e.getValue().asText()));
        return new Seed(text(n, "id"), text(n, "file"), text(n, "title"), text(n, "measured"), strings(n, "protocols"), absent,
                Network.parse(text(n, "network")).orElseThrow(() -> bad("network", n.get("network").asText(), "one of " + Network.labels())),
                integer(n, "warmup"), integer(n, "repeat"), list(n, "series", this::series), quick(field(n, "quick"), "quick"),
                strings(n, "notes"), list(n, "tables", this::table), list(n, "findings", this::finding));
    }

    private Seed.Series series(JsonNode n, String at) {
        return new Seed.Series(payloads(n, at + ".payloads"), ints(n, "invocations", at), ints(n, "clients", at));
    }

    private Seed.Quick quick(JsonNode n, String at) {
        Map<Integer, Integer> inv = new LinkedHashMap<>();
        field(n, "invocations").fields().forEachRemaining(e -> inv.put(Integer.parseInt(e.getKey()), e.getValue().asInt()));
        return new Seed.Quick(inv, n.has("payloads") ? payloads(n, at + ".payloads") : List.of(),
                n.has("clients") ? ints(n, "clients", at) : List.of(), n.path("repeat").asInt(2));
    }

    private SeedTable table(JsonNode n, String at) {
        List<String> paper = strings(n, "paper"), ours = strings(n, "ours");
        List<SeedTable.Row> rows = list(n, "rows", (r, rat) -> {
            List<Double> p = new ArrayList<>();
            List<String> literal = new ArrayList<>();
            for (JsonNode v : field(r, "paper")) {
                // A number, null (the paper has none), or the paper's own words for a cell ("<0.10", "N/A").
                p.add(v.isNumber() ? v.asDouble() : null);
                literal.add(v.isTextual() ? v.asText() : null);
            }
            List<Quantity> q = new ArrayList<>();
            JsonNode qs = field(r, "ours");
            for (int i = 0; i < qs.size(); i++) q.add(quantity(qs.get(i), rat + ".ours[" + i + "]"));
            if (p.size() != paper.size()) throw bad(rat + ".paper", p.size() + " values", paper.size() + ", one per paper column");
            if (q.size() != ours.size()) throw bad(rat + ".ours", q.size() + " values", ours.size() + ", one per column of ours");
            return new SeedTable.Row(text(r, "label"), unit(r, rat), p, literal, q);
        }, at);
        return new SeedTable(text(n, "title"), text(n, "where"), paper, ours, rows, setting(n, at));
    }

    private Finding finding(JsonNode n, String at) {
        JsonNode paper = field(n, "paper"), ours = field(n, "ours");
        if (ours.size() != 2) throw bad(at + ".ours", ours.size() + " quantities", "two: A, then B");
        Finding.Paper said;
        if (paper.isArray() && paper.size() == 2) said = new Finding.Paper.Pair(paper.get(0).asDouble(), paper.get(1).asDouble());
        else if (paper.isObject() && paper.has("factor") && paper.get("factor").isNumber()) said = new Finding.Paper.Factor(paper.get("factor").asDouble());
        else if (paper.isTextual() && paper.asText().equals("direction")) said = new Finding.Paper.Direction();
        else throw bad(at + ".paper", paper.toString(), "[A, B], {\"factor\": A/B} or \"direction\"");
        return new Finding(text(n, "claim"), text(n, "where"), unit(n, at), said,
                quantity(ours.get(0), at + ".ours[0]"), quantity(ours.get(1), at + ".ours[1]"), setting(n, at));
    }

    private Setting setting(JsonNode n, String at) {
        if (!n.has("setting")) return Setting.ANY;
        String s = n.get("setting").asText();
        return Setting.byLabel(s).orElseThrow(() -> bad(at + ".setting", s, "one host, two computers or any"));
    }

    private Quantity quantity(JsonNode n, String at) {
        if (n.has("mean")) return new Quantity.Mean(ref(n.get("mean").asText(), at));
        if (n.has("slope")) return new Quantity.Fit(ref(n.get("slope").asText(), at), Quantity.Fit.Coefficient.SLOPE);
        if (n.has("intercept")) return new Quantity.Fit(ref(n.get("intercept").asText(), at), Quantity.Fit.Coefficient.INTERCEPT);
        if (n.has("none")) return new Quantity.NotRun(n.get("none").asText());
        if (n.has("cpu")) {
            JsonNode frames = n.get("frames");
            if (frames == null || !frames.isArray() || frames.isEmpty()) throw bad(at + ".frames", String.valueOf(frames), "a list of class.method prefixes");
            List<String> prefixes = new ArrayList<>();
            frames.forEach(f -> prefixes.add(f.asText()));
            return new Quantity.Cpu(n.get("cpu").asText(), prefixes);
        }
        if (n.has("on")) {
            String s = n.get("on").asText();
            Setting setting = Setting.byLabel(s).filter(x -> x != Setting.ANY).orElseThrow(() -> bad(at + ".on", s, "one host or two computers"));
            if (!n.has("of")) throw bad(at + ".of", "nothing", "the quantity to read in that setting's run");
            return new Quantity.On(setting, quantity(n.get("of"), at + ".of"));
        }
        if (n.has("const")) {
            if (!n.get("const").isNumber()) throw bad(at + ".const", n.get("const").toString(), "a number");
            return new Quantity.Constant(n.get("const").asDouble());
        }
        for (Quantity.Combined.Op op : Quantity.Combined.Op.values()) {
            if (!n.has(op.key)) continue;
            JsonNode all = n.get(op.key);
            if (!all.isArray() || all.size() < 1) throw bad(at + "." + op.key, all.toString(), "a list of quantities");
            List<Quantity> parts = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) parts.add(quantity(all.get(i), at + "." + op.key + "[" + i + "]"));
            return new Quantity.Combined(op, parts);
        }
        for (String op : List.of("diff", "ratio")) {
            if (!n.has(op)) continue;
            JsonNode two = n.get(op);
            if (two.size() != 2) throw bad(at + "." + op, two.size() + " operands", "2");
            Quantity a = quantity(two.get(0), at + "." + op + "[0]"), b = quantity(two.get(1), at + "." + op + "[1]");
            return op.equals("diff") ? new Quantity.Difference(a, b) : new Quantity.Ratio(a, b);
        }
        throw bad(at, n.toString(), "{mean|slope|intercept: ref}, {diff|ratio: [q, q]}, {sum|max|min|geomean: [q, ...]}, {const: x}, {on: setting, of: q}, {cpu: protocol, frames: [prefix, ...]} or {none: why}");
    }

    private PointRef ref(String text, String at) {
        Parsed<PointRef> p = PointRef.parse(text);
        if (p.error().isPresent()) throw new IllegalArgumentException(source + ": " + at + ": " + p.error().get());
        return p.orElseThrow();
    }

    private ValueUnit unit(JsonNode n, String at) {
        String u = text(n, "unit");
        return ValueUnit.byKey(u).orElseThrow(() -> bad(at + ".unit", u, "one of ms, count, decimal, ratio, factor, slope"));
    }

    private List<Payload> payloads(JsonNode n, String at) {
        List<Payload> out = new ArrayList<>();
        for (String s : strings(n, "payloads")) {
            Parsed<Payload> p = Payload.parse(s);
            if (p.error().isPresent()) throw new IllegalArgumentException(source + ": " + at + ": " + p.error().get());
            out.add(p.orElseThrow());
        }
        return out;
    }

    private <T> List<T> list(JsonNode n, String name, Item<T> item) {
        return list(n, name, item, "");
    }

    private <T> List<T> list(JsonNode n, String name, Item<T> item, String parent) {
        List<T> out = new ArrayList<>();
        JsonNode a = field(n, name);
        for (int i = 0; i < a.size(); i++) out.add(item.read(a.get(i), (parent.isEmpty() ? "" : parent + ".") + name + "[" + i + "]"));
        return out;
    }

    @FunctionalInterface
    private interface Item<T> {
        T read(JsonNode n, String at);
    }

    private List<Integer> ints(JsonNode n, String name, String at) {
        List<Integer> out = new ArrayList<>();
        for (JsonNode v : field(n, name)) {
            if (!v.canConvertToInt() || v.asInt() < 1) throw bad(at + "." + name, v.toString(), "integers >= 1");
            out.add(v.asInt());
        }
        return out;
    }

    private List<String> strings(JsonNode n, String name) {
        List<String> out = new ArrayList<>();
        for (JsonNode v : field(n, name)) out.add(v.asText());
        return out;
    }

    private String text(JsonNode n, String name) {
        return field(n, name).asText();
    }

    private int integer(JsonNode n, String name) {
        JsonNode v = field(n, name);
        if (!v.canConvertToInt()) throw bad(name, v.toString(), "an integer");
        return v.asInt();
    }

    private JsonNode field(JsonNode n, String name) {
        JsonNode v = n.get(name);
        if (v == null) throw bad(name, "missing", "present");
        return v;
    }

    private IllegalArgumentException bad(String at, String actual, String expected) {
        return new IllegalArgumentException(source + ": " + at + ": " + actual + " (expected: " + expected + ")");
    }

}
