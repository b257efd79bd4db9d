package io.retrying.jdbc.bench.trace;

import io.retrying.jdbc.bench.trace.MethodTrace.Step;
import io.retrying.jdbc.bench.trace.MethodTrace.Window;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;

/**
 * What one traced window says about issue 24's "enters each file at most twice": per source file,
 * how many times control entered it from another file (a method entry whose caller, the nearest
 * library frame below it, is in another file; returns do not count), counted twice: every such
 * entry, and those that move the control ({@link Step#moves}: not a {@link LeafReads leaf read},
 * not a call back through pgjdbc). Also the calls that run up core's package order (a callee in a
 * package above its caller's, as ArchitectureTest orders them).
 */
final class PathReport {

    /** The most entries into one file that issue 24 allows. */
    static final int AT_MOST = 2;

    /** core's internal packages from the top down, as ArchitectureTest's LAYERS has them. */
    static final List<String> LAYERS = List.of("unit", "jdbc", "failure", "commit", "replay", "session", "retry",
            "proof", "sql", "dial", "config", "events", "telemetry");

    /** The entries of one window that a predicate keeps, by file, by call, and those up the package order. */
    static final class Counts {
        final Map<String, Integer> entries = new TreeMap<>(PathReport::byLayer);
        /** For each file, its entries by "caller method -> callee method" (with a mark for the kinds not moving). */
        final Map<String, Map<String, Integer>> pairs = new TreeMap<>(PathReport::byLayer);
        final Map<String, Integer> upward = new LinkedHashMap<>();

        Counts(List<Step> steps, Predicate<Step> kept) {
            for (Step s : steps) {
                if (!kept.test(s)) {
                    continue;
                }
                entries.merge(s.file(), 1, Integer::sum);
                pairs.computeIfAbsent(s.file(), f -> new LinkedHashMap<>()).merge(pair(s), 1, Integer::sum);
                int from = layer(s.callerFile());
                int to = layer(s.file());
                if (from >= 0 && to >= 0 && to < from) {
                    upward.merge(pair(s), 1, Integer::sum);
                }
            }
        }

        int total() {
            return entries.values().stream().mapToInt(Integer::intValue).sum();
        }

        int most() {
            return entries.values().stream().mapToInt(Integer::intValue).max().orElse(0);
        }

        int upwardCalls() {
            return upward.values().stream().mapToInt(Integer::intValue).sum();
        }

        List<String> overTheLimit() {
            return entries.entrySet().stream().filter(e -> e.getValue() > AT_MOST).map(Map.Entry::getKey).toList();
        }
    }

    final Window window;
    final Counts all;
    final Counts moving;
    final int methodEntries;
    final int exits;

    PathReport(Window window) {
        this.window = window;
        this.all = new Counts(window.steps(), Step::betweenFiles);
        this.moving = new Counts(window.steps(), Step::moves);
        this.methodEntries = (int) window.steps().stream().filter(Step::entry).count();
        this.exits = window.steps().size() - methodEntries;
    }

    private static String pair(Step s) {
        String caller = s.callerFile().equals(MethodTrace.APPLICATION) ? MethodTrace.APPLICATION : s.callerMethod();
        return caller + " -> " + s.method() + (s.viaDriver() ? " (through pgjdbc)" : s.leafRead() ? " (read)" : "");
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
        return Comparator.<String>comparingInt(f -> f.startsWith("internal/") ? layer(f) : LAYERS.size())
                .thenComparing(Comparator.naturalOrder()).compare(a, b);
    }

