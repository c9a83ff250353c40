package io.wireanalyze.protocol.httpinvoker;

import io.wireanalyze.protocol.Details;

import java.util.List;

/**
 * What a Spring HttpInvoker call or result carries beyond the shared fields, read from its serialization stream.
 *
 * @param argumentTypes a call's parameter types as its {@code parameterTypes} array names them ({@code [I},
 *                      {@code java.lang.String}); empty for a result
 * @param streamBytes   the serialization stream: the whole body
 * @param resultClass   the class of a result's value (or of the exception), or null
 * @param exception     the class of the exception a result carries, or null
 */
public record HttpInvokerDetails(List<String> argumentTypes, long streamBytes, String resultClass, String exception) implements Details {

    public HttpInvokerDetails {
        argumentTypes = List.copyOf(argumentTypes);
    }

    @Override
    public void fields(FieldSink out) {
        out.put("argumentTypes", argumentTypes.isEmpty() ? null : argumentTypes).put("serializationBytes", streamBytes)
                .put("resultClass", resultClass);
    }

    @Override
    public String exception() {
        return exception;
    }
}
