package io.wireanalyze.protocol.http;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.wireanalyze.phase.Phase;
import io.wireanalyze.protocol.BodyDecoder;
import io.wireanalyze.protocol.BodyFormat;
import io.wireanalyze.protocol.DecodeStep;
import io.wireanalyze.protocol.Details;
import io.wireanalyze.protocol.InputState;
import io.wireanalyze.protocol.Message;
import io.wireanalyze.protocol.MessageInfo;
import io.wireanalyze.protocol.ProtocolName;
import io.wireanalyze.protocol.ProtocolSession;
import io.wireanalyze.protocol.RequestHead;
import io.wireanalyze.protocol.Role;
import io.wireanalyze.protocol.SessionContext;
import io.wireanalyze.tcp.Direction;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * HTTP/1.x for one connection: {@link Http1Framing} frames each direction; each request body is offered to the
 * body formats the protocol table gave HTTP, and the one that claims it decodes the request and, later, its response
 * (responses answer requests in order, pipelined or not). A claimed exchange is reported under the format's name
 * ({@code http-rmi}) with the inner message's type, fields and phase, spanning the whole HTTP message: its start
 * line, header fields and chunk framing are overhead, the inner message's data is the data. HTTP no format claims is
 * reported as {@code http} requests and responses, each body an unparsed span after its head. Requests and responses
 * carry the exchange's number as their request id, so a response a server sends before the request has fully arrived
 * still pairs with it.
 */
public final class HttpSession implements ProtocolSession {

    /** Most requests remembered while awaiting their responses. */
    static final int MAX_PENDING = 4096;

    /** A request awaiting its response, and the inner decoder that claimed its body (null: none). */
    /**
     * A request awaiting its response, the inner decoder that claimed its body (null: none), and why a claimed body
     * could not be decoded (null when it was, or when nothing claimed it).
     */
    private record Pending(Message request, BodyDecoder claimer, boolean head, String claimedButMalformed) {
    }

    /** Exchanges are numbered in request order: a response pairs with its request by this id ({@link Message#requestId}). */
    private long nextRequestId;
    /** A response that came before its request was complete (a server answering early, an error): that request's id. */
    private long answeredEarly = -1;

    private final Http1Framing requests;
    private final Http1Framing responses;
    private final List<BodyDecoder> formats = new ArrayList<>();
    private final ArrayDeque<Pending> pending = new ArrayDeque<>();
    /** Per direction: a body to report as unparsed right after the head just returned. */
    private final Message[] queued = new Message[2];

    public HttpSession(SessionContext context, List<BodyFormat> bodyFormats) {
        this.requests = new Http1Framing(true, context.limits(), () -> false, context.buffers());
        this.responses = new Http1Framing(false, context.limits(), () -> !pending.isEmpty() && pending.peekFirst().head(),
                context.buffers());
        for (BodyFormat f : bodyFormats) formats.add(f.newDecoder(context));
    }

    @Override
    public DecodeStep<Message> decode(Direction d, ByteBuffer in, long offset, InputState state) {
        Message q = queued[d.ordinal()];
        queued[d.ordinal()] = null;
        if (q != null && q.offset() == offset && q.length() <= in.remaining()) return new DecodeStep.Decoded<>(q, q.length());
        DecodeStep<Http1Framing.Framed> step = (d == Direction.C2S ? requests : responses).decode(in, offset, state);
        if (step instanceof DecodeStep.NeedMore<Http1Framing.Framed> more) return new DecodeStep.NeedMore<>(more.atLeast(), more.exact());
        if (step instanceof DecodeStep.Malformed<Http1Framing.Framed> bad) return new DecodeStep.Malformed<>(bad.failure());
        Http1Framing.Framed f = ((DecodeStep.Decoded<Http1Framing.Framed>) step).message();
        Message m = d == Direction.C2S ? request(f) : response(f);
        (d == Direction.C2S ? requests : responses).recycle(f);   // the message made: nothing reads its body any more
        if (m.end() < f.end()) queued[d.ordinal()] = Message.unparsed(Http.NAME, d, m.end(), f.end() - m.end(), bodyReason(m));
        return new DecodeStep.Decoded<>(m, m.length());
    }

    @Override
    public int resync(Direction d, ByteBuffer in) {
        if (requests.upgraded() || responses.upgraded()) return -1;
        int at = StartLine.next(in, in.position(), d == Direction.C2S);
        return at < 0 ? -1 : at - in.position();
    }

    private Message request(Http1Framing.Framed f) {
        HttpRequest r = (HttpRequest) f.head();
        String contentType = r.headers().get(HttpHeaderNames.CONTENT_TYPE);
        RequestHead requestHead = requestHead(r, contentType);
        ByteBuffer body = f.body();
        String malformed = null;
        for (BodyDecoder b : formats) {
            if (!b.claims(body.duplicate(), requestHead)) continue;
            DecodeStep<Message> step = b.request(body.duplicate(), f.bodyOffset(), requestHead);
            if (step instanceof DecodeStep.Decoded<Message> inner) {
                Message m = widen(inner.message(), f, Direction.C2S, Role.REQUEST, nextRequestId++);
                remember(new Pending(m, b, isHead(r), null));
                return m;
            }
            if (step instanceof DecodeStep.Malformed<Message> bad) malformed = bad.failure().describe();
            break;
        }
        // Why the body is not decoded, made only for a body that is not (most are).
        String why = malformed != null ? malformed : f.bodyLength() == 0 ? null : "HTTP body of " + f.bodyLength() + " bytes"
                + (contentType != null ? " (" + contentType + ")" : "") + ": no decoder claims it";
        String target = r.uri();
        int query = target.indexOf('?');
        MessageInfo info = new MessageInfo(null, null, r.method().name() + " " + (query < 0 ? target : target.substring(0, query)),
                null, null, details(f, why, Details.NONE));
        Message m = head(f, Http.NAME, HttpMessageType.REQUEST, HttpPhaseRules.request(null), Direction.C2S, Role.REQUEST,
                nextRequestId++, info);
        remember(new Pending(m, null, isHead(r), malformed));
        return m;
    }

