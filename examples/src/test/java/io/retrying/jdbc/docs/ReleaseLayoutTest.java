package io.retrying.jdbc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * What a release needs from the reactor's layout: the BOM manages exactly the published modules (every
 * jar module the release profile does not exclude) at the reactor's version, each jar module names
 * itself on the module path, and the licence the jars carry is at the root, one directory above
 * each published module (the parent's resource path).
 */
class ReleaseLayoutTest {

    private final Path root = Markdown.root();
    private final Element parent = Poms.read(root.resolve("pom.xml"));
    private final String version = Poms.projectVersion(root);

    @Test
    void theBomManagesThePublishedModulesAtTheReactorsVersion() {
        Element bom = Poms.read(root.resolve("bom/pom.xml"));
        assertEquals(version, Poms.text(bom, "version"), "the BOM moves with the reactor's version");
        assertEquals(null, Poms.child(bom, "parent"), "the BOM inherits no dependencyManagement");
        Set<String> managed = new TreeSet<>();
        for (Element dependency : Poms.children(Poms.child(Poms.child(bom, "dependencyManagement"), "dependencies"), "dependency")) {
            assertEquals("io.retrying", Poms.text(dependency, "groupId"));
            assertEquals("${project.version}", Poms.text(dependency, "version"));
            managed.add(Poms.text(dependency, "artifactId"));
        }
        assertEquals(publishedJarModules(), managed, "the BOM against the reactor's published jar modules");
    }

    @Test
    void everyJarModuleHasAModuleNameAndThePublishedOnesSitBelowTheLicence() throws IOException {
        Set<String> names = new HashSet<>();
        Set<String> excluded = excludedFromPublishing();
        for (Element module : Poms.children(Poms.child(parent, "modules"), "module")) {
            String dir = module.getTextContent().strip();
            Element pom = Poms.read(root.resolve(dir).resolve("pom.xml"));
            if (!"jar".equals(packaging(pom))) {
                continue;
            }
            String name = Poms.text(pom, "properties", "automatic.module.name");
            assertNotNull(name, dir + " sets no automatic.module.name (its jar's Automatic-Module-Name)");
            assertTrue(name.startsWith("io.retrying.jdbc"), dir + ": " + name);
            assertTrue(names.add(name), "two modules named " + name);
            if (!excluded.contains(Poms.text(pom, "artifactId"))) {
                assertFalse(dir.contains("/"), dir + " is published but not one directory below the root's LICENSE");
            }
        }
        assertTrue(Files.readString(root.resolve("LICENSE")).contains("Apache License\n                           Version 2.0, January 2004"));
    }

    private Set<String> publishedJarModules() {
        Set<String> published = new TreeSet<>();
        Set<String> excluded = excludedFromPublishing();
        for (Element module : Poms.children(Poms.child(parent, "modules"), "module")) {
            Element pom = Poms.read(root.resolve(module.getTextContent().strip()).resolve("pom.xml"));
            String artifactId = Poms.text(pom, "artifactId");
            if ("jar".equals(packaging(pom)) && !excluded.contains(artifactId)) {
                published.add(artifactId);
            }
        }
        return published;
    }

    /** The release profile's excludeArtifacts. */
    private Set<String> excludedFromPublishing() {
        Set<String> excluded = new TreeSet<>();
        for (Element profile : Poms.children(Poms.child(parent, "profiles"), "profile")) {
            if (!"release".equals(Poms.text(profile, "id"))) {
                continue;
            }
            for (Element plugin : Poms.children(Poms.child(Poms.child(profile, "build"), "plugins"), "plugin")) {
                if ("central-publishing-maven-plugin".equals(Poms.text(plugin, "artifactId"))) {
                    for (Element artifact : Poms.children(Poms.child(Poms.child(plugin, "configuration"), "excludeArtifacts"), "artifact")) {
                        excluded.add(artifact.getTextContent().strip());
                    }
                }
            }
        }
        assertFalse(excluded.isEmpty(), "the release profile excludes the unpublished modules from Central");
        return excluded;
    }

    private static String packaging(Element pom) {
        String packaging = Poms.text(pom, "packaging");
        return packaging == null ? "jar" : packaging;
    }
}
