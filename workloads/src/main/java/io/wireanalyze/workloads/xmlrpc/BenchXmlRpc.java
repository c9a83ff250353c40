package io.wireanalyze.workloads.xmlrpc;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchRecord;
import io.wireanalyze.workloads.BenchValues;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The benchmark service as Apache XML-RPC 3.1 handlers ({@code Bench.sendInts}...): XML-RPC has arrays of values, not
 * {@code int[]}, and structs, not objects, so {@code sendInts} takes an array and {@code getObjects} returns structs of
 * the ten fields (a long, a float, a short, a byte and nulls need the vendor extensions, on in this workload).
 */
public class BenchXmlRpc {

    public int sendInts(Object[] data) {
        return data == null ? 0 : data.length;
    }

    public int sendChars(String s) {
        return s == null ? 0 : s.length();
    }

    public Object[] getObjects(int count) {
        List<BenchRecord> records = BenchValues.records(Math.max(0, Math.min(count, BenchMethod.MAX_OBJECTS)));
        Object[] out = new Object[records.size()];
        for (int i = 0; i < out.length; i++) {
            BenchRecord r = records.get(i);
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
            out[i] = m;
        }
        return out;
    }

    public void ping() {
    }

    public int getInt() {
        return BenchValues.INT;
    }

    public short getShort() {
        return BenchValues.SHORT;
    }

    public long getLong() {
        return BenchValues.LONG;
    }

    public float getFloat() {
        return BenchValues.FLOAT;
    }

    public double getDouble() {
        return BenchValues.DOUBLE;
    }

    public boolean getBoolean() {
        return BenchValues.BOOLEAN;
    }

    public byte getByte() {
        return BenchValues.BYTE;
    }

    public String getString() {
        return BenchValues.STRING;
    }

    public void wireanalyzeMark(String label) {
    }
}
