package io.retrying.jdbc.docs;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One Markdown file of the repository, read the way GitHub renders it as far as links go: its
 * headings' anchors and its links, both outside fenced code blocks.
 */
final class Markdown {

    /** An inline link {@code [text](target)} (not an image); the text may wrap across lines. */
    private static final Pattern LINK = Pattern.compile("(?<!!)\\[([^\\]]*)\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    /** A reference definition {@code [label]: target}. */
    private static final Pattern REFERENCE = Pattern.compile("(?m)^ {0,3}\\[[^\\]]+\\]:\\s*(\\S+)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern INLINE_LINK_IN_HEADING = Pattern.compile("\\[([^\\]]*)\\]\\([^)]*\\)");
    /** What GitHub drops from a heading's text to make its anchor: all but letters, digits, spaces, - and _. */
    private static final Pattern NOT_IN_ANCHOR = Pattern.compile("[^\\p{L}\\p{N} _-]");

    final Path path;
    /** The file's lines, fenced code blocks blanked (so line numbers stay). */
    final List<String> prose;
    final List<String> headings = new ArrayList<>();

    private Markdown(Path path, List<String> lines) {
        this.path = path;
        this.prose = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            String trimmed = line.stripLeading();
            if (fence == null && (trimmed.startsWith("```") || trimmed.startsWith("~~~"))) {
                fence = trimmed.substring(0, 3);
                prose.add("");
            } else if (fence != null) {
                if (trimmed.startsWith(fence)) {
                    fence = null;
                }
                prose.add("");
            } else {
                prose.add(line);
                Matcher heading = HEADING.matcher(line);
                if (heading.matches()) {
                    headings.add(heading.group(2));
                }
            }
        }
    }

    static Markdown read(Path path) {
        try {
            return new Markdown(path, Files.readAllLines(path));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The anchors GitHub gives the headings, in order, with -1, -2, ... on repeats. */
    Set<String> anchors() {
        Set<String> anchors = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String heading : headings) {
            String base = anchor(heading);
            int n = seen.merge(base, 1, Integer::sum) - 1;
            anchors.add(n == 0 ? base : base + "-" + n);
        }
        return anchors;
    }

    /** GitHub's anchor of one heading: its rendered text, lower case, punctuation dropped, spaces as hyphens. */
    static String anchor(String heading) {
        String text = INLINE_LINK_IN_HEADING.matcher(heading).replaceAll("$1");
        text = text.replace("**", "").replace("`", "");
        return NOT_IN_ANCHOR.matcher(text.toLowerCase(java.util.Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    /** Every link target outside code blocks, with the line it starts on. */
    List<Link> links() {
        String text = String.join("\n", prose);
        List<Link> links = new ArrayList<>();
        for (Pattern pattern : List.of(LINK, REFERENCE)) {
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                String target = m.group(m.groupCount());
                int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
                links.add(new Link(target, line));
            }
        }
        return links;
    }

    /** The text of the section under a heading, to the next heading of the same or a higher level, code included. */
    static String section(Path path, String heading) {
        try {
            List<String> lines = Files.readAllLines(path);
            StringBuilder section = null;
            int level = 0;
            boolean inFence = false;
            for (String line : lines) {
                if (line.stripLeading().startsWith("```")) {
                    inFence = !inFence;
                }
                Matcher h = inFence ? null : HEADING.matcher(line);
                if (h != null && h.matches()) {
                    if (section != null && h.group(1).length() <= level) {
                        break;
                    }
                    if (section == null && h.group(2).equals(heading)) {
                        section = new StringBuilder();
                        level = h.group(1).length();
                        continue;
                    }
                }
                if (section != null) {
                    section.append(line).append('\n');
                }
            }
            if (section == null) {
                throw new AssertionError(path + " has no heading \"" + heading + "\"");
            }
            return section.toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The fenced code blocks of a text whose info string is {@code language}. */
    static List<String> codeBlocks(String text, String language) {
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("(?ms)^```" + Pattern.quote(language) + "\\s*\\n(.*?)^```").matcher(text);
        while (m.find()) {
            blocks.add(m.group(1));
        }
        return blocks;
    }

    /** The repository's root: the nearest directory up from the working directory with README.md and docs/. */
    static Path root() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("README.md")) && Files.isDirectory(dir.resolve("docs"))) {
                return dir;
            }
        }
        throw new AssertionError("no README.md with docs/ above " + Path.of("").toAbsolutePath());
    }

    record Link(String target, int line) {}
}
