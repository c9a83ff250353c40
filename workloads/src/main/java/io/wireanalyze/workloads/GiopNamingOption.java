package io.wireanalyze.workloads;

import picocli.CommandLine.Option;

/** {@code --naming-giop}: the GIOP version of a CORBA workload's naming traffic. */
public final class GiopNamingOption implements OptionGroup {
    public static final GiopVersion DEFAULT = GiopVersion.V1_2;

    @Option(names = "--naming-giop", paramLabel = "VERSION",
            description = "GIOP version of the naming traffic, 1.0, 1.1 or 1.2 (default: 1.2).")
    GiopVersion version = DEFAULT;

    public GiopVersion version() {
        return version;
    }
}
