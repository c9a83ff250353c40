package io.wireanalyze.workloads.service;

import io.wireanalyze.workloads.BenchRecord;
import io.wireanalyze.workloads.BenchValues;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.util.List;

/**
 * The benchmark's remote interface over JRMP. An analyzer names calls from their RMI method hash (Java RMI
 * specification 8.3: the first 8 bytes, little-endian, of the SHA-1 of the UTF-encoded name + descriptor,
 * e.g. {@code sendInts([I)I}); changing a signature changes its hash, so keep this interface stable.
 * {@code BenchServiceHashTest} pins the hashes.
 */
public interface BenchService extends Remote {

    /** Koutsogiannakis et al. section 5, "array of integers": returns {@code data.length}. */
    int sendInts(int[] data) throws RemoteException;

    /** Koutsogiannakis et al. section 5, "string of characters": returns {@code s.length()}. */
    int sendChars(String s) throws RemoteException;

    /**
     * Seed 003's coarse-grained call: {@code count} records of ten fields ({@link BenchRecord},
     * {@link BenchValues#records}).
     */
    List<BenchRecord> getObjects(int count) throws RemoteException;

    /** No arguments, no result: the bare cost of a call. */
    void ping() throws RemoteException;

    int getInt() throws RemoteException;

    short getShort() throws RemoteException;

    long getLong() throws RemoteException;

    float getFloat() throws RemoteException;

    double getDouble() throws RemoteException;

    boolean getBoolean() throws RemoteException;

    byte getByte() throws RemoteException;

    String getString() throws RemoteException;

    /**
     * A marker the client calls after its warm-up calls (label {@code "measure"}) so an analyzer can tell
     * warm-up from measured calls on the wire. Does nothing.
     */
    void wireanalyzeMark(String label) throws RemoteException;
}
