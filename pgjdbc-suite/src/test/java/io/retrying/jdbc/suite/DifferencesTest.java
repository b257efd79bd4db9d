package io.retrying.jdbc.suite;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * pgjdbc's tests that pass on bare pgjdbc and not through the layer (failed, errored, skipped or not
 * run), from the two runs' surefire reports, against {@code accepted-differences.txt}: a difference
 * not listed there fails the build. A listed one that no longer differs is named in the output, to
 * be taken off the list.
 *
 * <p>The list's lines are {@code <key> -- <reason>}, {@code #} starts a comment; a key is the report's
 * {@code classname#name}, such as {@code org.postgresql.test.jdbc2.BatchExecuteTest[1]#testClearBatch()[1]}
 * ({@code [n]} numbers the parameters of a parameterized class or method), where {@code *} stands for
 * any characters.
 */
class DifferencesTest {

    /** The classes of pgjdbc's that broke through the layer's riding capture (issue 22): always in the slice. */
    private static final List<String> ALWAYS = List.of("org.postgresql.test.jdbc2.BatchExecuteTest",
            "org.postgresql.test.jdbc2.BatchedInsertReWriteEnabledTest",
            "org.postgresql.test.jdbc2.CleanupSavepointsWithFastpathTest", "org.postgresql.test.jdbc2.CopyTest");

    @Test
    void everyTestThatPassesOnBarePgjdbcPassesThroughTheLayerOrIsAnAcceptedDifference() throws Exception {
        Map<String, Boolean> bare = results(Path.of(System.getProperty("retrying.suite.bare")));
        Map<String, Boolean> layer = results(Path.of(System.getProperty("retrying.suite.layer")));
        assertTrue(bare.values().stream().filter(p -> p).count() > 0, "pgjdbc's tests ran on bare pgjdbc");
        Map<Pattern, String> accepted = accepted(Path.of(System.getProperty("retrying.suite.accepted")));
        for (String always : ALWAYS) {
            assertTrue(layer.entrySet().stream().anyMatch(t -> t.getKey().startsWith(always) && t.getValue()),
                    () -> always + " ran and passed through the layer (the slice always holds it)");
        }

        List<String> unexpected = new ArrayList<>();
        List<Pattern> matched = new ArrayList<>();
        int differences = 0;
        for (Map.Entry<String, Boolean> test : bare.entrySet()) {
            if (!test.getValue() || Boolean.TRUE.equals(layer.get(test.getKey()))) {
                continue;
            }
            differences++;
            Pattern accepting = null;
            for (Pattern p : accepted.keySet()) {
                if (p.matcher(test.getKey()).matches()) {
                    accepting = p;
                }
            }
            if (accepting == null) {
                unexpected.add(test.getKey() + (layer.containsKey(test.getKey()) ? "" : " (not run through the layer)"));
            } else {
                matched.add(accepting);
            }
        }
        long passedBare = bare.values().stream().filter(p -> p).count();
        System.out.printf("pgjdbc's suite: %d tests, %d passed on bare pgjdbc, %d of them not through the layer"
                + " (%d accepted)%n", bare.size(), passedBare, differences, differences - unexpected.size());
        for (Map.Entry<Pattern, String> a : accepted.entrySet()) {
            if (!matched.contains(a.getKey())) {
                System.out.println("accepted difference that no longer differs (take it off the list): " + a.getValue());
            }
        }
        if (!unexpected.isEmpty()) {
            fail(unexpected.size() + " of pgjdbc's tests pass on bare pgjdbc and not through the layer, and"
                    + " accepted-differences.txt does not list them:\n  " + String.join("\n  ", unexpected));
        }
    }

    /** Every test case of the surefire reports in {@code dir}: whether it passed. */
    private static Map<String, Boolean> results(Path dir) throws Exception {
        Map<String, Boolean> results = new TreeMap<>();
        File[] reports = dir.toFile().listFiles((d, name) -> name.startsWith("TEST-") && name.endsWith(".xml"));
        if (reports == null) {
            fail("no surefire reports in " + dir + ": the run of pgjdbc's tests did not happen");
        }
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        for (File report : reports) {
            NodeList cases = factory.newDocumentBuilder().parse(report).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element c = (Element) cases.item(i);
                boolean passed = c.getElementsByTagName("failure").getLength() == 0
                        && c.getElementsByTagName("error").getLength() == 0
                        && c.getElementsByTagName("skipped").getLength() == 0;
                results.merge(c.getAttribute("classname") + "#" + c.getAttribute("name"), passed, Boolean::logicalAnd);
            }
        }
        return results;
    }

    /** The accepted differences: each key's pattern, with its line. */
    private static Map<Pattern, String> accepted(Path list) throws IOException {
        Map<Pattern, String> accepted = new java.util.LinkedHashMap<>();
        for (String line : Files.readAllLines(list, StandardCharsets.UTF_8)) {
            String l = line.strip();
            if (l.isEmpty() || l.startsWith("#")) {
                continue;
            }
            int sep = l.indexOf(" -- ");
            if (sep < 0 || l.substring(sep + 4).isBlank()) {
                fail("accepted-differences.txt: a line must be '<test> -- <reason>': " + l);
            }
            List<String> parts = new ArrayList<>();
            for (String part : l.substring(0, sep).strip().split("\\*", -1)) {
                parts.add(Pattern.quote(part));
            }
            String regex = String.join(".*", parts);
            accepted.put(Pattern.compile(regex), l);
        }
        return accepted;
    }
}
