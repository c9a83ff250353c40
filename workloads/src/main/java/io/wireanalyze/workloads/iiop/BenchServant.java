package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.iiop.bench.BenchServicePOA;

/** The servant: trivial bodies so the cost measured is the remoting. */
final class BenchServant extends BenchServicePOA {

    @Override
    public int sendInts(int[] data) {
        return data.length;
    }

    @Override
    public int sendChars(String s) {
        return s.length();
    }

    @Override
    public int sendWChars(String s) {
        return s.length();
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
