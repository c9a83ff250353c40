package io.wireanalyze.spark.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Build rules for the spark module (README, "Past one machine: Apache Spark" and "Layout"): the Spark job is the
 * engine run as Spark tasks, a plug-in of the command line. It reads capture files ({@code capture}), frames and
 * decodes them ({@code decoders}), analyses them ({@code engine}: {@code accounting}), and from the cli takes only
 * what a plug-in is handed: the {@code ClusterEngine} interface it implements, the analyze command's options
 * ({@code OptionsRecipe}), which names are file URIs ({@code SparkEngines.isUri}, as the cli reads them), the reports' tables ({@code report}) and progress lines ({@code console}), and
 * {@code WireAnalyze}'s one-line errors for {@code spark-submit}'s main. It runs no workload, no comparison, no seed and
 * no bench; nothing of ours names it (the cli finds it through {@code ServiceLoader}); and no package cycle runs through
 * it or through what it uses.
 */
class SparkArchitectureTest {

    private static final String SPARK = "io.wireanalyze.spark..";
    /** Below the job: the decoders' packages, the engine's and the capture readers'. */
    private static final String[] ENGINE_SIDE = {"io.wireanalyze.accounting..", "io.wireanalyze.frame..", "io.wireanalyze.tcp..",
            "io.wireanalyze.protocol..", "io.wireanalyze.protocols..", "io.wireanalyze.phase..", "io.wireanalyze.codec..",
            "io.wireanalyze.serial..", "io.wireanalyze.capture.."};
    /** What the cli hands its cluster engine. */
    private static final String[] CLI_PLUG_IN = {"io.wireanalyze.cli.ClusterEngine", "io.wireanalyze.cli.OptionsRecipe",
            "io.wireanalyze.cli.SparkEngines", "io.wireanalyze.cli.WireAnalyze"};

    private static JavaClasses spark;
    private static JavaClasses ours;

    @BeforeAll
    static void importTheJobAndWhatItRunsOn() {
        Path classes = Path.of("target", "classes");
        assertTrue(Files.isDirectory(classes.resolve("io/wireanalyze/spark")), "the spark module's classes at " + classes.toAbsolutePath());
        spark = new ClassFileImporter().importPath(classes);
        // This module's classes and every main class of ours on its class path (engine, decoders, capture, cli, workloads).
        // Other modules' test classes come as test-classes folders (-pl spark -am) or as -tests.jar files (a whole
        // reactor build, where those modules are packaged first): neither is main code.
        ours = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(location -> !location.contains("-tests.jar")).importPackages("io.wireanalyze");
        assertTrue(ours.contain("io.wireanalyze.accounting.Analyzer") && ours.contain("io.wireanalyze.cli.ClusterEngine")
                && ours.contain("io.wireanalyze.spark.SparkAnalysis"), "the engine's, the cli's and this module's classes on the class path");
    }

    @Test
    void packagesFormNoCycle() {
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles().check(spark);
        slices().matching("io.wireanalyze.(**)").should().beFreeOfCycles()
                .because("a cycle through the job's packages and the engine's, decoders', capture's or cli's would tie them together")
                .check(ours);
    }

    @Test
    void theJobSitsOnTheEngineSideAndTheCliPlugInOnly() {
        classes().that().resideInAPackage(SPARK)
                .should().onlyDependOnClassesThat(resideOutsideOfPackage("io.wireanalyze..")
                        .or(resideInAPackage(SPARK))
                        .or(resideInAnyPackage(ENGINE_SIDE))
                        .or(resideInAnyPackage("io.wireanalyze.report..", "io.wireanalyze.console.."))
                        .or(belongToAnyOf(ClusterEngineTypes.TYPES)))
                .check(spark);
    }

    @Test
    void theJobRunsNoWorkloadComparisonSeedOrBench() {
        noClasses().that().resideInAPackage(SPARK)
                .should().dependOnClassesThat().resideInAnyPackage("io.wireanalyze.workloads..", "io.wireanalyze.compare..",
                        "io.wireanalyze.reproduce..", "io.wireanalyze.profile..", "io.wireanalyze.bench..")
                .check(spark);
    }

    @Test
    void nothingOfOursNamesTheJob() {
        noClasses().that(not(resideInAPackage(SPARK)))
                .should().dependOnClassesThat().resideInAPackage(SPARK)
                .because("the cli loads the Spark engine through ServiceLoader (META-INF/services), so a build without -P spark has no Spark")
                .check(ours);
    }

    /** The cli's classes a cluster engine may use, by name (the cli module's own test keeps them where they are). */
    private static final class ClusterEngineTypes {
        static final Class<?>[] TYPES = load(CLI_PLUG_IN);

        private static Class<?>[] load(String[] names) {
            Class<?>[] types = new Class<?>[names.length];
            for (int i = 0; i < names.length; i++) {
                try {
                    types[i] = Class.forName(names[i], false, SparkArchitectureTest.class.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new AssertionError(names[i] + ": not on the class path (expected: the cli's plug-in interface)", e);
                }
            }
            return types;
        }
    }
}
