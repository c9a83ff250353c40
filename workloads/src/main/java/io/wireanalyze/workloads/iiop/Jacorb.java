package io.wireanalyze.workloads.iiop;

import io.wireanalyze.workloads.Loopback;
import io.wireanalyze.workloads.OrbProperties;
import io.wireanalyze.workloads.QuietLogging;

import java.util.Properties;

/**
 * The JacORB 3.9 settings of the iiop mains (JacORB "Programming Guide", chapter 3, configuration
 * properties). Only these mains, which run with JacORB's class path, use this class.
 */
final class Jacorb {
    /**
     * The ORB implementation. JDK 17 has none; JacORB's omgapi defaults to these, named anyway so the ORB does
     * not depend on which org.omg API jar a class path puts first.
     */
    static final String ORB_CLASS = "org.omg.CORBA.ORBClass";
    static final String ORB_SINGLETON_CLASS = "org.omg.CORBA.ORBSingletonClass";
    /** The address JacORB's object adapter listens on and writes into its IORs. */
    static final String OA_IADDR = "OAIAddr";
    /** The port of JacORB's object adapter: fixed so a capture filter can select the traffic. */
    static final String OA_PORT = "OAPort";
    static final String NAME_SERVICE_REF = "ORBInitRef.NameService";
    /** The name server keeps its bindings in files there; a fresh directory per run, or old bindings survive. */
    static final String NAMING_DB_DIR = "jacorb.naming.db_dir";
    /** The name server writes its IOR there once it serves requests: the naming JVM's readiness signal. */
    static final String NAMING_IOR_FILE = "jacorb.naming.ior_filename";
    /** JacORB's ORB classes, for {@link #ORB_CLASS} and {@link #ORB_SINGLETON_CLASS}. */
    private static final String ORB = "org.jacorb.orb.ORB";
    private static final String ORB_SINGLETON = "org.jacorb.orb.ORBSingleton";

    private Jacorb() {
    }

    /** Call first in a main: quiet logging unless the command line chose a level (JacORB logs its start-up at INFO). */
    static void quietLogging() {
        QuietLogging.apply();
    }

    /** A client ORB that resolves {@code NameService} at {@code nameServiceCorbaloc}. */
    static Properties client(String nameServiceCorbaloc) {
        return OrbProperties.of(ORB_CLASS, ORB, ORB_SINGLETON_CLASS, ORB_SINGLETON, NAME_SERVICE_REF, nameServiceCorbaloc);
    }

    /** A server ORB listening on the servers' address ({@link Loopback#host()}, 127.0.0.1 by default) and {@code port}. */
    static Properties listening(int port) {
        return OrbProperties.of(ORB_CLASS, ORB, ORB_SINGLETON_CLASS, ORB_SINGLETON, OA_IADDR, Loopback.host(), OA_PORT, Integer.toString(port));
    }
}
