package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchRecord;

import java.util.List;

/**
 * The benchmark's service as a plain Java interface, exported by the Hessian, Burlap and Spring HttpInvoker workloads:
 * the methods of every other workload, by the same names (Hessian calls name their method; {@code com.caucho.hessian}
 * mangles names only for overloads, and there are none). Its name is not on those stacks' wire.
 */
public interface Bench {

    int sendInts(int[] data);

    int sendChars(String s);

    /** Seed 003's call: {@code count} ten-field records, in a plain ArrayList (Hessian 4.0.66 cannot write List.of on JDK 17). */
    List<BenchRecord> getObjects(int count);

    void ping();

    int getInt();

    short getShort();

    long getLong();

    float getFloat();

    double getDouble();

    boolean getBoolean();

    byte getByte();

    String getString();

    void wireanalyzeMark(String label);
}
