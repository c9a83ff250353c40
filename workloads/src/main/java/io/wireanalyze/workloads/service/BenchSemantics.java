package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchRecord;
import io.wireanalyze.workloads.BenchValues;

import java.util.List;

/**
 * The benchmark service's one semantics, whatever the stack: trivial bodies so the cost measured is the remoting,
 * the same values everywhere ({@link BenchValues}). Each stack's server object is a thin adapter that extends this
 * and implements its stack's interface: {@link BenchServiceImpl} (RMI over JRMP and IIOP), {@link BenchImpl}
 * (Hessian, Burlap, HttpInvoker), the JAX-WS and CORBA servants in their workloads; XML-RPC registers this class
 * itself as handlers, two of them replaced by their XML-RPC forms. No interface here: a stack sees only its own
 * (RMI-IIOP maps every interface of the exported class).
 */
public class BenchSemantics {

    /** Koutsogiannakis et al. section 5, "array of integers": {@code data.length} (0 for none). */
    public int sendInts(int[] data) {
        return data == null ? 0 : data.length;
    }

    /** "String of characters": {@code s.length()} (0 for none). */
    public int sendChars(String s) {
        return s == null ? 0 : s.length();
    }

    /** Seed 003's call: {@code count} ten-field records (clamped to 0..{@link BenchMethod#MAX_OBJECTS}). */
    public List<BenchRecord> getObjects(int count) {
        return BenchValues.records(Math.max(0, Math.min(count, BenchMethod.MAX_OBJECTS)));
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

    /** The marker between warm-up and measured calls: does nothing. */
    public void wireanalyzeMark(String label) {
    }
}
