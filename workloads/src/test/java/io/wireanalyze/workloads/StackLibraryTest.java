package io.wireanalyze.workloads;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StackLibraryTest {

    @Test
    void eachStacksClassPathHasItsOwnJarsOnlyThenTheWorkloadClasses() throws Exception {
        List<String> jacorb = Arrays.asList(StackLibrary.in("iiop").classPath().split(File.pathSeparator));
        List<String> glassfish = Arrays.asList(StackLibrary.in("rmi-iiop").classPath().split(File.pathSeparator));
        List<String> web = Arrays.asList(StackLibrary.in("http-rmi").classPath().split(File.pathSeparator));
        Path classes = StackLibrary.codeLocation();

        assertEquals(List.of("jacorb-3.9.jar", "jacorb-omgapi-3.9.jar", "jboss-rmi-api_1.0_spec-1.0.6.Final.jar",
                "slf4j-api-2.0.16.jar", "slf4j-simple-2.0.16.jar", "classes"), names(jacorb));
        assertTrue(names(glassfish).containsAll(List.of("glassfish-corba-orb-4.2.5.jar", "glassfish-corba-omgapi-4.2.5.jar",
                "pfl-basic-5.1.1.jar", "pfl-dynamic-5.1.1.jar", "pfl-tf-5.1.1.jar", "gmbal-api-only-4.0.3.jar")), glassfish::toString);
        assertFalse(names(glassfish).stream().anyMatch(n -> n.startsWith("jacorb") || n.startsWith("jboss-rmi")
                || n.startsWith("gmbal-4")), glassfish::toString);
        // Jetty 12.1.11 as Apache CXF 4.2.3 pins it, its EE 11 servlet API, Netty's HTTP codec; no ORB.
        assertTrue(names(web).containsAll(List.of("jetty-server-12.1.11.jar", "jetty-ee11-servlet-12.1.11.jar",
                "jakarta.servlet-api-6.1.0.jar", "netty-codec-http-4.2.18.Final.jar", "netty-transport-4.2.18.Final.jar",
                "slf4j-simple-2.0.16.jar")), web::toString);
        assertFalse(names(web).stream().anyMatch(n -> n.startsWith("jacorb") || n.startsWith("glassfish")), web::toString);
        assertEquals(classes.toString(), web.get(web.size() - 1));
        assertEquals(classes.toString(), jacorb.get(jacorb.size() - 1));
        assertEquals(classes.toString(), glassfish.get(glassfish.size() - 1));
        assertTrue(jacorb.get(0).endsWith(Path.of("target", "lib", "iiop", "jacorb-3.9.jar").toString()), jacorb.get(0));
    }

    @Test
    void looksBesideTheClassesOrTheJarThenInTheClonesWorkloadsModule() {
        assertEquals(List.of(Path.of("/r/workloads/target/lib/rmi-iiop")),
                StackLibrary.in("rmi-iiop").candidates(Optional.empty(), Path.of("/r/workloads/target/classes"), true));
        assertEquals(List.of(Path.of("/r/cli/target/lib/iiop"), Path.of("/r/workloads/target/lib/iiop")),
                StackLibrary.in("iiop").candidates(Optional.empty(), Path.of("/r/cli/target/wireanalyze.jar"), false));
        assertEquals(List.of(Path.of("/opt/wa/lib/iiop")),
                StackLibrary.in("iiop").candidates(Optional.of("/opt/wa/lib"), Path.of("/r/cli/target/wireanalyze.jar"), false));
    }

    @Test
    void saysWhereItLookedWhenNoJarsAreThere(@TempDir Path dir) {
        WorkloadException e = assertThrows(WorkloadException.class,
                () -> StackLibrary.in("rmi-iiop").jars(List.of(dir.resolve("rmi-iiop"))));
        assertEquals("rmi-iiop jars: none in " + dir.resolve("rmi-iiop") + " (expected: the jars `mvn package` copies"
                + " into workloads/target/lib/rmi-iiop, or -Dwireanalyze.workloads.lib=DIR with DIR/rmi-iiop/*.jar)", e.getMessage());
    }

    @Test
    void aStackIsOneDirectoryName() {
        assertEquals("soap-metro", StackLibrary.in("soap-metro").directoryName());
        assertEquals("stack directory 'lib/iiop' (expected: one name, e.g. iiop)",
                assertThrows(IllegalArgumentException.class, () -> StackLibrary.in("lib/iiop")).getMessage());
    }

    private static List<String> names(List<String> paths) {
        return paths.stream().map(p -> Path.of(p).getFileName().toString()).toList();
    }
}
