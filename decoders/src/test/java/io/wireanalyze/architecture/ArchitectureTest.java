package io.wireanalyze.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * Build rules for the decoders: captured bytes never reach a deserializer, and data flows one way
 * (frames -> TCP streams -> protocol messages -> phases -> accounting).
 */
class ArchitectureTest {

    private static JavaClasses decoders;

    @BeforeAll
    static void importDecoders() {
        decoders = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.wireanalyze");
    }

    @Test
    void nothingDeserializesCapturedBytes() {
        noClasses().should().dependOnClassesThat().areAssignableTo(java.io.ObjectInputStream.class)
                .orShould().callMethod(java.io.ObjectInput.class, "readObject")
                .orShould().dependOnClassesThat().haveFullyQualifiedName("java.beans.XMLDecoder")
                .because("captured bytes are untrusted: parse Java serialization and CDR structurally")
                .check(decoders);
    }

    @Test
    void framesKnowNothingOfLaterStages() {
        noClasses().that().resideInAPackage("io.wireanalyze.frame..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.tcp..", "io.wireanalyze.protocol..",
                        "io.wireanalyze.phase..", "io.wireanalyze.accounting..", "io.wireanalyze.serial..")
                .check(decoders);
    }

    @Test
    void tcpReassemblyKnowsNoProtocol() {
        noClasses().that().resideInAPackage("io.wireanalyze.tcp..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.protocol..", "io.wireanalyze.accounting..")
                .check(decoders);
    }

    @Test
    void protocolsKnowNothingOfAccounting() {
        noClasses().that().resideInAnyPackage("io.wireanalyze.protocol..", "io.wireanalyze.serial..")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.accounting..")
                .check(decoders);
    }

    @Test
    void decodersUseNoCaptureLibraryOrWorkload() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("org.pcap4j..", "org.eclipse.jetty..",
                        "io.wireanalyze.capture..", "io.wireanalyze.workloads..", "io.wireanalyze.cli..")
                .check(decoders);
    }
}
