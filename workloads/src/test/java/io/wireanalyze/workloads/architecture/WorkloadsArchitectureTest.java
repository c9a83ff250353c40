package io.wireanalyze.workloads.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Build rules for the workloads (README, "Adding a workload"): no package cycle; the root package is what every
 * workload shares (launching JVMs, plans, payloads, options) and names no workload; the table
 * ({@code workloads.table.WorkloadKind}) names them all and nothing else names the table; workload packages import
 * each other only where one is built on another: http-rmi and jrmp-tls are JRMP, carried through HTTP or over TLS.
 * What several share sits in packages of its own that name no workload: the benchmark service they all serve
 * ({@code workloads.service}) and embedded Jetty ({@code workloads.web}).
 */
class WorkloadsArchitectureTest {

    private static final String ROOT = "io.wireanalyze.workloads";
    private static JavaClasses workloads;

    @BeforeAll
    static void importThisModule() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("io/wireanalyze/workloads/table")), "the workloads module's classes at " + classes.toAbsolutePath());
        workloads = new ClassFileImporter().importPath(classes);
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(workloads);
    }

    @Test
    void theSharedRootNamesNoWorkload() {
        noClasses().that().resideInAPackage(ROOT)
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".*..")
                .because("what every workload shares sits below them all; the table above them names them")
                .check(workloads);
    }

    @Test
    void onlyTheTableNamesTheTable() {
        noClasses().that().resideOutsideOfPackage(ROOT + ".table..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".table..")
                .check(workloads);
    }

    @Test
    void theServiceNamesNoWorkload() {
        noClasses().that().resideInAPackage(ROOT + ".service..")
                .should().dependOnClassesThat(resideInAPackage(ROOT + ".*..").and(not(resideInAPackage(ROOT + ".service.."))))
                .because("the benchmark service is what every stack serves; each stack adapts it, not the other way round")
                .check(workloads);
    }

    @Test
    void embeddedJettyNamesNoWorkload() {
        noClasses().that().resideInAPackage(ROOT + ".web..")
                .should().dependOnClassesThat(resideInAPackage(ROOT + "..").and(not(resideInAPackage(ROOT + ".web.."))))
                .check(workloads);
    }

    @Test
    void workloadPackagesImportEachOtherOnlyWhereOneIsBuiltOnAnother() {
        slices().matching(ROOT + ".(*)..").should().notDependOnEachOther()
                .ignoreDependency(resideInAPackage(ROOT + ".table.."), resideInAPackage(ROOT + ".."))
                .ignoreDependency(resideInAPackage(ROOT + ".."), resideInAnyPackage(ROOT + ".service..", ROOT + ".web.."))
                .ignoreDependency(resideInAnyPackage(ROOT + ".httprmi..", ROOT + ".jrmptls.."), resideInAPackage(ROOT + ".jrmp.."))
                .check(workloads);
    }
}
