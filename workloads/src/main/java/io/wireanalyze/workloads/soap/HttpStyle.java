package io.wireanalyze.workloads.soap;

/** How the CXF client's HTTP looks on the wire. */
public enum HttpStyle {
    /**
     * CXF 4's default conduit on java.net.http: HTTP/2 asked for, so a new cleartext connection's first request offers
     * an h2c upgrade (which Jetty, serving HTTP/1.1 only, ignores), and bodies over 4 KB go chunked.
     */
    CXF_DEFAULT("CXF 4 default on java.net.http: h2c upgrade offered, bodies over 4 KB chunked"),
    /** {@code --clean-http}: HTTP/1.1 only (no upgrade offered), every body with a Content-Length. */
    CLEAN("clean HTTP/1.1: no upgrade offered, Content-Length bodies (--clean-http)");

    private final String description;

    HttpStyle(String description) {
        this.description = description;
    }

    /** What a run says it used. */
    public String description() {
        return description;
    }
}
