package io.retrying.jdbc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README's Getting started is what examples/consumer builds from (its build.sh proves the build,
 * after `mvn -DskipTests install`): each Maven snippet stands as it is in one of the consumer's poms,
 * the Gradle lines name the same coordinates, and the version a user copies is the reactor's,
 * stated in Getting started and nowhere else.
 */
class ReadmeSnippetsTest {

    private final Path root = Markdown.root();
    private final String version = Poms.projectVersion(root);
    private final String gettingStarted = Markdown.section(root.resolve("README.md"), "Getting started");

    @Test
    void everyMavenSnippetIsInTheConsumerAsItIs() throws IOException {
        String withBom = normalized(Files.readString(root.resolve("examples/consumer/pom.xml")));
        String coreOnly = normalized(Files.readString(root.resolve("examples/consumer/core-only/pom.xml")));
        List<String> snippets = Markdown.codeBlocks(gettingStarted, "xml");
        assertEquals(3, snippets.size(), "Getting started's Maven snippets: the BOM, the starter, the core alone");
        for (String snippet : snippets) {
            String pom = snippet.contains("retrying-jdbc-core") ? coreOnly : withBom;
            assertTrue(pom.contains(normalized(snippet)), "examples/consumer does not hold, as it is, the README's\n" + snippet);
        }
        assertTrue(withBom.contains("<artifactId>retrying-jdbc-bom</artifactId>")
                && withBom.contains("<artifactId>retrying-jdbc-spring-boot-starter</artifactId>"));
    }

    @Test
    void theGradleLinesNameTheSameCoordinates() {
        String gradle = String.join("\n", Markdown.codeBlocks(gettingStarted, "kotlin"));
        assertTrue(gradle.contains("implementation(platform(\"io.retrying:retrying-jdbc-bom:" + version + "\"))"), gradle);
        assertTrue(gradle.contains("implementation(\"io.retrying:retrying-jdbc-spring-boot-starter\")"), gradle);
        assertTrue(gradle.contains("implementation(\"io.retrying:retrying-jdbc-core:" + version + "\")"), gradle);
    }

    @Test
    void theVersionIsTheReactorsAndStatedInGettingStartedAlone() throws IOException {
        assertTrue(gettingStarted.contains("The version is **" + version + "**"), "Getting started states " + version);
        assertTrue(gettingStarted.contains("`mvn -DskipTests install`"), "Getting started says how to install from source");
        String readme = Files.readString(root.resolve("README.md"));
        String outside = readme.replace(gettingStarted, "");
        assertFalse(outside.contains(version), "README states the version outside Getting started");
        List<String> docsWithVersion = new ArrayList<>();
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            for (Path doc : docs.toList()) {
                if (Files.readString(doc).contains(version)) {
                    docsWithVersion.add(doc.getFileName().toString());
                }
            }
        }
        assertEquals(List.of(), docsWithVersion, "docs that state the version (the README's Getting started does)");
        Matcher anyVersion = Pattern.compile("<version>([^<$]+)</version>").matcher(String.join("\n", Markdown.codeBlocks(gettingStarted, "xml")));
        while (anyVersion.find()) {
            assertEquals(version, anyVersion.group(1));
        }
    }

    private static String normalized(String xml) {
        return xml.replaceAll("\\s+", " ").replace("> <", "><").strip();
    }
}
