package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.Choice;
import io.wireanalyze.workloads.Labelled;

/** {@code --hessian-reply}: how the servlet sends a reply. */
@Choice("Hessian reply")
public enum HessianReply implements Labelled {
    /**
     * HessianSkeleton writes straight into the response: Jetty sends it chunked, with no Content-Length, and
     * HessianURLConnection (on HttpURLConnection) then gives up the connection, so each call opens a new one.
     */
    STREAM("streamed (chunked, a connection a call)"),
    /** The reply is written to a buffer first and sent with a Content-Length: the client keeps one connection. */
    LENGTH("buffered with a Content-Length (one kept-alive connection)");

    private final String description;

    HessianReply(String description) {
        this.description = description;
    }

    public String description() {
        return description;
    }
}
