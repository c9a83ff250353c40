package io.wireanalyze.jmh;

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
 * Build rules for the JMH microbenchmarks (README, "Layout"): no package cycle, and they measure the library
 * (decoders, capture's readers) only: no live capture, workload or command.
 */
class BenchArchitectureTest {

    private static JavaClasses bench;

    @BeforeAll
    static void importThisModule() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("io/wireanalyze/jmh")), "the bench module's classes at " + classes.toAbsolutePath());
        bench = new ClassFileImporter().importPath(classes);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(bench);
    }

    @Test
    void benchmarksMeasureTheLibraryOnly() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.capture.live..", "io.wireanalyze.capture.net..",
                        "io.wireanalyze.workloads..", "io.wireanalyze.cli..", "io.wireanalyze.bench..", "org.pcap4j..")
                .check(bench);
    }
}
