package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.OptionGroup;
import picocli.CommandLine.Option;

/** {@code --hessian-version}, {@code --hessian-reply}: how the Hessian workload speaks. */
public final class HessianOptions implements OptionGroup {

    @Option(names = "--hessian-version", paramLabel = "VERSION",
            description = "Hessian the client calls in, and the server answers in: ${COMPLETION-CANDIDATES} (default: 2).")
    HessianVersion version = HessianVersion.V2;

    @Option(names = "--hessian-reply", paramLabel = "HOW",
            description = "How the server sends replies: stream (chunked; the client opens a connection a call) or length "
                    + "(a Content-Length; one kept-alive connection) (default: length).")
    HessianReply reply = HessianReply.LENGTH;

    public HessianVersion version() {
        return version;
    }

    public HessianReply reply() {
        return reply;
    }
}
