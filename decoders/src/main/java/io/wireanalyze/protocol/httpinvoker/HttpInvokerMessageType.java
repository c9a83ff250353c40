package io.wireanalyze.protocol.httpinvoker;

import io.wireanalyze.protocol.MessageType;

/** Spring HttpInvoker messages in the report's words. */
public enum HttpInvokerMessageType implements MessageType {
    /** A POST whose body is a serialized {@code org.springframework.remoting.support.RemoteInvocation}. */
    CALL,
    /** A serialized {@code RemoteInvocationResult} with a value. */
    REPLY,
    /** A {@code RemoteInvocationResult} carrying the exception the method threw. */
    EXCEPTION;
}
