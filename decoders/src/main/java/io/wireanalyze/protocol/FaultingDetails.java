package io.wireanalyze.protocol;

/**
 * Details of a call format whose bodies are values in markup and whose replies may be faults with a code and a
 * message: the bytes of the values are its {@link ByteCount#VALUES} count, the fault its {@link #exception}.
 */
public interface FaultingDetails extends Details {

    /** Bytes of the values themselves, the rest of the body being markup; null when not known. */
    Long valueBytes();

    /** A fault's code, or null. */
    String faultCode();

    /** A fault's message, or null. */
    String faultMessage();

    @Override
    default void counts(CountSink out) {
        out.put(ByteCount.VALUES, valueBytes());
    }

    /** {@code code: message}, the code alone without a message, or null without either. */
    @Override
    default String exception() {
        if (faultCode() == null && faultMessage() == null) return null;
        return faultMessage() == null ? faultCode() : faultCode() + ": " + faultMessage();
    }
}
