package io.wireanalyze.protocol;

/** A message's type in the report's words ({@code call}, {@code request}, ...): each protocol's enum implements it. */
public interface MessageType {

    /** The stable name in reports and JSON. */
    String label();

    /** Bytes no decoder understood. */
    MessageType UNPARSED = Unparsed.TYPE;

    /** The one message type every protocol shares. */
    enum Unparsed implements MessageType {
        TYPE;

        @Override
        public String label() {
            return "unparsed";
        }

        @Override
        public String toString() {
            return label();
        }
    }
}
