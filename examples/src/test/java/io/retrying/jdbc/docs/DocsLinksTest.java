package io.retrying.jdbc.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link and #anchor of the README, BENCHMARKS.md, CHANGELOG.md and docs/*.md names a
 * file that exists and a heading that file has (GitHub's anchor rules), so that moving or renaming
 * a section cannot leave a dead link behind.
 */
class DocsLinksTest {

    private final Path root = Markdown.root();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> dead = new ArrayList<>();
        int checked = 0;
        for (Path file : documents()) {
            Markdown doc = Markdown.read(file);
            for (Markdown.Link link : doc.links()) {
                String target = link.target();
                if (target.matches("^[a-zA-Z][a-zA-Z+.-]*:.*")) {
                    continue; // https:, mailto: ...: not this repository's
                }
                checked++;
                int hash = target.indexOf('#');
                String pathPart = hash < 0 ? target : target.substring(0, hash);
                String anchor = hash < 0 ? "" : target.substring(hash + 1);
                Path resolved = pathPart.isEmpty() ? file : file.getParent().resolve(pathPart).normalize();
                String where = root.relativize(file) + ":" + link.line() + " (" + target + ")";
                if (!resolved.startsWith(root) || !Files.exists(resolved)) {
                    dead.add(where + ": no such file");
                } else if (!anchor.isEmpty()) {
                    if (!resolved.toString().endsWith(".md")) {
                        dead.add(where + ": an anchor into a file that is not Markdown");
                    } else if (!Markdown.read(resolved).anchors().contains(anchor)) {
                        dead.add(where + ": " + root.relativize(resolved) + " has no heading with anchor #" + anchor
                                + " (it has " + Markdown.read(resolved).anchors() + ")");
                    }
                }
            }
        }
        assertEquals(List.of(), dead, "dead links");
        assertTrue(checked > 40, "the links were found at all: " + checked);
    }

    @Test
    void theReadmeLinksEveryDocAndStaysAFrontPage() throws IOException {
        Markdown readme = Markdown.read(root.resolve("README.md"));
        List<String> targets = readme.links().stream().map(l -> l.target().replaceAll("#.*", "")).toList();
        List<String> unlinked = new ArrayList<>();
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md"))
                    .map(p -> "docs/" + p.getFileName())
                    .filter(doc -> !targets.contains(doc))
                    .sorted()
                    .forEach(unlinked::add);
        }
        assertEquals(List.of(), unlinked, "docs the README does not link");
        int lines = Files.readAllLines(root.resolve("README.md")).size();
        assertTrue(lines <= 300, "README.md has " + lines + " lines: the rest belongs in docs/");
    }

    @Test
    void anchorsFollowGitHubsRules() {
        assertEquals("what-is-retried-and-what-reaches-you", Markdown.anchor("What is retried, and what reaches you"));
        assertEquals("the-spring-boot-starters-retryingjdbc-properties",
                Markdown.anchor("The Spring Boot starter's `retrying.jdbc.*` properties"));
        assertEquals("5-commit-resolution-without-a-round-trip-and-the-layer-over-the-pool-issue-16",
                Markdown.anchor("5. Commit resolution without a round trip, and the layer over the pool (issue 16)"));
        assertEquals("idempotent-on-beans", Markdown.anchor("`@Idempotent` on beans"));
        assertEquals("see-hikaricp", Markdown.anchor("See [HikariCP](hikaricp.md)"));
    }

    private List<Path> documents() throws IOException {
        List<Path> files = new ArrayList<>(List.of(
                root.resolve("README.md"), root.resolve("BENCHMARKS.md"), root.resolve("CHANGELOG.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        return files;
    }
}
