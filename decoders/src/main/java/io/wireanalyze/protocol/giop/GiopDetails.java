package io.wireanalyze.protocol.giop;

import io.wireanalyze.protocol.Details;

import java.util.List;

/**
 * What a GIOP (or ZIOP) message carries beyond the shared fields (object key, operation, name): its header's
 * version and byte order, a request's target, a reply's status and exception, service contexts, what a naming
 * reply handed out, a fragment's place in its chain. Absent values are null; field names follow tshark's GIOP
 * dissector where it has one. Built with {@link Builder}.
 */
public record GiopDetails(String giopVersion, String byteOrder, Boolean moreFragments, String headerContinues,
                          String target, String targetType, String targetEndpoint, String objectKey,
                          Integer responseFlags, Boolean responseExpected, String replyStatus, String locateStatus,
                          List<String> serviceContexts, Integer serviceContextBytes, String codeSets, String isA,
                          String exception, String minorCode, String completionStatus, String forward,
                          String addressingMode, String resolved, String continues, Integer fragment,
                          String compressedType, String compressor, Long originalLength) implements Details {

    @Override
    public void fields(FieldSink out) {
        out.put("giopVersion", giopVersion).put("byteOrder", byteOrder).put("moreFragments", moreFragments)
                .put("headerContinues", headerContinues).put("target", target).put("targetType", targetType)
                .put("targetEndpoint", targetEndpoint).put("objectKey", objectKey).put("responseFlags", responseFlags)
                .put("responseExpected", responseExpected).put("replyStatus", replyStatus).put("locateStatus", locateStatus)
                .put("serviceContexts", serviceContexts).put("serviceContextBytes", serviceContextBytes)
                .put("codeSets", codeSets).put("isA", isA).put("exception", exception).put("minorCode", minorCode)
                .put("completionStatus", completionStatus).put("forward", forward).put("addressingMode", addressingMode)
                .put("resolved", resolved).put("continues", continues).put("fragment", fragment)
                .put("compressedType", compressedType).put("compressor", compressor).put("originalLength", originalLength);
    }

    @Override
    public String exception() {
        return exception;
    }

    /** The same details as a fragment of {@code continues}, the {@code fragment}-th of its chain. */
    GiopDetails asFragment(String continued, int number) {
        Builder b = toBuilder();
        b.continues = continued;
        b.fragment = number;
        return b.build();
    }

    Builder toBuilder() {
        Builder b = new Builder();
        b.giopVersion = giopVersion; b.byteOrder = byteOrder; b.moreFragments = moreFragments; b.headerContinues = headerContinues;
        b.target = target; b.targetType = targetType; b.targetEndpoint = targetEndpoint; b.objectKey = objectKey;
        b.responseFlags = responseFlags; b.responseExpected = responseExpected; b.replyStatus = replyStatus;
        b.locateStatus = locateStatus; b.serviceContexts = serviceContexts; b.serviceContextBytes = serviceContextBytes;
        b.codeSets = codeSets; b.isA = isA; b.exception = exception; b.minorCode = minorCode;
        b.completionStatus = completionStatus; b.forward = forward; b.addressingMode = addressingMode; b.resolved = resolved;
        b.continues = continues; b.fragment = fragment; b.compressedType = compressedType; b.compressor = compressor;
        b.originalLength = originalLength;
        return b;
    }

    /** Collects the fields while a message is parsed. */
    static final class Builder {
        String giopVersion, byteOrder, headerContinues, target, targetType, targetEndpoint, objectKey, replyStatus,
                locateStatus, codeSets, isA, exception, minorCode, completionStatus, forward, addressingMode, resolved,
                continues, compressedType, compressor;
        Boolean moreFragments, responseExpected;
        Integer responseFlags, serviceContextBytes, fragment;
        List<String> serviceContexts;
        Long originalLength;

        GiopDetails build() {
            return new GiopDetails(giopVersion, byteOrder, moreFragments, headerContinues, target, targetType,
                    targetEndpoint, objectKey, responseFlags, responseExpected, replyStatus, locateStatus,
                    serviceContexts == null ? null : List.copyOf(serviceContexts), serviceContextBytes, codeSets, isA,
                    exception, minorCode, completionStatus, forward, addressingMode, resolved, continues, fragment,
                    compressedType, compressor, originalLength);
        }
    }
}
