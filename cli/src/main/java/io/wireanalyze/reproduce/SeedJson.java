package io.wireanalyze.reproduce;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * A seed's result as JSON ({@code reproduce --format json}, {@code <seed>-seed.json}): the seed, where ours ran, its
 * tables as cells (header, rows) and its findings with their verdicts and our two numbers (null when not measured).
 * The comparison's own figures are in {@code <seed>.json}.
 */
public final class SeedJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private SeedJson() {
    }

    public static ObjectNode node(SeedResult r) {
        ObjectNode n = JSON.createObjectNode();
        n.put("seed", r.seed().id());
        n.put("file", r.seed().file());
        n.put("title", r.seed().title());
        n.put("network", r.comparison().plan().network().network().toString());
        n.put("setting", Setting.of(r.comparison().plan().network()).toString());
        n.put("partial", r.comparison().partial());
        ArrayNode protocols = n.putArray("protocols");
        r.comparison().plan().protocols().forEach(k -> protocols.add(k.toString()));
        n.put("runs", r.comparison().runs().size());
        n.put("failedRuns", r.comparison().failures().size());
        ArrayNode networks = n.putArray("networks");   // every network it ran on, the first the one above
        for (io.wireanalyze.compare.Comparison c : r.comparisons()) {
            ObjectNode o = networks.addObject();
            o.put("network", c.plan().network().network().toString());
            o.put("setting", Setting.of(c.plan().network()).toString());
            o.put("partial", c.partial());
            ArrayNode ps = o.putArray("protocols");
            c.plan().protocols().forEach(k -> ps.add(k.toString()));
            o.put("runs", c.runs().size());
            o.put("failedRuns", c.failures().size());
        }
        ArrayNode tables = n.putArray("tables");
        for (SeedResult.Table t : r.tables()) {
            ObjectNode o = tables.addObject();
            o.put("title", t.title());
            o.put("where", t.where());
            strings(o.putArray("headers"), t.headers());
            ArrayNode rows = o.putArray("rows");
            for (List<String> row : t.rows()) strings(rows.addArray(), row);
            if (t.note() != null) o.put("note", t.note());
        }
        ArrayNode findings = n.putArray("findings");
        for (SeedResult.Judged j : r.findings()) {
            ObjectNode o = findings.addObject();
            o.put("number", j.number());
            o.put("claim", j.claim());
            o.put("where", j.where());
            o.put("verdict", j.verdict().toString());
            o.put("paper", j.paper());
            o.put("ours", j.ours());
            if (Double.isNaN(j.ourA())) o.putNull("ourA");
            else o.put("ourA", j.ourA());
            if (Double.isNaN(j.ourB())) o.putNull("ourB");
            else o.put("ourB", j.ourB());
        }
        ObjectNode counts = n.putObject("verdicts");
        for (Verdict v : Verdict.values()) counts.put(v.toString(), r.count(v));
        return n;
    }

    public static void write(Writer out, SeedResult r) throws IOException {
        JSON.writeValue(out, node(r));
    }

    /** The findings, a row each: seed, number, verdict, claim, where, paper, ours, ourA, ourB (empty when not measured). */
    public static String findingsCsv(SeedResult r) throws IOException {
        StringBuilder b = new StringBuilder();
        try (org.apache.commons.csv.CSVPrinter p = new org.apache.commons.csv.CSVPrinter(b, org.apache.commons.csv.CSVFormat.RFC4180)) {
            p.printRecord("seed", "number", "verdict", "claim", "where", "paper", "ours", "ourA", "ourB");
            for (SeedResult.Judged j : r.findings())
                p.printRecord(r.seed().id(), j.number(), j.verdict(), j.claim(), j.where(), j.paper(), j.ours(),
                        Double.isNaN(j.ourA()) ? "" : j.ourA(), Double.isNaN(j.ourB()) ? "" : j.ourB());
        }
        return b.toString();
    }

    private static void strings(ArrayNode a, List<String> values) {
        values.forEach(a::add);
    }
}
