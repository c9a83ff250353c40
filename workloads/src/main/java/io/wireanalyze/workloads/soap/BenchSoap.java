package io.wireanalyze.workloads.soap;

import io.wireanalyze.workloads.BenchRecord;
import jakarta.jws.WebMethod;
import jakarta.jws.WebService;

import java.util.List;

/**
 * The benchmark's service interface for JAX-WS, the SOAP twin of {@link io.wireanalyze.workloads.service.BenchService}:
 * the same operations under the same names (they are the Body's first elements on the wire,
 * {@code {http://bench.wireanalyze.io/}sendInts}), each with its SOAPAction ({@code urn:sendInts}) so a message whose
 * Body WS-Security encrypted is still named. Document/literal wrapped, CXF's default; keep the names stable.
 */
@WebService(name = "BenchSoap", targetNamespace = BenchSoap.NAMESPACE)
public interface BenchSoap {

    String NAMESPACE = "http://bench.wireanalyze.io/";
    String SERVICE = "BenchSoapService";

    /** Koutsogiannakis et al. section 5, "array of integers": returns {@code data.length}. */
    @WebMethod(action = "urn:sendInts")
    int sendInts(int[] data);

    /** "String of characters": returns {@code s.length()}. */
    @WebMethod(action = "urn:sendChars")
    int sendChars(String s);

    /** Seed 003's coarse-grained call: {@code count} records of ten fields. */
    @WebMethod(action = "urn:getObjects")
    List<BenchRecord> getObjects(int count);

    /** No arguments, no result. */
    @WebMethod(action = "urn:ping")
    void ping();

    @WebMethod(action = "urn:getInt")
    int getInt();

    @WebMethod(action = "urn:getShort")
    short getShort();

    @WebMethod(action = "urn:getLong")
    long getLong();

    @WebMethod(action = "urn:getFloat")
    float getFloat();

    @WebMethod(action = "urn:getDouble")
    double getDouble();

    @WebMethod(action = "urn:getBoolean")
    boolean getBoolean();

    @WebMethod(action = "urn:getByte")
    byte getByte();

    @WebMethod(action = "urn:getString")
    String getString();

    /** The marker a client calls after its warm-up calls (label "measure"). Does nothing. */
    @WebMethod(action = "urn:wireanalyzeMark")
    void wireanalyzeMark(String label);
}
