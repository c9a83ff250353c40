package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.BenchValues;

import java.io.PrintStream;
import java.rmi.server.Unreferenced;

/**
 * The server side: trivial method bodies so the cost measured is the remoting. It prints
 * {@code UNREFERENCED name=<name>} when the RMI runtime reports that no client holds a reference any more
 * (after a DGC clean call or an expired lease), which tests and operators can watch on stdout.
 */
final class BenchServiceImpl implements BenchService, Unreferenced {
    private final String name;
    private final PrintStream out;

    BenchServiceImpl(String name, PrintStream out) {
        this.name = name;
        this.out = out;
    }

    @Override
    public int sendInts(int[] data) {
        return data.length;
    }

    @Override
    public int sendChars(String s) {
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

    @Override
    public void unreferenced() {
        out.println("UNREFERENCED name=" + name);
        out.flush();
    }
}
