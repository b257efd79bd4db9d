package io.retrying.jdbc.spring;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's table of the starter's properties is the starter's: every property the
 * configuration processor put in the jar's metadata has a row, and every row is such a property.
 */
class PropertiesDocTest {

    private static final Pattern NAME = Pattern.compile("\"name\"\\s*:\\s*\"(retrying\\.jdbc\\.[^\"]+)\"");
    private static final Pattern ROW = Pattern.compile("(?m)^\\| `(retrying\\.jdbc\\.[^`]+)` \\|");

    @Test
    void theDocumentedPropertiesAreTheMetadatas() throws IOException {
        String metadata;
        try (InputStream in = getClass().getClassLoader().getResourceAsStream("META-INF/spring-configuration-metadata.json")) {
            assertNotNull(in, "the configuration processor's metadata is on the class path");
            metadata = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        // the groups (retrying.jdbc, retrying.jdbc.idempotent) come first, the properties after them
        int properties = metadata.indexOf("\"properties\"");
        int hints = metadata.indexOf("\"hints\"", properties);
        Set<String> inMetadata = names(NAME.matcher(metadata.substring(properties, hints < 0 ? metadata.length() : hints)));
        Set<String> documented = names(ROW.matcher(Files.readString(docs().resolve("configuration.md"))));
        assertFalse(inMetadata.isEmpty());
        assertEquals(inMetadata, documented, "docs/configuration.md's retrying.jdbc.* rows against the starter's metadata");
    }

    private static Set<String> names(Matcher m) {
        Set<String> names = new TreeSet<>();
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static Path docs() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("docs/configuration.md"))) {
                return dir.resolve("docs");
            }
        }
        throw new AssertionError("no docs/configuration.md above " + Path.of("").toAbsolutePath());
    }
}
