package io.wireanalyze.workloads.jrmp;

import java.rmi.Remote;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;

/**
 * The sockets a JRMP workload's registry and object use: the JDK's defaults ({@link #PLAIN}), or a pair of RMI socket
 * factories (RMI over SSL: {@code javax.rmi.ssl}). The client factory travels in the stubs, so a client that looks the
 * object up through a registry reached with it calls the object, and sends its DGC calls, the same way.
 *
 * @param client the client side's factory, null for the default
 * @param server the server side's factory, null for the default
 */
public record RmiSockets(RMIClientSocketFactory client, RMIServerSocketFactory server) {

    /** The JDK's default sockets: plain JRMP. */
    public static final RmiSockets PLAIN = new RmiSockets(null, null);

    /** The registry, listening on {@code port}. */
    Registry createRegistry(int port) throws RemoteException {
        return client == null ? LocateRegistry.createRegistry(port) : LocateRegistry.createRegistry(port, client, server);
    }

    /** {@code object} exported on {@code port}. */
    Remote export(Remote object, int port) throws RemoteException {
        return client == null ? UnicastRemoteObject.exportObject(object, port) : UnicastRemoteObject.exportObject(object, port, client, server);
    }

    /** A reference to the registry at {@code host:port}. */
    Registry registry(String host, int port) throws RemoteException {
        return client == null ? LocateRegistry.getRegistry(host, port) : LocateRegistry.getRegistry(host, port, client);
    }
}