    /** The Markdown of several scenarios: the two tables of files by scenario, then each scenario's detail. */
    static String markdown(List<PathReport> reports, Map<String, String> titles, Map<String, String> faults,
            Map<String, String> untraced) {
        StringBuilder md = new StringBuilder();
        md.append("Each scenario runs in a child JVM under the JDK's debugger (JDI); its failing call is traced from"
                + " the application's call to what it gets, after an untraced round has loaded the classes. An *entry*"
                + " is a method entry in a source file whose caller (the nearest library frame below it: pgjdbc's,"
                + " the JDK's and lambda proxies' frames are skipped) is in another file; returns do not count. Paths"
                + " below `io/retrying/jdbc/`; **bold**: more than ").append(AT_MOST).append(".\n\n");
        md.append("#### Every entry\n\n");
        table(md, reports, r -> r.all);
        md.append("#### Entries that move the control\n\nNot counted: *reads* (a method whose bytecode calls nothing"
                + " and writes nothing: a getter, a record's component, an `instanceof` check) and calls that arrive"
                + " *through pgjdbc* (its reads of the layer's socket wrapper).\n\n");
        table(md, reports, r -> r.moving);
        for (PathReport r : reports) {
            String s = r.window.scenario();
            md.append("#### ").append(s).append(". ").append(titles.get(s)).append("\n\n");
            md.append("- fault: ").append(faults.get(s)).append('\n');
            md.append("- traced round: ").append(r.window.outcome()).append('\n');
            md.append("- untraced round (full speed): ").append(untraced.get(s)).append('\n');
            md.append(String.format(Locale.ROOT, "- window: %d library method entries, %d normal returns, %.0f ms under"
                    + " the debugger%n", r.methodEntries, r.exits, r.window.nanos() / 1e6));
            List<String> over = r.all.overTheLimit();
            if (over.isEmpty()) {
                md.append("- no file entered more than ").append(AT_MOST).append(" times\n");
            }
            for (String file : over) {
                md.append("- ").append(file).append(": ").append(r.all.entries.get(file)).append(" entries (")
                        .append(r.moving.entries.getOrDefault(file, 0)).append(" moving): ")
                        .append(pairs(r.all.pairs.get(file))).append('\n');
            }
            if (!r.moving.upward.isEmpty()) {
                md.append("- moving calls up the package order: ").append(pairs(r.moving.upward)).append('\n');
            }
            md.append('\n');
        }
        return md.toString();
    }

    private static void table(StringBuilder md, List<PathReport> reports, Function<PathReport, Counts> view) {
        TreeSet<String> files = new TreeSet<>(PathReport::byLayer);
        reports.forEach(r -> files.addAll(view.apply(r).entries.keySet()));
        md.append("| file |");
        reports.forEach(r -> md.append(' ').append(r.window.scenario()).append(" |"));
        md.append("\n|---|");
        reports.forEach(r -> md.append("---:|"));
        md.append('\n');
        for (String file : files) {
            md.append("| ").append(file).append(" |");
            for (PathReport r : reports) {
                Integer n = view.apply(r).entries.get(file);
                md.append(' ').append(n == null ? "" : n > AT_MOST ? "**" + n + "**" : String.valueOf(n)).append(" |");
            }
            md.append('\n');
        }
        row(md, reports, "files entered", r -> view.apply(r).entries.size());
        row(md, reports, "files entered more than " + AT_MOST + " times", r -> view.apply(r).overTheLimit().size());
        row(md, reports, "most entries into one file", r -> view.apply(r).most());
        row(md, reports, "entries, all files", r -> view.apply(r).total());
        row(md, reports, "of them up the package order", r -> view.apply(r).upwardCalls());
        md.append('\n');
    }

    private static String pairs(Map<String, Integer> pairs) {
        List<String> out = new ArrayList<>();
        pairs.forEach((pair, n) -> out.add("`" + pair + "`" + (n > 1 ? " x" + n : "")));
        return String.join(", ", out);
    }

    private static void row(StringBuilder md, List<PathReport> reports, String label, ToIntFunction<PathReport> value) {
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
                out.append(s.moves() ? "=> " : s.betweenFiles() ? "=) " : "-> ").append(s.file()).append(' ')
                        .append(s.method());
                if (s.betweenFiles()) {
                    out.append("   (from ").append(pair(s), 0, pair(s).indexOf(" -> ")).append(')');
                    out.append(s.viaDriver() ? " through pgjdbc" : s.leafRead() ? " read" : "");
                }
            } else {
                out.append("<- ").append(s.method());
            }
            out.append('\n');
        }
        return out.toString();
    }
}
