package io.punctual.submit;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The submitter's packages depend downward only: the request value at the bottom, then configuration, launching and
 * learning, the pipeline over them, the composition root, and the entry points on top: the gateway, the benchmark
 * (a client of a gateway, so it reaches below only for the request's values) and the command line.
 * An import that points back up fails here, with the offending class and line.
 */
class LayeringTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.punctual.submit");

    @Test
    void packagesDependDownwardOnly() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Home").definedBy("io.punctual.submit.home..")
                .layer("Request").definedBy("io.punctual.submit.request..")
                .layer("Config").definedBy("io.punctual.submit.config..")
                .layer("Launch").definedBy("io.punctual.submit.launch..")
                .layer("Learn").definedBy("io.punctual.submit.learn..")
                .layer("Pipeline").definedBy("io.punctual.submit.pipeline..")
                .layer("Assembly").definedBy("io.punctual.submit.assembly..")
                .layer("Simulate").definedBy("io.punctual.submit.simulate..")
                .layer("Gateway").definedBy("io.punctual.submit.gateway..")
                .layer("Bench").definedBy("io.punctual.submit.bench..")
                .layer("Cli").definedBy("io.punctual.submit.cli..")
                .layer("Main").definedBy(belongToAnyOf(Main.class))
                .whereLayer("Main").mayNotBeAccessedByAnyLayer()
                .whereLayer("Cli").mayOnlyBeAccessedByLayers("Main")
                .whereLayer("Gateway").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Bench").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Simulate").mayOnlyBeAccessedByLayers("Cli")
                .whereLayer("Assembly").mayOnlyBeAccessedByLayers("Simulate", "Gateway", "Cli")
                .whereLayer("Pipeline").mayOnlyBeAccessedByLayers("Assembly", "Simulate", "Gateway", "Cli")
                .whereLayer("Learn").mayOnlyBeAccessedByLayers("Pipeline", "Assembly", "Simulate", "Gateway", "Cli")
                .whereLayer("Launch").mayOnlyBeAccessedByLayers("Pipeline", "Assembly", "Simulate", "Gateway", "Cli")
                .whereLayer("Config").mayOnlyBeAccessedByLayers("Assembly", "Simulate", "Gateway", "Cli")
                .whereLayer("Request").mayOnlyBeAccessedByLayers("Config", "Launch", "Learn", "Pipeline", "Assembly",
                        "Simulate", "Gateway", "Bench", "Cli", "Main")
                .check(MAIN);
    }

    /** Layers are checked class by class; no two packages may still import each other, not even sideways. */
    @Test
    void noPackageCycle() {
        slices().matching("io.punctual.(**)").should().beFreeOfCycles().check(MAIN);
    }
}
