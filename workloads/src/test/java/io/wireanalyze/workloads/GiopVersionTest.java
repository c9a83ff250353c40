package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class GiopVersionTest {

    @Test
    void writesTheVersionIntoTheCorbalocAlways() {
        HostPort naming = HostPort.loopback(1050);
        assertEquals("corbaloc:iiop:1.0@127.0.0.1:1050/NameService", GiopVersion.V1_0.corbaloc(naming, "NameService"));
        assertEquals("corbaloc:iiop:1.2@127.0.0.1:1050/NameService", GiopVersion.V1_2.corbaloc(naming, "NameService"));
    }

    @Test
    void parsesTheThreeVersionsAndNamesThemWhenGivenAnother() {
        assertEquals(GiopVersion.V1_1, EnumLabels.parse(GiopVersion.class, "1.1").orElseThrow());
        assertEquals("GIOP version '1.3' (expected: one of 1.0, 1.1, 1.2)", EnumLabels.parse(GiopVersion.class, "1.3").error().orElseThrow());
    }

    @Test
    void corbaServerOptionsRoundTripAndNameTheirCorbaloc() {
        OrbServerOptions o = new OrbServerOptions(1050, 1051, "BenchService", GiopVersion.V1_0);
        assertEquals(o, OrbServerOptions.parse(o.toArgs().toArray(String[]::new)).orElseThrow());
        assertEquals("corbaloc:iiop:1.0@127.0.0.1:1050/NameService", o.nameServiceCorbaloc());
        assertEquals("option --naming-giop: missing (expected: --naming-giop VALUE)",
                OrbServerOptions.parse(new String[] {"--naming-port", "1", "--object-port", "2", "--name", "n"}).error().orElseThrow());
    }
}
