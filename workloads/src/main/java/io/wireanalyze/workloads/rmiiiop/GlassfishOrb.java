package io.wireanalyze.workloads.rmiiiop;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.OrbProperties;

import java.util.Properties;

/**
 * The GlassFish ORB 4.2.5 settings of the rmi-iiop mains (property names: com.sun.corba.ee.spi.misc.ORBConstants).
 * Only these mains, which run with the GlassFish ORB's class path, use this class.
 */
final class GlassfishOrb {
    /** The server port: the port in the IORs of the objects this ORB exports. */
    static final String SERVER_PORT = "com.sun.corba.ee.ORBServerPort";
    /** The host in the IORs, and (when not 0.0.0.0) the only address the ORB listens on. */
    static final String SERVER_HOST = "com.sun.corba.ee.ORBServerHost";
    /** Extra listen sockets, {@code IIOP_CLEAR_TEXT:<port>}: the naming port. */
    static final String LISTEN_SOCKET = "com.sun.corba.ee.transport.ORBListenSocket";
    /** Stubs made at run time with java.lang.reflect.Proxy, so no rmic -iiop stubs are needed. */
    static final String USE_DYNAMIC_STUB = "com.sun.corba.ee.ORBUseDynamicStub";
    static final String NAME_SERVICE_REF = "org.omg.CORBA.ORBInitRef.NameService";

    private GlassfishOrb() {
    }

    /**
     * Sets the ORB and javax.rmi delegate classes as system properties (javax.rmi.PortableRemoteObject,
     * javax.rmi.CORBA.Util and the ORB singleton read them from there, not from ORB.init's properties). The
     * GlassFish omgapi defaults to the same classes; naming them keeps the ORB independent of which
     * org.omg / javax.rmi API jar a class path happens to put first. Values given on the command line win.
     * Call first in a main.
     */
    static void installDelegates() {
        OrbProperties.setDefaults("org.omg.CORBA.ORBClass", "com.sun.corba.ee.impl.orb.ORBImpl",
                "org.omg.CORBA.ORBSingletonClass", "com.sun.corba.ee.impl.orb.ORBSingleton",
                "javax.rmi.CORBA.UtilClass", "com.sun.corba.ee.impl.javax.rmi.CORBA.Util",
                "javax.rmi.CORBA.StubClass", "com.sun.corba.ee.impl.javax.rmi.CORBA.StubDelegateImpl",
                "javax.rmi.CORBA.PortableRemoteObjectClass", "com.sun.corba.ee.impl.javax.rmi.PortableRemoteObject",
                USE_DYNAMIC_STUB, "true");
    }

    /**
     * The server ORB: IORs name the servers' address ({@link Loopback#host()}, 127.0.0.1 by default) and
     * {@code objectPort}; it also listens on {@code namingPort} there.
     */
    static Properties server(int namingPort, int objectPort) {
        return OrbProperties.of(SERVER_HOST, Loopback.host(), SERVER_PORT, Integer.toString(objectPort),
                LISTEN_SOCKET, "IIOP_CLEAR_TEXT:" + namingPort, USE_DYNAMIC_STUB, "true");
    }

    /** A client ORB that resolves {@code NameService} at {@code nameServiceCorbaloc}. */
    static Properties client(String nameServiceCorbaloc) {
        return OrbProperties.of(SERVER_HOST, Loopback.clientHost(), NAME_SERVICE_REF, nameServiceCorbaloc, USE_DYNAMIC_STUB, "true");
    }
}
