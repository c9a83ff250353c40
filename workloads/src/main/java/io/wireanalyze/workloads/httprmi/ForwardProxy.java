package io.wireanalyze.workloads.httprmi;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpServerCodec;
import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.QuietLogging;

import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The http-rmi workload's forward HTTP proxy (Juric et al. section 2.2: the client's POSTs go through an HTTP
 * proxy), on Netty: it takes absolute-form requests ({@code POST http://127.0.0.1:8080/cgi-bin/java-rmi.cgi?...}),
 * forwards each in origin form over a persistent connection to its target, which must be 127.0.0.1 on a port of
 * {@code --allow}, and relays the response; both with a {@code Via} header. One JVM on 127.0.0.1:{@code --port};
 * prints {@code READY proxy=<port>} once listening, runs until stdin closes, exits 0 (1 with one line on stderr
 * when it cannot start).
 */
public final class ForwardProxy implements TunnelServerMain.Server {
    /** RFC 9110 section 7.6.3: a proxy says it forwarded a message. */
    static final String VIA = "1.1 wireanalyze-proxy";

    private final EventLoopGroup group;
    private final Channel listener;

    private ForwardProxy(EventLoopGroup group, Channel listener) {
        this.group = group;
        this.listener = listener;
    }

    /**
     * Listens on 127.0.0.1:{@code port} (0: any free port). {@code limits} name the target ports, the largest
     * message and how long a target may take to answer.
     */
    public static ForwardProxy start(int port, TunnelLimits limits) throws InterruptedException {
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(1, NioIoHandler.newFactory());
        try {
            Channel listener = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            ch.pipeline().addLast(new HttpServerCodec(), new HttpObjectAggregator(limits.maxBodyBytes()),
                                    new ProxyFrontend(limits));
                        }
                    })
                    .bind(Loopback.host(), port).sync().channel();
            return new ForwardProxy(group, listener);
        } catch (InterruptedException | RuntimeException e) {
            group.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    public int port() {
        return ((InetSocketAddress) listener.localAddress()).getPort();
    }

    @Override
    public void close() {
        listener.close().syncUninterruptibly();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    public static void main(String[] args) {
        QuietLogging.apply();
        System.exit(run(args, System.in, System.out, System.err));
    }

    static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
        return TunnelServerMain.run("http-rmi proxy", "proxy", ForwardProxy::start, args, in, out, err);
    }
}
