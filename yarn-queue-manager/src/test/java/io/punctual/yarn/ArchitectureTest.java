package io.punctual.yarn;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The YARN module's shape, checked on its main classes, read once. */
class ArchitectureTest {

    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.punctual.yarn");

    /**
     * The module's packages (the port, its Hadoop adapter, the in-memory cluster, team queues, the doctor) point one
     * way: no package reaches, through any chain of imports, back to itself. A cycle makes its packages one in all but
     * name; the failure names each class and line that closes one.
     */
    @Test
    void noPackageCycle() {
        slices().matching("io.punctual.(**)").should().beFreeOfCycles().check(MAIN);
    }

    /**
     * Hadoop's types stay in the adapter ({@code io.punctual.yarn.hadoop}) and the packages that start or call Hadoop
     * (the embedded cluster, the doctor, the web client): the port every other module talks to ({@link ClusterGateway}
     * and its values), the in-memory cluster that passes the same contract, and team queues name none directly, so
     * the port's callers write against Punctual's own types.
     */
    @Test
    void thePortTheInMemoryClusterAndTeamQueuesNameNoHadoopType() {
        noClasses().that().resideInAnyPackage("io.punctual.yarn", "io.punctual.yarn.memory", "io.punctual.yarn.queues")
                .should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..")
                .check(MAIN);
    }
}
