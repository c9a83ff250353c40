package io.wireanalyze.capture.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Build rules for the capture module (README, "Layout"): no package cycle; the pure-Java file readers
 * ({@code capture}) know nothing of live capture, emulated networks or the reader benchmark; live capture and the
 * emulated networks know nothing of each other; and nothing here reaches the analysis above the frames.
 */
class CaptureArchitectureTest {

    private static JavaClasses capture;

    @BeforeAll
    static void importThisModule() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("io/wireanalyze/capture")), "the capture module's classes at " + classes.toAbsolutePath());
        capture = new ClassFileImporter().importPath(classes);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(capture);
    }

    @Test
    void theFileReadersKnowNothingOfLiveCaptureNetworksOrBenchmarks() {
        noClasses().that().resideInAPackage("io.wireanalyze.capture")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.capture.live..", "io.wireanalyze.capture.net..",
                        "io.wireanalyze.capture.bench..", "org.pcap4j..")
                .check(capture);
    }

    @Test
    void liveCaptureAndEmulatedNetworksKnowNothingOfEachOther() {
        noClasses().that().resideInAPackage("io.wireanalyze.capture.live..")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.capture.net..").check(capture);
        noClasses().that().resideInAPackage("io.wireanalyze.capture.net..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.capture.live..", "io.wireanalyze.capture").check(capture);
    }

    @Test
    void captureStopsAtFrames() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.tcp..", "io.wireanalyze.protocol..",
                        "io.wireanalyze.protocols..", "io.wireanalyze.phase..", "io.wireanalyze.accounting..")
                .because("capture hands frames to the analysis; it does not analyse")
                .check(capture);
    }
}
