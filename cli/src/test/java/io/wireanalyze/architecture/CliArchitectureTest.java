package io.wireanalyze.architecture;

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
 * Build rules for the cli module (README, "Layout"): its packages form no cycle, and the commands ({@code cli})
 * sit on top: the reports, comparisons, seeds, the {@code bench} commands and the progress lines know nothing of
 * them, and each lower layer nothing of the ones above it (console &lt; report &lt; compare &lt; reproduce;
 * bench beside them, registered by the main command).
 */
class CliArchitectureTest {

    private static JavaClasses cli;

    @BeforeAll
    static void importThisModule() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("io/wireanalyze/cli")), "the cli module's classes at " + classes.toAbsolutePath());
        cli = new ClassFileImporter().importPath(classes);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(cli);
    }

    @Test
    void onlyTheCommandsKnowTheCommands() {
        noClasses().that().resideOutsideOfPackage("io.wireanalyze.cli")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.cli")
                .because("the main command registers the others (bench among them); nothing below it reaches back up")
                .check(cli);
    }

    @Test
    void benchIsACommandGroupOfItsOwn() {
        noClasses().that().resideOutsideOfPackages("io.wireanalyze.cli", "io.wireanalyze.bench")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.bench")
                .check(cli);
        noClasses().that().resideInAPackage("io.wireanalyze.bench")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.compare..", "io.wireanalyze.reproduce..")
                .check(cli);
    }

    @Test
    void reportsKnowNothingOfComparisonsOrSeeds() {
        noClasses().that().resideInAPackage("io.wireanalyze.report..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.compare..", "io.wireanalyze.reproduce..",
                        "io.wireanalyze.console..", "io.wireanalyze.workloads..", "io.wireanalyze.capture..")
                .check(cli);
    }

    @Test
    void theCpuProfileReadsRecordingsAndCallRecordsOnly() {
        noClasses().that().resideInAPackage("io.wireanalyze.profile..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.cli..", "io.wireanalyze.compare..", "io.wireanalyze.reproduce..",
                        "io.wireanalyze.report..", "io.wireanalyze.console..", "io.wireanalyze.accounting..", "io.wireanalyze.capture..")
                .check(cli);
    }

    @Test
    void comparisonsKnowNothingOfSeeds() {
        noClasses().that().resideInAPackage("io.wireanalyze.compare..")
                .should().dependOnClassesThat().resideInAPackage("io.wireanalyze.reproduce..")
                .check(cli);
    }

    @Test
    void progressLinesDependOnNothingOfOurs() {
        noClasses().that().resideInAPackage("io.wireanalyze.console..")
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.cli..", "io.wireanalyze.bench..", "io.wireanalyze.report..",
                        "io.wireanalyze.compare..", "io.wireanalyze.reproduce..", "io.wireanalyze.accounting..", "io.wireanalyze.workloads..")
                .check(cli);
    }
}
