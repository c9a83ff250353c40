package io.wireanalyze.protocol.burlap;

import io.wireanalyze.protocol.FaultingDetails;

/**
 * What a Burlap call, reply or fault carries beyond the shared fields, in bytes of the HTTP body.
 *
 * @param arguments    a call's argument count (the values after {@code <method>}); null for replies
 * @param messageBytes the whole body
 * @param valueBytes   bytes of the text of the values (numbers, strings, dates as written), the rest being markup: tags,
 *                     the method, headers' names, {@code <type>} and {@code <length>}, an object's field names
 * @param elements     elements in the document
 * @param faultCode    a fault's {@code code}, or null
 * @param faultMessage a fault's {@code message}, or null
 */
public record BurlapDetails(Integer arguments, long messageBytes, Long valueBytes, long elements, String faultCode,
                            String faultMessage) implements FaultingDetails {

    @Override
    public void fields(FieldSink out) {
        out.put("burlapArguments", arguments).put("burlapMessageBytes", messageBytes).put("burlapValueBytes", valueBytes)
                .put("xmlElements", elements).put("faultCode", faultCode).put("faultMessage", faultMessage);
    }
}
