package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.BenchRecord;
import io.wireanalyze.workloads.service.BenchSemantics;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark service's two methods whose Java types Apache XML-RPC 3.1 has no form for, as handlers: XML-RPC has
 * arrays of values, not {@code int[]}, and structs, not objects, so {@code sendInts} takes an array and
 * {@code getObjects} returns structs of the ten fields (a long, a float, a short, a byte and nulls need the vendor
 * extensions, on in this workload). The server registers {@link BenchSemantics} as {@code Bench.*} first, then this
 * class over the same names: these two replace its two, every other method is the service's own.
 */
public class BenchXmlRpc {

    private final BenchSemantics bench = new BenchSemantics();

    public int sendInts(Object[] data) {
        return data == null ? 0 : data.length;
    }

    public Object[] getObjects(int count) {
        List<BenchRecord> records = bench.getObjects(count);
        Object[] out = new Object[records.size()];
        for (int i = 0; i < out.length; i++) out[i] = struct(records.get(i));
        return out;
    }

    private static Map<String, Object> struct(BenchRecord r) {
        Map<String, Object> m = new HashMap<>();
        m.put("name", r.name);
        m.put("street", r.street);
        m.put("city", r.city);
        m.put("email", r.email);
        m.put("created", r.created);
        m.put("modified", r.modified);
        m.put("id", r.id);
        m.put("quantity", r.quantity);
        m.put("amount", r.amount);
        m.put("ratio", r.ratio);
        return m;
    }
}
