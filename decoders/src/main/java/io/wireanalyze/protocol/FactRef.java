package io.wireanalyze.protocol;

/**
 * A detail of a message that a fact of the capture supplies ({@link Facts}), filled in when the analysis settles: the
 * fact's kind and key, the detail field it fills (at {@code position} among the details' fields, replacing one of that
 * name), and where in the method's name the value goes ({@code methodAt}, after {@code methodJoin}; -1: not there).
 * Of a registry's stub, say: a JRMP call's {@code remoteInterface}, and its method's name when only its hash is known.
 */
public record FactRef(String kind, String key, String field, int position, int methodAt, String methodJoin) {

    /** The method's name with the value in its place. */
    public String method(String method, String value) {
        if (methodAt < 0 || method == null || methodAt > method.length()) return method;
        return method.substring(0, methodAt) + methodJoin + value + method.substring(methodAt);
    }
}
