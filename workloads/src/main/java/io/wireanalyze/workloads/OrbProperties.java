package io.wireanalyze.workloads;

import java.util.Properties;

/**
 * What the two ORB stacks' settings (iiop's JacORB, rmi-iiop's GlassFish ORB) do with their vendors' property names:
 * make {@code ORB.init}'s properties, and set the system properties an ORB reads before it. The names and values are
 * each vendor's, kept as data in its package.
 */
public final class OrbProperties {

    private OrbProperties() {
    }

    /** The properties {@code keysAndValues} name, a key then its value. */
    public static Properties of(String... keysAndValues) {
        Properties p = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) p.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        return p;
    }

    /** Sets each system property of {@code keysAndValues} (a key then its value) that the command line did not set. */
    public static void setDefaults(String... keysAndValues) {
        for (int i = 0; i < keysAndValues.length; i += 2)
            if (System.getProperty(keysAndValues[i]) == null) System.setProperty(keysAndValues[i], keysAndValues[i + 1]);
    }
}
