package io.punctual.yarn;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * Hadoop's types stay in the adapter ({@code io.punctual.yarn.hadoop}) and the packages that start or call Hadoop (the
 * embedded cluster, the doctor, the web client): the port every other module talks to ({@link ClusterGateway} and its
 * values), the in-memory cluster that passes the same contract, and team queues name none directly, so the port's
 * callers write against Punctual's own types.
 */
class HadoopConfinementTest {

    @Test
    void thePortTheInMemoryClusterAndTeamQueuesNameNoHadoopType() {
        noClasses().that().resideInAnyPackage("io.punctual.yarn", "io.punctual.yarn.memory", "io.punctual.yarn.queues")
                .should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.punctual.yarn"));
    }
}
