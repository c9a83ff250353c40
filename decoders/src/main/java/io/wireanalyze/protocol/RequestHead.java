package io.wireanalyze.protocol;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What an outer layer knows of a request beside its body, for the body formats to claim and name it: a SOAP
 * envelope's action travels in a header field, a WSDL fetch is a GET without a body, known by its target alone.
 *
 * @param method      the request method ({@code POST}, {@code GET}), or null when the outer layer has none
 * @param target      the request target (path and query, or an absolute URI through a proxy), or null
 * @param contentType the Content-Type field, or null
 * @param fields      header fields by lower-case name (the first of a repeated field); the outer layer bounds their
 *                    number
 */
public record RequestHead(String method, String target, String contentType, Map<String, String> fields) {

    /** No outer request: a body met bare. */
    public static final RequestHead NONE = new RequestHead(null, null, null, Map.of());

    public RequestHead {
        TreeMap<String, String> lower = new TreeMap<>();
        fields.forEach((k, v) -> lower.putIfAbsent(k.toLowerCase(Locale.ROOT), v));
        fields = Map.copyOf(lower);
    }

    /** The header field {@code name} (any case), or null. */
    public String field(String name) {
        return fields.get(name.toLowerCase(Locale.ROOT));
    }

    /** The query of the target, after '?', or an empty string. */
    public String query() {
        if (target == null) return "";
        int q = target.indexOf('?');
        return q < 0 ? "" : target.substring(q + 1);
    }
}
