package io.wireanalyze.protocol;

/**
 * What an outer layer knows of a request beside its body, for the body formats to claim and name it: a SOAP
 * envelope's action travels in a header field, a WSDL fetch is a GET without a body, known by its target alone.
 *
 * @param method      the request method ({@code POST}, {@code GET}), or null when the outer layer has none
 * @param target      the request target (path and query, or an absolute URI through a proxy), or null
 * @param contentType the Content-Type field, or null
 * @param fields      header fields, looked up by name in any case (the first of a repeated field); the outer layer
 *                    bounds their number
 */
public record RequestHead(String method, String target, String contentType, RequestHead.Fields fields) {

    /**
     * Header fields as the outer layer keeps them, looked up when a format asks: no copy of them is made per request
     * (HTTP's are Netty's, whose look-up is by name in any case and gives the first of a repeated field).
     */
    @FunctionalInterface
    public interface Fields {
        /** The first field named {@code name}, compared in any case, or null. */
        String first(String name);

        /** None. */
        Fields NONE = name -> null;
    }

    /** No outer request: a body met bare. */
    public static final RequestHead NONE = new RequestHead(null, null, null, Fields.NONE);

    /** The header field {@code name} (any case), or null. */
    public String field(String name) {
        return fields.first(name);
    }

    /** The query of the target, after '?', or an empty string. */
    public String query() {
        if (target == null) return "";
        int q = target.indexOf('?');
        return q < 0 ? "" : target.substring(q + 1);
    }
}
