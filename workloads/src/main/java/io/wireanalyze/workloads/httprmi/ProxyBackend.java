package io.wireanalyze.workloads.httprmi;

import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.timeout.ReadTimeoutException;

/**
 * The proxy's connection to a target: relays each response to the client connection that sent the request,
 * with a {@code Via} header; a target that closes or falls silent while a request is out is answered for with
 * 502 or 504.
 */
final class ProxyBackend extends SimpleChannelInboundHandler<FullHttpResponse> {
    private final Channel client;
    private boolean awaiting;
    private boolean keepAlive;

    ProxyBackend(Channel client) {
        this.client = client;
    }

    /** A request is about to go out; its response goes to the client with this keep-alive. */
    void expect(boolean clientKeepAlive) {
        awaiting = true;
        keepAlive = clientKeepAlive;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpResponse response) {
        awaiting = false;
        FullHttpResponse copy = new DefaultFullHttpResponse(response.protocolVersion(), response.status(), response.content().retain());
        copy.headers().set(response.headers());
        ProxyFrontend.withoutHopByHop(copy.headers()).add(HttpHeaderNames.VIA, ForwardProxy.VIA);
        ProxyFrontend.relay(client, copy, keepAlive);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (awaiting) {
            awaiting = false;
            ProxyFrontend.respond(client, HttpResponseStatus.BAD_GATEWAY, "proxy: " + ctx.channel().remoteAddress()
                    + ": closed before its response (expected: a response)", keepAlive);
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (awaiting) {
            awaiting = false;
            boolean silent = cause instanceof ReadTimeoutException;
            ProxyFrontend.respond(client, silent ? HttpResponseStatus.GATEWAY_TIMEOUT : HttpResponseStatus.BAD_GATEWAY,
                    "proxy: " + ctx.channel().remoteAddress() + ": " + (silent ? "no response in time" : cause.toString())
                            + " (expected: a response)", keepAlive);
        }
        ctx.close();
    }
}
