package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.EnumLabels;
import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Labelled;
import io.wireanalyze.workloads.Parsed;

/** {@code --hessian-reply}: how the servlet sends a reply. */
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

    public static Parsed<HessianReply> parse(String text) {
        return EnumLabels.parse(HessianReply.class, "Hessian reply", text);
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<HessianReply> {
        public Choices() {
            super(HessianReply.class, HessianReply::parse);
        }
    }
}
