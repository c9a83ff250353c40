package io.wireanalyze.compare;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.wireanalyze.capture.net.NetworkSpec;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.workloads.table.WorkloadKind;

import java.io.IOException;
import java.io.Writer;

/**
 * A comparison as one JSON document: {@code partial}, {@code interruption}, {@code network}, {@code protocols},
 * {@code warmup}, {@code repeat}; {@code points[]} with each protocol's {@code figures} (keyed by
 * {@link Figure#key()}) and {@code phases} (keyed by phase, then {@link PhaseFigure#key()}), each a
 * {@code {mean, cv, min, max, n}}; {@code runs[]} with each run's own values and capture; {@code failures[]}.
 */
public final class CompareJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public void write(Writer w, Comparison c) throws IOException {
        JSON.writeValue(w, tree(c));
    }

    public ObjectNode tree(Comparison c) {
        ObjectNode root = JSON.createObjectNode();
        root.put("partial", c.partial());
        root.put("interruption", c.interruption());
        root.set("network", network(c.plan().network()));
        ArrayNode protocols = root.putArray("protocols");
        c.plan().protocols().forEach(k -> protocols.add(k.toString()));
        root.put("warmup", c.plan().warmup());
        root.put("repeat", c.plan().repeat());
        ArrayNode points = root.putArray("points");
        for (PlanPoint p : c.plan().points()) {
            ObjectNode pn = point(points.addObject(), p);
            ObjectNode byProtocol = pn.putObject("protocols");
            for (WorkloadKind k : c.plan().protocols()) {
                ObjectNode kn = byProtocol.putObject(k.toString());
                kn.put("runs", c.runs(k, p).size());
                ObjectNode figures = kn.putObject("figures");
                for (Figure f : Figure.values()) stat(figures, f.key(), c.stat(k, p, f));
                ObjectNode phases = kn.putObject("phases");
                for (Phase ph : Phase.values()) {
                    ObjectNode pf = phases.putObject(ph.label());
                    for (PhaseFigure f : PhaseFigure.values()) stat(pf, f.key(), c.stat(k, p, ph, f));
                }
            }
        }
        ArrayNode runs = root.putArray("runs");
        for (RunRecord r : c.runs()) {
            ObjectNode rn = key(runs.addObject(), r.key());
            rn.put("pcap", r.pcap().toString());
            ObjectNode figures = rn.putObject("figures");
            for (Figure f : Figure.values()) figures.put(f.key(), r.figures().get(f));
            ObjectNode phases = rn.putObject("phases");
            for (Phase ph : Phase.values()) {
                ObjectNode pf = phases.putObject(ph.label());
                for (PhaseFigure f : PhaseFigure.values()) pf.put(f.key(), r.figures().get(ph, f));
            }
        }
        ArrayNode failures = root.putArray("failures");
        for (RunFailure f : c.failures()) key(failures.addObject(), f.key()).put("reason", f.reason());
        return root;
    }

    static ObjectNode network(NetworkSpec n) {
        ObjectNode o = JSON.createObjectNode();
        o.put("name", n.network().toString());
        o.put("rateBitsPerSecond", n.link().rateBitsPerSecond());
        o.put("mtu", n.link().mtu());
        o.put("delayMs", n.link().delay().toNanos() / 1e6);
        o.put("lossPercent", n.link().lossPercent());
        o.put("description", n.describe());
        return o;
    }

    private static ObjectNode point(ObjectNode o, PlanPoint p) {
        o.put("payload", p.payload().spec());
        o.put("invocations", p.invocations());
        o.put("clients", p.clients());
        return o;
    }

    private static ObjectNode key(ObjectNode o, RunKey k) {
        o.put("protocol", k.protocol().toString());
        point(o, k.point());
        o.put("repetition", k.repetition());
        return o;
    }

    private static void stat(ObjectNode parent, String key, Stat s) {
        if (s == null) {
            parent.putNull(key);
            return;
        }
        ObjectNode o = parent.putObject(key);
        o.put("mean", s.mean());
        o.put("cv", s.cv());
        o.put("min", s.min());
        o.put("max", s.max());
        o.put("n", s.n());
    }
}
