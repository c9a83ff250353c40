package io.wireanalyze.protocol.hessian;

import io.wireanalyze.protocol.FaultingDetails;

/**
 * What a Hessian call, reply or fault carries beyond the shared fields, in bytes of the HTTP body (HTTP's framing is
 * reported beside these).
 *
 * @param version      the grammar of the message's values
 * @param arguments    a call's argument count (Hessian 2 writes it; Hessian 1's is the values before {@code z}); null for replies
 * @param messageBytes the whole body
 * @param valueBytes   bytes of the values themselves (numbers, characters, binary data, booleans, nulls), the rest of the
 *                     body being markup: codes, lengths, type names, class definitions, field names, references, terminators
 * @param values       values walked (each scalar, list, map and object counts one)
 * @param faultCode    a fault's {@code code}, or null
 * @param faultMessage a fault's {@code message}, or null
 */
public record HessianDetails(HessianVersion version, Integer arguments, long messageBytes, Long valueBytes, long values,
                             String faultCode, String faultMessage) implements FaultingDetails {

    @Override
    public void fields(FieldSink out) {
        out.put("hessianVersion", version.label()).put("hessianArguments", arguments).put("hessianMessageBytes", messageBytes)
                .put("hessianValueBytes", valueBytes).put("hessianValues", values)
                .put("faultCode", faultCode).put("faultMessage", faultMessage);
    }
}
