package io.wireanalyze.protocol.httpinvoker;

import io.wireanalyze.codec.DecoderLimits;
import io.wireanalyze.codec.Failure;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.BodyDecoder;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.serial.ClassData;
import io.wireanalyze.serial.SerialNode;
import io.wireanalyze.serial.SerialResult;
import io.wireanalyze.serial.SerialWalker;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Spring HttpInvoker as a body format: a POST whose body is a Java serialization stream (0xaced 0x0005) holding a
 * {@code org.springframework.remoting.support.RemoteInvocation}, walked structurally ({@link SerialWalker}, never
 * deserialized into objects): its {@code methodName} is the method, its {@code parameterTypes} the argument types. The reply is a
 * {@code RemoteInvocationResult}: its value's class, or the exception it carries. The stream is the data, HTTP's framing
 * the overhead.
 */
public final class HttpInvokerBodies implements BodyDecoder {

    /** The protocol's name in reports. */
    public static final ProtocolName HTTPINVOKER = new ProtocolName("httpinvoker");

    static final String INVOCATION = "org.springframework.remoting.support.RemoteInvocation";
    static final String RESULT = "org.springframework.remoting.support.RemoteInvocationResult";
    /** Spring's media type for HttpInvoker bodies. */
    static final String CONTENT_TYPE = "application/x-java-serialized-object";

    /** The format, for the protocol table. */
    public static final BodyFormat FORMAT = BodyFormat.of(HTTPINVOKER, context -> new HttpInvokerBodies(context.limits()));

    private final SerialWalker walker;

    private HttpInvokerBodies(DecoderLimits limits) {
        this.walker = new SerialWalker(limits);
    }

    /**
     * The serialization magic, and Spring's media type or a RemoteInvocation as the first content (a subclass keeps
     * RemoteInvocation's data). Claimed by its media type, a stream that holds no invocation is a clear failure.
     */
    @Override
    public boolean claims(ByteBuffer body, RequestHead head) {
        int p = body.position();
        if (body.remaining() < 4 || (body.getShort(p) & 0xffff) != 0xaced) return false;
        if (head.contentType() != null && head.contentType().startsWith(CONTENT_TYPE)) return true;   // then say why, if not one
        return top(body) instanceof SerialNode.Obj o && data(o, INVOCATION);
    }

    @Override
    public DecodeStep<Message> request(ByteBuffer body, long offset, RequestHead head) {
        Object top = top(body, offset, "httpinvoker.invocation", INVOCATION);
        if (top instanceof Failure why) return new DecodeStep.Malformed<>(why);
        SerialNode.Obj o = (SerialNode.Obj) top;
        Object name = resolve(o.field(INVOCATION, "methodName"));
        String method = name instanceof SerialNode.Str s ? s.value() : null;
        if (method == null) return new DecodeStep.Malformed<>(offset, "httpinvoker.methodName", "no methodName string in the RemoteInvocation (expected: one)");
        List<String> types = new ArrayList<>();
        if (resolve(o.field(INVOCATION, "parameterTypes")) instanceof SerialNode.Arr a) {
            for (SerialNode e : a.elements()) {
                SerialNode r = (SerialNode) resolve(e);
                types.add(r instanceof SerialNode.ClassObj c ? nameOf(c.classDesc()) : "?");
            }
        }
        return message(body, offset, HttpInvokerMessageType.CALL, method, new HttpInvokerDetails(types, body.remaining(), null, null),
                Role.REQUEST, null);
    }

    @Override
    public DecodeStep<Message> reply(ByteBuffer body, long offset, Message request) {
        if (!body.hasRemaining()) return null;
        Object top = top(body, offset, "httpinvoker.result", RESULT);
        if (top instanceof Failure why) return new DecodeStep.Malformed<>(why);
        SerialNode.Obj o = (SerialNode.Obj) top;
        Object exception = resolve(o.field(RESULT, "exception"));
        Object value = resolve(o.field(RESULT, "value"));
        String thrown = exception instanceof SerialNode.Obj e ? e.className() : null;
        String valueClass = thrown != null ? thrown : value instanceof SerialNode.Obj v ? v.className()
                : value instanceof SerialNode.Arr a ? a.className() : value instanceof SerialNode.Str ? "java.lang.String" : null;
        var type = thrown != null ? HttpInvokerMessageType.EXCEPTION : HttpInvokerMessageType.REPLY;
        return message(body, offset, type, request.info().method(), new HttpInvokerDetails(List.of(), body.remaining(), valueClass, thrown),
                Role.REPLY, request);
    }

    private static DecodeStep<Message> message(ByteBuffer body, long offset, HttpInvokerMessageType type, String method,
                                               HttpInvokerDetails details, Role role, Message request) {
        int length = body.remaining();
        MessageInfo info = new MessageInfo(null, null, method, method, null, details);
        Direction d = role == Role.REQUEST ? Direction.C2S : Direction.S2C;
        Phase phase = request != null ? request.phase() : Phase.INVOCATION;
        return new DecodeStep.Decoded<>(new Message(HTTPINVOKER, type, phase, d, offset, length, offset, length, role, -1, info), length);
    }

    /**
     * The stream's first content, an object holding {@code className}'s data (a RemoteInvocation or RemoteInvocationResult,
     * or a subclass); or why not, as a {@link Failure} of field {@code field} at {@code offset}.
     */
    private Object top(ByteBuffer body, long offset, String field, String className) {
        Object top = top(body);
        if (top instanceof String why) return new Failure(offset, field, why);
        SerialNode.Obj o = (SerialNode.Obj) top;
        return data(o, className) ? o : new Failure(offset, field, o.className() + " (expected: " + className + ")");
    }

    /** The stream's first content, an object; or why not, as a String. */
    private Object top(ByteBuffer body) {
        int p = body.position();
        SerialResult r = walker.walkStream(body, p, body.limit());
        List<SerialNode> contents = r instanceof SerialResult.Complete c ? c.contents()
                : r instanceof SerialResult.AtBoundary b ? b.contents() : null;
        if (r instanceof SerialResult.Malformed m)
            return m.field() + " at body byte " + (m.index() - p) + ": " + m.reason();
        if (contents == null) return "the serialization stream ends inside a content (expected: a whole object)";
        if (contents.isEmpty() || !(resolve(contents.get(0)) instanceof SerialNode.Obj o))
            return "no object at the stream's start (expected: a serialized " + INVOCATION + " or " + RESULT + ")";
        return o;
    }

    private static boolean data(SerialNode.Obj o, String className) {
        for (ClassData d : o.classData()) if (d.className().equals(className)) return true;   // no stream: C1 runs it slowly
        return false;
    }

    private static Object resolve(Object n) {
        return n instanceof SerialNode.Ref r ? r.target() : n;
    }

    private static String nameOf(SerialNode classDesc) {
        Object d = resolve(classDesc);
        if (d instanceof SerialNode.ClassDesc c) return c.className();
        if (d instanceof SerialNode.ProxyClassDesc p) return p.className();
        return "?";
    }
}
