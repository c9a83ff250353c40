package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.BenchValues;
import io.wireanalyze.workloads.jrmp.BenchService;

/**
 * The JRMP workload's remote interface, implemented for RMI over IIOP: the same Java interface, exported with
 * {@code javax.rmi.PortableRemoteObject} instead of {@code UnicastRemoteObject}, which is the seed's
 * scenario (Koutsogiannakis et al. section 4: RMI over IIOP needs no IDL). Trivial bodies so the cost measured
 * is the remoting.
 */
final class RmiIiopBenchService implements BenchService {

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
}
