package io.wireanalyze.workloads.service;

/**
 * The server side of the Java {@link BenchService}, over JRMP and over IIOP (RMI-IIOP): the one semantics, its
 * methods declaring no {@code RemoteException} (they throw none).
 */
public class BenchServiceImpl extends BenchSemantics implements BenchService {
}