    private Message response(Http1Framing.Framed f) {
        HttpResponse r = (HttpResponse) f.head();
        if (r.status().code() == 101) {   // h2c or another protocol from here on: not HTTP/1.x
            requests.upgrade();
            responses.upgrade();
        }
        Pending p = pending.pollFirst();
        Message request = p == null ? null : p.request();
        long id = p != null ? request.requestId() : requests.inProgress() ? nextRequestId : -1;
        if (p == null && id >= 0) answeredEarly = id;
        String why = null;
        if (p != null && p.claimer() != null) {
            DecodeStep<Message> step = p.claimer().reply(f.body(), f.bodyOffset(), request);
            if (step instanceof DecodeStep.Decoded<Message> inner) return widen(inner.message(), f, Direction.S2C, Role.REPLY, id);
            if (step == null) {
                MessageInfo q = request.info();
                MessageInfo info = new MessageInfo(q.objId(), q.hash(), q.method(), q.operation(), q.name(),
                        details(f, null, q.details().forReply()));
                Message m = head(f, request.protocol(), HttpMessageType.RESPONSE, HttpPhaseRules.response(request), Direction.S2C,
                        Role.REPLY, id, info);
                // A body the format calls no message (JDK 8's one 0 byte after a DgcAck) is this answer's framing too.
                return f.bodyLength() == 0 ? m : new Message(m.protocol(), m.type(), m.phase(), m.direction(), f.start(),
                        (int) (f.end() - f.start()), f.start(), 0, m.role(), m.requestId(), m.info());
            }
            why = ((DecodeStep.Malformed<Message>) step).failure().describe();
        }
        // Why the body is not decoded, made only for a body that is not (most are).
        if (why == null && f.bodyLength() != 0) why = "HTTP body of " + f.bodyLength() + " bytes: "
                + (p != null && p.claimedButMalformed() != null ? "not decoded, as its request's body was not" : "no decoder claims it");
        String method = request == null ? null : request.info().method();
        String operation = request == null ? null : request.info().operation();
        MessageInfo info = new MessageInfo(null, null, method, operation, null, details(f, why, Details.NONE));
        ProtocolName name = request == null ? Http.NAME : request.protocol();
        return head(f, name, HttpMessageType.RESPONSE, HttpPhaseRules.response(request), Direction.S2C, Role.REPLY, id, info);
    }

    /** The inner message spread over the whole HTTP message: the framing is overhead, the inner data is data. */
    private static Message widen(Message inner, Http1Framing.Framed f, Direction d, Role role, long id) {
        MessageInfo info = inner.info().withDetails(details(f, null, inner.info().details()));
        long dataOffset = Math.max(f.start(), Math.min(inner.dataOffset(), f.end()));
        int dataLength = (int) Math.min(inner.dataLength(), f.end() - dataOffset);
        return new Message(inner.protocol(), inner.type(), inner.phase(), d, f.start(), (int) (f.end() - f.start()),
                dataOffset, dataLength, role, id, info);
    }

    /** The message's head, up to its body when the body is reported apart (unparsed), or all of it. */
    private static Message head(Http1Framing.Framed f, ProtocolName name, HttpMessageType type, Phase phase, Direction d,
                                Role role, long id, MessageInfo info) {
        long end = f.bodyLength() == 0 ? f.end() : f.bodyOffset();
        return new Message(name, type, phase, d, f.start(), (int) (end - f.start()), f.start(), 0, role, id, info);
    }

    /**
     * The request line and header fields, for the body formats: the fields are Netty's, looked up by name when a format
     * asks (by name in any case, the first of a repeated field), not copied into maps for every request.
     */
    private static RequestHead requestHead(HttpRequest r, String contentType) {
        HttpHeaders headers = r.headers();
        return new RequestHead(r.method().name(), r.uri(), contentType, headers::get);
    }

    private static HttpDetails details(Http1Framing.Framed f, String why, Details inner) {
        HttpMessage h = f.head();
        String method = h instanceof HttpRequest q ? q.method().name() : null;
        String uri = h instanceof HttpRequest q ? q.uri() : null;
        Integer status = h instanceof HttpResponse r ? r.status().code() : null;
        return new HttpDetails(method, uri, h.protocolVersion().text(), status, h.headers().get(HttpHeaderNames.CONTENT_TYPE),
                f.chunked() ? Boolean.TRUE : null, h.headers().get(HttpHeaderNames.UPGRADE), f.headerBytes(), f.bodyLength(),
                f.interim() > 0 ? f.interim() : null, why, inner, f.badHeaders().isEmpty() ? null : f.badHeaders());
    }

    private static String bodyReason(Message m) {
        return m.info().details() instanceof HttpDetails h && h.body() != null ? h.body() : "HTTP body: not decoded";
    }

    /** A complete request awaits its response, unless the response came first. */
    private void remember(Pending p) {
        if (p.request().requestId() == answeredEarly) return;
        if (pending.size() >= MAX_PENDING) pending.pollFirst();
        pending.addLast(p);
    }

    private static boolean isHead(HttpRequest r) {
        return "HEAD".equals(r.method().name());
    }
}
