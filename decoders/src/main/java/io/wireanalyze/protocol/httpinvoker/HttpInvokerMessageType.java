package io.wireanalyze.protocol.httpinvoker;

import io.wireanalyze.protocol.MessageType;

/** Spring HttpInvoker messages in the report's words. */
public enum HttpInvokerMessageType implements MessageType {
    /** A POST whose body is a serialized {@code org.springframework.remoting.support.RemoteInvocation}. */
    CALL("call"),
    /** A serialized {@code RemoteInvocationResult} with a value. */
    REPLY("reply"),
    /** A {@code RemoteInvocationResult} carrying the exception the method threw. */
    EXCEPTION("exception");

    private final String label;

    HttpInvokerMessageType(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
