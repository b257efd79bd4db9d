package io.retrying.jdbc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.retrying.jdbc.internal.config.RetrySetting;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md's table of {@code retry.*} keys is the code's: every {@link RetrySetting}
 * has a row with its default, and every row is a setting, so the reference cannot drift from it.
 * (The starter's {@code retrying.jdbc.*} table is held to its metadata by the example
 * application's StarterPropertiesDocTest.)
 */
class ConfigurationDocTest {

    @Test
    void theRetryKeysTableIsRetrySetting() {
        String section = Markdown.section(Markdown.root().resolve("docs/configuration.md"), "The `retry.*` keys");
        Map<String, String> documented = new LinkedHashMap<>();
        for (String line : section.split("\n")) {
            if (line.startsWith("| `retry.")) {
                String[] cells = line.split("\\|");
                documented.put(unquote(cells[1]), unquote(cells[2]));
            }
        }
        Map<String, String> code = Arrays.stream(RetrySetting.values())
                .collect(Collectors.toMap(RetrySetting::key, RetrySetting::defaultValue, (a, b) -> a, LinkedHashMap::new));
        assertEquals(code, documented, "docs/configuration.md's retry.* keys and defaults against RetrySetting");
    }

    private static String unquote(String cell) {
        return cell.strip().replace("`", "");
    }
}
