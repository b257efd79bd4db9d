package io.retrying.jdbc.bench.trace;

import io.retrying.jdbc.bench.trace.MethodTrace.Step;
import io.retrying.jdbc.bench.trace.MethodTrace.Window;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What one traced window says about issue 24's "enters each file at most twice": per source file,
 * how many times control entered it from another file (a method entry whose caller, the nearest
 * library frame below it, is in another file; returns do not count), and the calls that run up
 * core's package order (a callee in a package above its caller's, as ArchitectureTest orders them).
 */
final class PathReport {

    /** The most entries into one file that issue 24 allows. */
    static final int AT_MOST = 2;

    /** core's internal packages from the top down, as ArchitectureTest's LAYERS has them. */
    static final List<String> LAYERS = List.of("unit", "jdbc", "failure", "commit", "replay", "session", "retry",
            "proof", "sql", "dial", "config", "events", "telemetry");

    final Window window;
    /** Entries from another file, by file. */
    final Map<String, Integer> entries = new TreeMap<>(PathReport::byLayer);
    /** For each file, its entries by "caller file method -> callee method". */
    final Map<String, Map<String, Integer>> entryPairs = new TreeMap<>(PathReport::byLayer);
    /** Calls up the package order, by "caller -> callee". */
    final Map<String, Integer> upward = new LinkedHashMap<>();
    int methodEntries;
    int exits;

    PathReport(Window window) {
        this.window = window;
        for (Step s : window.steps()) {
            if (!s.entry()) {
                exits++;
                continue;
            }
            methodEntries++;
            if (s.betweenFiles()) {
                entries.merge(s.file(), 1, Integer::sum);
                entryPairs.computeIfAbsent(s.file(), f -> new LinkedHashMap<>()).merge(caller(s) + " -> "
                        + s.method(), 1, Integer::sum);
            }
            int from = layer(s.callerFile());
            int to = layer(s.file());
            if (from >= 0 && to >= 0 && to < from) {
                upward.merge(caller(s) + " -> " + s.method(), 1, Integer::sum);
            }
        }
    }

    int betweenFiles() {
        return entries.values().stream().mapToInt(Integer::intValue).sum();
    }

    int most() {
        return entries.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    int upwardCalls() {
        return upward.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** The files entered more than {@link #AT_MOST} times. */
    List<String> overTheLimit() {
        return entries.entrySet().stream().filter(e -> e.getValue() > AT_MOST).map(Map.Entry::getKey).toList();
    }

    private static String caller(Step s) {
        return s.callerFile().equals(MethodTrace.APPLICATION) ? MethodTrace.APPLICATION : s.callerMethod();
    }

    /** The index in {@link #LAYERS} of a file's internal package, -1 for one outside them. */
    static int layer(String file) {
        if (!file.startsWith("internal/")) {
            return -1;
        }
        int slash = file.indexOf('/', "internal/".length());
        return slash < 0 ? -1 : LAYERS.indexOf(file.substring("internal/".length(), slash));
    }

    /** Files in package order (core's layers, then the public API), then by name. */
    static int byLayer(String a, String b) {
        return Comparator.<String>comparingInt(f -> f.startsWith("internal/") ? layer(f) : LAYERS.size() + (
                f.startsWith("(") ? 1 : 0)).thenComparing(Comparator.naturalOrder()).compare(a, b);
    }

    /** The Markdown of several scenarios: one table of files by scenario, then each scenario's detail. */
    static String markdown(List<PathReport> reports, Map<String, String> titles, Map<String, String> faults,
            Map<String, String> untraced) {
        StringBuilder md = new StringBuilder();
        TreeSet<String> files = new TreeSet<>(PathReport::byLayer);
        reports.forEach(r -> files.addAll(r.entries.keySet()));
        md.append("Entries into each source file from another (a method entry whose caller, the nearest library frame"
                + " below it, is in another file; returns do not count), from the application's call to what it gets."
                + " Paths below `io/retrying/jdbc/`; **bold**: more than ").append(AT_MOST).append(".\n\n");
        md.append("| file |");
        reports.forEach(r -> md.append(' ').append(r.window.scenario()).append(" |"));
        md.append("\n|---|");
        reports.forEach(r -> md.append("---:|"));
        md.append('\n');
        for (String file : files) {
            md.append("| ").append(file).append(" |");
            for (PathReport r : reports) {
                Integer n = r.entries.get(file);
                md.append(' ').append(n == null ? "" : n > AT_MOST ? "**" + n + "**" : String.valueOf(n)).append(" |");
            }
            md.append('\n');
        }
        row(md, reports, "distinct files", r -> r.entries.size());
        row(md, reports, "most entries into one file", PathReport::most);
        row(md, reports, "entries between files", PathReport::betweenFiles);
        row(md, reports, "calls up the package order", PathReport::upwardCalls);
        row(md, reports, "library method entries", r -> r.methodEntries);
        md.append('\n');
        for (PathReport r : reports) {
            String s = r.window.scenario();
            md.append("### ").append(s).append(". ").append(titles.get(s)).append("\n\n");
            md.append("- fault: ").append(faults.get(s)).append('\n');
            md.append("- traced round: ").append(r.window.outcome()).append('\n');
            md.append("- untraced round (full speed): ").append(untraced.get(s)).append('\n');
            md.append(String.format(java.util.Locale.ROOT, "- window: %d library method entries, %d exits, %d"
                    + " distinct files, %.0f ms under the debugger%n", r.methodEntries, r.exits, r.entries.size(),
                    r.window.nanos() / 1e6));
            List<String> over = r.overTheLimit();
            if (over.isEmpty()) {
                md.append("- no file entered more than ").append(AT_MOST).append(" times\n");
            }
            for (String file : over) {
                md.append("- **").append(file).append("** entered ").append(r.entries.get(file)).append(" times: ");
                md.append(pairs(r.entryPairs.get(file))).append('\n');
            }
            if (!r.upward.isEmpty()) {
                md.append("- calls up the package order: ").append(pairs(r.upward)).append('\n');
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static String pairs(Map<String, Integer> pairs) {
        List<String> out = new ArrayList<>();
        pairs.forEach((pair, n) -> out.add("`" + pair + "`" + (n > 1 ? " x" + n : "")));
        return String.join(", ", out);
    }

    private static void row(StringBuilder md, List<PathReport> reports, String label,
            java.util.function.ToIntFunction<PathReport> value) {
        md.append("| *").append(label).append("* |");
        reports.forEach(r -> md.append(' ').append(value.applyAsInt(r)).append(" |"));
        md.append('\n');
    }

    /** The whole sequence, one step a line, indented by depth: for reading a path by hand. */
    String sequence() {
        StringBuilder out = new StringBuilder();
        int base = window.steps().stream().mapToInt(Step::depth).min().orElse(0);
        for (Step s : window.steps()) {
            out.append("  ".repeat(Math.max(0, s.depth() - base)));
            if (s.entry()) {
                out.append(s.betweenFiles() ? "=> " : "-> ").append(s.file()).append(' ').append(s.method());
                if (s.betweenFiles()) {
                    out.append("   (from ").append(caller(s)).append(')');
                }
            } else {
                out.append("<- ").append(s.method());
            }
            out.append('\n');
        }
        return out.toString();
    }
}
