package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchMethod;
import io.wireanalyze.workloads.BenchRecord;
import io.wireanalyze.workloads.BenchValues;

import java.util.List;

/** The server side of {@link Bench}: trivial bodies, the same values as every other workload. */
public final class BenchImpl implements Bench {

    @Override
    public int sendInts(int[] data) {
        return data == null ? 0 : data.length;
    }

    @Override
    public int sendChars(String s) {
        return s == null ? 0 : s.length();
    }

    @Override
    public List<BenchRecord> getObjects(int count) {
        return BenchValues.records(Math.max(0, Math.min(count, BenchMethod.MAX_OBJECTS)));
    }

    @Override
    public void ping() {
    }

    @Override
    public int getInt() {
        return BenchValues.INT;
    }

    @Override
    public short getShort() {
        return BenchValues.SHORT;
    }

    @Override
    public long getLong() {
        return BenchValues.LONG;
    }

    @Override
    public float getFloat() {
        return BenchValues.FLOAT;
    }

    @Override
    public double getDouble() {
        return BenchValues.DOUBLE;
    }

    @Override
    public boolean getBoolean() {
        return BenchValues.BOOLEAN;
    }

    @Override
    public byte getByte() {
        return BenchValues.BYTE;
    }

    @Override
    public String getString() {
        return BenchValues.STRING;
    }

    @Override
    public void wireanalyzeMark(String label) {
    }
}
