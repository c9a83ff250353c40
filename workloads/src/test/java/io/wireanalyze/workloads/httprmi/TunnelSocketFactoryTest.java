package io.wireanalyze.workloads.httprmi;

import io.wireanalyze.workloads.FreePorts;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.rmi.ConnectException;
import java.rmi.ConnectIOException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The JDK's RMI runtime calling a real registry through the tunnel (Jetty and the servlet in this JVM): the
 * socket factory is given to the registry stub, so no process-wide setting is needed.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TunnelSocketFactoryTest {
    private TunnelServers s;

    @BeforeAll
    void start() throws Exception {
        s = new TunnelServers();
        s.registry.bind("Echo", UnicastRemoteObject.exportObject(new java.rmi.Remote() {
        }, 0));
    }

    @AfterAll
    void stop() throws Exception {
        s.close();
    }

    private Registry through(TunnelRoute route, int registryPort) throws RemoteException {
        return LocateRegistry.getRegistry("127.0.0.1", registryPort, new TunnelSocketFactory(route, Duration.ofSeconds(10)));
    }

    @Test
    void registryCallsTravelAsPostsAndComeBackAsTheirReturns() throws Exception {
        Registry r = through(new TunnelRoute(Via.DIRECT, s.web.port(), TunnelRoute.DEFAULT_PROXY_PORT), s.registryPort);
        for (int i = 0; i < 3; i++) assertEquals(List.of("Echo"), List.of(r.list()));   // the second and third reuse the connection: Ping answered locally
    }

    @Test
    void aRefusedPostIsARemoteExceptionNamingTheRequestAndItsStatus() throws Exception {
        int notAllowed = FreePorts.take(1)[0];
        RemoteException e = assertThrows(RemoteException.class,
                () -> through(new TunnelRoute(Via.DIRECT, s.web.port(), TunnelRoute.DEFAULT_PROXY_PORT), notAllowed).list());
        // The runtime wraps what reading a return throws; inside is the tunnel's one line.
        assertInstanceOf(UnmarshalException.class, e);
        ConnectIOException cause = assertInstanceOf(ConnectIOException.class, e.getCause());
        assertEquals("POST " + s.cgi("forward=" + notAllowed) + ": HTTP 403 forward=" + notAllowed
                + ": not a port of this RMI server (expected: one of " + String.join(", ", java.util.stream.Stream.of(s.registryPort, s.downPort,
                s.silent.getLocalPort()).sorted().map(String::valueOf).toList()) + ") (expected: 200 with the RMI server's reply)", cause.getMessage());
    }

    @Test
    void aWebServerThatIsDownIsAConnectException() throws Exception {
        int down = FreePorts.take(1)[0];
        RemoteException e = assertThrows(RemoteException.class,
                () -> through(new TunnelRoute(Via.DIRECT, down, TunnelRoute.DEFAULT_PROXY_PORT), s.registryPort).list());
        ConnectException cause = assertInstanceOf(ConnectException.class, e.getCause());
        assertEquals("POST http://127.0.0.1:" + down + "/cgi-bin/java-rmi.cgi?forward=" + s.registryPort + ": connection to 127.0.0.1:" + down
                + " refused (expected: the web server listening)", cause.getMessage().replaceAll("(?s); nested exception.*", ""));
    }
}
