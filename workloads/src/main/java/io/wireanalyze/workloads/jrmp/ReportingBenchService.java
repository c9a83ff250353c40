package io.wireanalyze.workloads.jrmp;

import io.wireanalyze.workloads.service.BenchServiceImpl;

import java.io.PrintStream;
import java.rmi.server.Unreferenced;

/**
 * The JRMP server's object: prints {@code UNREFERENCED name=<name>} when the RMI runtime reports that no
 * client holds a reference any more (after a DGC clean call or an expired lease), which tests and operators
 * can watch on stdout. Server-side only: nothing changes on the wire.
 */
final class ReportingBenchService extends BenchServiceImpl implements Unreferenced {
    private final String name;
    private final PrintStream out;

    ReportingBenchService(String name, PrintStream out) {
        this.name = name;
        this.out = out;
    }

    @Override
    public void unreferenced() {
        out.println("UNREFERENCED name=" + name);
        out.flush();
    }
}
