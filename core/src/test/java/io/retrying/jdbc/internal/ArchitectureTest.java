package io.retrying.jdbc.internal;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The shape of the implementation (issue 24): one package a concern, arrows running one way, and
 * nothing of {@code internal} in the public API's signatures. The layers, top to bottom, are the
 * ones {@code package-info.java} of {@code io.retrying.jdbc.internal} draws; a class may depend on
 * its own package and on the packages below it, never on one above.
 *
 * <p>Where a lower concern must act on an upper one (the funnel on the connection whose statement
 * failed, the replay on the statements it runs again), it names an interface of its own
 * ({@code FailedConnection}, {@code JournaledStatement}, {@code Line}, ...) that the upper one
 * implements: the arrow of the code runs down.
 */
class ArchitectureTest {

    /** Top to bottom; each may use those after it. */
    private static final List<String> LAYERS = List.of("unit", "jdbc", "failure", "commit", "replay", "session",
            "retry", "proof", "sql", "dial", "config", "events");

    private static JavaClasses classes;

    @BeforeAll
    static void importMain() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.retrying.jdbc");
    }

    @Test
    void arrowsRunOneWay() {
        for (int i = 1; i < LAYERS.size(); i++) {
            String[] above = LAYERS.subList(0, i).stream().map(p -> "io.retrying.jdbc.internal." + p + "..")
                    .toArray(String[]::new);
            ArchRule rule = noClasses().that().resideInAPackage("io.retrying.jdbc.internal." + LAYERS.get(i) + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(above)
                    .as("internal." + LAYERS.get(i) + " depends on nothing above it (" + String.join(", ",
                            LAYERS.subList(0, i)) + ")");
            rule.check(classes);
        }
    }

    @Test
    void theEngineTypesDependOnNoConcernAboveTheSettings() {
        // the engine (RetryPolicy, Classifier, ...) sits under every concern; the entry points
        // (RetryingDataSource, RetryingDriver, Retrying, Circuits) sit on top and may use them all
        ArchRule rule = noClasses().that().resideInAPackage("io.retrying.jdbc")
                .and().doNotHaveSimpleName("RetryingDataSource").and().doNotHaveSimpleName("RetryingDriver")
                .and().doNotHaveSimpleName("Retrying").and().doNotHaveSimpleName("Circuits")
                .and().doNotHaveSimpleName("RetryingDataSource$Builder")
                .should().dependOnClassesThat().resideInAnyPackage(LAYERS.stream().filter(p -> !p.equals("events")
                        && !p.equals("config") && !p.equals("dial")).map(p -> "io.retrying.jdbc.internal." + p + "..")
                        .toArray(String[]::new))
                .as("the public engine types depend on no internal concern but dialing, settings and events");
        rule.check(classes);
    }

    @Test
    void noCycleBetweenConcerns() {
        slices().matching("io.retrying.jdbc.internal.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void everyConcernSaysWhatItOwns() {
        Set<String> packages = new TreeSet<>();
        for (JavaClass c : classes) {
            if (c.getPackageName().startsWith("io.retrying.jdbc.internal.")) {
                packages.add(c.getPackageName());
            }
        }
        List<String> without = new ArrayList<>();
        for (String p : packages) {
            if (!classes.containPackage(p) || classes.stream().noneMatch(c -> c.getName().equals(p + ".package-info"))) {
                without.add(p);
            }
        }
        assertEquals(List.of(), without, "packages without a package-info.java");
        assertEquals(new TreeSet<>(LAYERS), new TreeSet<>(packages.stream()
                .map(p -> p.substring("io.retrying.jdbc.internal.".length())).toList()), "every concern is a layer");
    }

    /** Only {@code io.retrying.jdbc} is API: none of its public signatures names an internal type. */
    @Test
    void noInternalTypeLeaksIntoThePublicApi() {
        List<String> leaks = new ArrayList<>();
        for (JavaClass c : classes) {
            if (!c.getPackageName().equals("io.retrying.jdbc") || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
                continue;
            }
            for (JavaCodeUnit unit : c.getCodeUnits()) {
                if (!unit.getModifiers().contains(JavaModifier.PUBLIC) && !unit.getModifiers().contains(JavaModifier.PROTECTED)) {
                    continue;
                }
                List<JavaClass> named = new ArrayList<>(unit.getRawParameterTypes());
                named.add(unit.getRawReturnType());
                named.addAll(unit.getExceptionTypes());
                for (JavaClass t : named) {
                    if (t.getPackageName().startsWith("io.retrying.jdbc.internal")) {
                        leaks.add(unit.getFullName());
                    }
                }
            }
            for (JavaField f : c.getFields()) {
                if (f.getModifiers().contains(JavaModifier.PUBLIC)
                        && f.getRawType().getPackageName().startsWith("io.retrying.jdbc.internal")) {
                    leaks.add(f.getFullName());
                }
            }
        }
        assertEquals(List.of(), leaks, "public API members that name an internal type");
    }

}
