package io.wireanalyze.protocol;

/** A message's type in the report's words ({@code call}, {@code request}, ...): each protocol's enum implements it. */
public interface MessageType {

    /**
     * The stable name in reports and JSON: an enum's constant's name in lower case, {@code _} as {@code -}
     * ({@code DGC_ACK} is {@code dgc-ack}), worked out once per enum. Whoever shows a type writes its label: a default
     * method cannot override {@code toString}, which stays the constant's name.
     */
    default String label() {
        Enum<?> e = (Enum<?>) this;
        return MessageTypeLabels.of(e);
    }

    /** Bytes no decoder understood. */
    MessageType UNPARSED = Unparsed.TYPE;

    /** The one message type every protocol shares. */
    enum Unparsed implements MessageType {
        TYPE;

        @Override
        public String label() {
            return "unparsed";
        }
    }
}
