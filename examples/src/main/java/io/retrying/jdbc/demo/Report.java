package io.retrying.jdbc.demo;

import io.retrying.jdbc.CommitOutcome;
import io.retrying.jdbc.Retryability;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

/** The end-of-run table: one column per side, one row per figure. */
final class Report {
    private Report() {
    }

    /** The table for sides that ran for {@code duration}. */
    static String table(List<SideResult> sides, Duration duration) {
        List<String[]> rows = new ArrayList<>();
        row(rows, sides, "transfers attempted", s -> n(s.attempted()));
        row(rows, sides, "  per second", s -> n(Math.round(s.attempted() * 1000.0 / Math.max(1, duration.toMillis()))));
        row(rows, sides, "  committed, as the app saw it", s -> n(s.committed()));
        row(rows, sides, "  failed, as the app saw it", s -> n(s.failed()));
        TreeSet<String> states = new TreeSet<>();
        sides.forEach(s -> states.addAll(s.failuresByState().keySet()));
        for (String state : states) {
            row(rows, sides, "    " + state, s -> n(s.failuresByState().getOrDefault(state, 0L)));
        }
        row(rows, sides, "retries by class (RetryListener)", s -> s.retries() ? "" : "none: no retry layer");
        for (Retryability r : Retryability.values()) {
            if (r != Retryability.FATAL) { // UNKNOWN too: a whole unit of work (inTransaction) may run again
                row(rows, sides, "  " + r, s -> s.retries() ? n(s.retriesByClass().get(r)) : "-");
            }
        }
        row(rows, sides, "  recovered / gave up", s -> s.retries() ? n(s.recovered()) + " / " + n(s.gaveUp()) : "-");
        row(rows, sides, "commit outcomes resolved", s -> s.retries() ? "" : "-");
        for (CommitOutcome o : CommitOutcome.values()) {
            if (sides.stream().anyMatch(s -> s.retries() && s.commitOutcomes().get(o) > 0)
                    || o == CommitOutcome.COMMITTED) {
                row(rows, sides, "  " + o, s -> s.retries() ? n(s.commitOutcomes().get(o)) : "-");
            }
        }
        row(rows, sides, "transfers in the database", s -> n(s.audit().rows()));
        row(rows, sides, "  failed, yet committed", s -> n(s.audit().failedButCommitted()));
        row(rows, sides, "  committed, yet missing", s -> n(s.committedButMissing()));
        row(rows, sides, "money conserved", s -> (s.audit().moneyConserved() ? "yes" : "NO") + " ("
                + n(s.audit().totalBalance()) + " of " + n(s.audit().expectedTotal()) + ")");
        row(rows, sides, "duplicated transfers", s -> n(s.audit().duplicatedKeys()));
        return render(sides, rows);
    }

    private static void row(List<String[]> rows, List<SideResult> sides, String label, Function<SideResult, String> cell) {
        String[] r = new String[sides.size() + 1];
        r[0] = label;
        for (int i = 0; i < sides.size(); i++) {
            r[i + 1] = cell.apply(sides.get(i));
        }
        rows.add(r);
    }

    private static String render(List<SideResult> sides, List<String[]> rows) {
        int[] width = new int[sides.size() + 1];
        String[] head = new String[sides.size() + 1];
        head[0] = "";
        for (int i = 0; i < sides.size(); i++) {
            head[i + 1] = sides.get(i).title();
        }
        for (String[] r : concat(head, rows)) {
            for (int i = 0; i < r.length; i++) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, head, width);
        String[] rule = new String[head.length];
        for (int i = 0; i < rule.length; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(sb, rule, width);
        rows.forEach(r -> line(sb, r, width));
        return sb.toString();
    }

    private static List<String[]> concat(String[] head, List<String[]> rows) {
        List<String[]> all = new ArrayList<>(rows);
        all.add(head);
        return all;
    }

    private static void line(StringBuilder sb, String[] cells, int[] width) {
        sb.append(String.format("%-" + width[0] + "s", cells[0]));
        for (int i = 1; i < cells.length; i++) {
            sb.append("   ").append(String.format("%" + width[i] + "s", cells[i]));
        }
        while (sb.charAt(sb.length() - 1) == ' ') {
            sb.setLength(sb.length() - 1); // an empty last cell
        }
        sb.append('\n');
    }

    /** One line saying whether the side kept retrying-jdbc's promise, and if not, what broke. */
    static String verdict(SideResult s) {
        List<String> broken = new ArrayList<>();
        if (!s.audit().moneyConserved()) {
            broken.add("money NOT conserved");
        }
        if (s.audit().duplicatedKeys() > 0) {
            broken.add(n(s.audit().duplicatedKeys()) + " transfers applied twice");
        }
        if (s.committedButMissing() != 0) {
            broken.add(n(s.committedButMissing()) + " acknowledged commits missing");
        }
        if (s.failed() > 0) {
            broken.add(n(s.failed()) + " failures reached the application");
        }
        if (broken.isEmpty()) {
            return s.title() + ": money conserved, no transfer applied twice, no failure reached the application.";
        }
        return s.title() + ": " + String.join(", ", broken) + ".";
    }

    static String n(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }
}
