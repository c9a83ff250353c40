package io.wireanalyze.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * Build rules for the decoders: captured bytes never reach a deserializer, data flows one way
 * (frames -> TCP streams -> protocol messages -> phases -> accounting), packages form no cycle, and protocol
 * packages know nothing of each other: the protocol table ({@code io.wireanalyze.protocols}) wires them.
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

    /**
     * A connection's decoding is a pure task: whatever thread runs it and in whatever order, it reads nothing of
     * another connection's, so protocol code neither locks, nor waits, nor asks which thread it is on. What connections
     * tell each other goes through {@link io.wireanalyze.protocol.Facts}, settled by the accounting when the capture ends.
     */
    @Test
    void protocolCodeKnowsNothingOfThreads() {
        noClasses().that().resideInAnyPackage("io.wireanalyze.protocol..", "io.wireanalyze.serial..")
                .should().dependOnClassesThat().resideInAnyPackage("java.util.concurrent..")
                .orShould().dependOnClassesThat().areAssignableTo(Thread.class)
                .orShould().dependOnClassesThat().areAssignableTo(ThreadLocal.class)
                .because("connections are decoded apart; the analysis settles what they share")
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

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(decoders);
    }

    @Test
    void protocolPackagesNeverImportEachOther() {
        slices().matching("io.wireanalyze.protocol.(*)..").should().notDependOnEachOther()
                .because("a layered protocol is handed the body decoders it carries by the protocol table")
                .check(decoders);
    }

    @Test
    void theProtocolCoreKnowsNoProtocol() {
        noClasses().that().resideInAPackage("io.wireanalyze.protocol")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.protocol.*..", "io.wireanalyze.protocols..")
                .because("protocols plug into the core through the table; the core names none of them")
                .check(decoders);
    }

    @Test
    void serializationAndCodecDependOnNothingOfProtocols() {
        noClasses().that().resideInAnyPackage("io.wireanalyze.serial..", "io.wireanalyze.codec..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.protocol..", "io.wireanalyze.protocols..",
                        "io.wireanalyze.tcp..", "io.wireanalyze.frame..", "io.wireanalyze.phase..")
                .check(decoders);
    }

    @Test
    void onlyTheAccountingReadsTheProtocolTable() {
        noClasses().that().resideOutsideOfPackages("io.wireanalyze.accounting..", "io.wireanalyze.protocols..")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.protocols..")
                .check(decoders);
    }

    /**
     * A protocol's details are records (of strings, numbers, booleans, lists, enums and records): the engine stores
     * them as they are when it spills them and reads them back as the same type, so nothing else says how they are
     * stored.
     */
    @Test
    void detailsAreRecords() {
        var details = decoders.stream()
                .filter(c -> c.isAssignableTo(io.wireanalyze.protocol.Details.class) && !c.isInterface() && !c.isAnonymousClass())
                .toList();
        org.junit.jupiter.api.Assertions.assertTrue(details.size() >= 15, details.toString());
        for (var c : details)
            org.junit.jupiter.api.Assertions.assertTrue(c.reflect().isRecord(), c.getName() + ": a protocol's details are a record");
    }
}
