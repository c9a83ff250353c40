package io.wireanalyze.engine;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The engine's place in the house (README, "How it fits together"): it runs the decoders' protocols over connections
 * and accounts them; it knows no capture library, no workload and no user interface, and the decoders know nothing of
 * it (their own ArchitectureTest).
 */
class EngineArchitectureTest {
    private final JavaClasses engine = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.wireanalyze.accounting");

    @Test
    void theEngineUsesNoCaptureLibraryWorkloadOrInterface() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.pcap4j..", "org.eclipse.jetty..",
                        "org.apache.spark..", "io.wireanalyze.capture..", "io.wireanalyze.workloads..", "io.wireanalyze.cli..")
                .check(engine);
    }

    @Test
    void theEngineReachesProtocolsOnlyThroughTheirCoreAndTable() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.protocol.*..")
                .because("a protocol plugs in through the table (io.wireanalyze.protocols); the engine names none")
                .check(engine);
    }

    /**
     * Every module's main classes on the engine's class path. The decoders' test classes come as a test jar when the
     * reactor packages them ({@code verify}, {@code ./run-tests}), which DO_NOT_INCLUDE_TESTS (test-classes folders)
     * does not leave out: they are left out by name.
     */
    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(new ClassFileImporter()
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar"))
                .importPackages("io.wireanalyze"));
    }
}
