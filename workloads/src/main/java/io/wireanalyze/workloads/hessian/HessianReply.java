package io.wireanalyze.workloads.hessian;

import io.wireanalyze.workloads.EnumOption;
import io.wireanalyze.workloads.Parsed;

import java.util.Locale;

/** {@code --hessian-reply}: how the servlet sends a reply. */
public enum HessianReply {
    /**
     * HessianSkeleton writes straight into the response: Jetty sends it chunked, with no Content-Length, and
     * HessianURLConnection (on HttpURLConnection) then gives up the connection, so each call opens a new one.
     */
    STREAM("stream", "streamed (chunked, a connection a call)"),
    /** The reply is written to a buffer first and sent with a Content-Length: the client keeps one connection. */
    LENGTH("length", "buffered with a Content-Length (one kept-alive connection)");

    private final String label;
    private final String description;

    HessianReply(String label, String description) {
        this.label = label;
        this.description = description;
    }

    public String description() {
        return description;
    }

    @Override
    public String toString() {
        return label;
    }

    public static Parsed<HessianReply> parse(String text) {
        for (HessianReply r : values()) if (r.label.equals(text.toLowerCase(Locale.ROOT))) return Parsed.ok(r);
        return Parsed.invalid("Hessian reply '" + text + "' (expected: stream or length)");
    }

    /** picocli: the converter of the option and its completion candidates, the labels. */
    public static final class Choices extends EnumOption<HessianReply> {
        public Choices() {
            super(HessianReply.class, HessianReply::parse);
        }
    }
}
