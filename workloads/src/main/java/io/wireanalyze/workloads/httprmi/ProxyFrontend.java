package io.wireanalyze.workloads.httprmi;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.ReadTimeoutHandler;
import io.wireanalyze.workloads.HostPort;
import io.wireanalyze.workloads.Loopback;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One client connection of the {@link ForwardProxy}: takes each absolute-form request, checks its target, and
 * forwards it in origin form over this connection's own persistent connection to the target ({@link ProxyBackend}
 * relays the response). Reading from the client pauses while a request is out, so requests and responses stay in
 * order.
 */
final class ProxyFrontend extends SimpleChannelInboundHandler<FullHttpRequest> {
    /** RFC 9110 section 7.6.1: connection-specific fields a proxy does not forward. */
    private static final List<CharSequence> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION, "keep-alive",
            "proxy-connection", HttpHeaderNames.PROXY_AUTHENTICATE, HttpHeaderNames.PROXY_AUTHORIZATION,
            HttpHeaderNames.TE, HttpHeaderNames.TRAILER, HttpHeaderNames.TRANSFER_ENCODING, HttpHeaderNames.UPGRADE);

    private final TunnelLimits limits;
    private Channel upstream;
    private HostPort upstreamTarget;

    ProxyFrontend(TunnelLimits limits) {
        this.limits = limits;
    }

    /** Where an absolute-form request goes, and the request line's target in origin form there. */
    record Target(HostPort server, String originForm) {}

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        Forwarding.Checked<Target> target = target(request);
        if (target instanceof Forwarding.Checked.Refused<Target> refused) {
            respond(ctx.channel(), HttpResponseStatus.valueOf(refused.status()), refused.reason(), keepAlive);
            return;
        }
        Target t = ((Forwarding.Checked.Ok<Target>) target).value();
        FullHttpRequest forward = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, request.method(), t.originForm(),
                request.content().retainedDuplicate());
        forward.headers().set(request.headers());
        withoutHopByHop(forward.headers()).add(HttpHeaderNames.VIA, ForwardProxy.VIA);
        ctx.channel().config().setAutoRead(false);
        if (upstream != null && upstream.isActive() && t.server().equals(upstreamTarget)) {
            send(ctx.channel(), forward, keepAlive);
            return;
        }
        if (upstream != null) upstream.close();
        upstreamTarget = t.server();
        ProxyBackend backend = new ProxyBackend(ctx.channel());
        new Bootstrap().group(ctx.channel().eventLoop()).channel(NioSocketChannel.class)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, limits.backendTimeout().toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.pipeline().addLast(new HttpClientCodec(), new HttpObjectAggregator(limits.maxBodyBytes()),
                                new ReadTimeoutHandler(limits.backendTimeout().toMillis(), TimeUnit.MILLISECONDS), backend);
                    }
                })
                .connect(t.server().host(), t.server().port())
                .addListener((ChannelFutureListener) f -> {
                    if (f.isSuccess()) {
                        upstream = f.channel();
                        send(ctx.channel(), forward, keepAlive);
                    } else {
                        forward.release();
                        upstreamTarget = null;
                        respond(ctx.channel(), HttpResponseStatus.BAD_GATEWAY, "proxy: " + t.server() + ": "
                                + f.cause().getMessage() + " (expected: the web server listening)", keepAlive);
                    }
                });
    }

    private void send(Channel client, FullHttpRequest forward, boolean keepAlive) {
        ((ProxyBackend) upstream.pipeline().last()).expect(keepAlive);
        upstream.writeAndFlush(forward).addListener((ChannelFutureListener) f -> {
            if (!f.isSuccess())
                respond(client, HttpResponseStatus.BAD_GATEWAY, "proxy: " + upstreamTarget + ": " + f.cause() + " (expected: the request sent)", keepAlive);
        });
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (upstream != null) upstream.close();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        ctx.close();
    }

    /** The target of an absolute-form request, if it is plain HTTP to 127.0.0.1 on an allowed port. */
    Forwarding.Checked<Target> target(FullHttpRequest request) {
        if (!request.decoderResult().isSuccess())
            return new Forwarding.Checked.Refused<>(400, "proxy: request: " + request.decoderResult().cause() + " (expected: HTTP/1.1)");
        if (request.method().equals(HttpMethod.CONNECT))
            return new Forwarding.Checked.Refused<>(405, "proxy: CONNECT " + request.uri() + " (expected: plain HTTP requests, no tunnels)");
        URI uri;
        try {
            uri = new URI(request.uri());
        } catch (URISyntaxException e) {
            return new Forwarding.Checked.Refused<>(400, "proxy: request target '" + request.uri() + "': " + e.getMessage() + " (expected: http://host:port/path)");
        }
        if (!"http".equalsIgnoreCase(uri.getScheme()) || uri.getHost() == null)
            return new Forwarding.Checked.Refused<>(400, "proxy: request target '" + request.uri() + "' (expected: absolute form, http://host:port/path)");
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        boolean loopback = uri.getHost().equals(Loopback.host()) || uri.getHost().equalsIgnoreCase("localhost");
        if (!loopback || !limits.allowedPorts().contains(port))
            return new Forwarding.Checked.Refused<>(403, "proxy: " + uri.getHost() + ":" + port + ": not a server this proxy forwards to (expected: "
                    + Loopback.host() + " port " + limits.allowedText() + ")");
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return new Forwarding.Checked.Ok<>(new Target(new HostPort(Loopback.host(), port), uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery()));
    }

    static HttpHeaders withoutHopByHop(HttpHeaders headers) {
        for (CharSequence h : HOP_BY_HOP) headers.remove(h);
        return headers;
    }

    /** A one-line text response from the proxy itself; closes the connection unless the client keeps it. */
    static void respond(Channel client, HttpResponseStatus status, String reason, boolean keepAlive) {
        byte[] text = (reason + "\n").getBytes(StandardCharsets.UTF_8);
        FullHttpResponse r = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(text));
        r.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain;charset=utf-8").setInt(HttpHeaderNames.CONTENT_LENGTH, text.length)
                .set(HttpHeaderNames.VIA, ForwardProxy.VIA);
        relay(client, r, keepAlive);
    }

    /** Writes {@code response} to the client and resumes reading its next request (or closes). */
    static void relay(Channel client, FullHttpResponse response, boolean keepAlive) {
        HttpUtil.setKeepAlive(response, keepAlive);
        var written = client.writeAndFlush(response);
        if (!keepAlive) {
            written.addListener(ChannelFutureListener.CLOSE);
            return;
        }
        client.config().setAutoRead(true);
        client.read();
    }
}
