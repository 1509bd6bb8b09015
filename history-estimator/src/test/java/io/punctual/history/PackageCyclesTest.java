package io.punctual.history;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * History's packages (sources, event logs, runs, models, the store) point one way: no package reaches, through any
 * chain of imports, back to itself. A cycle makes its packages one in all but name; the failure names each class and
 * line that closes one.
 */
class PackageCyclesTest {

    @Test
    void noPackageCycle() {
        slices().matching("io.punctual.(**)").should().beFreeOfCycles()
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.punctual.history"));
    }
}
