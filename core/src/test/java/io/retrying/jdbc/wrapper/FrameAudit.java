package io.retrying.jdbc.wrapper;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import net.ttddyy.dsproxy.ExecutionInfo;
import net.ttddyy.dsproxy.QueryInfo;
import net.ttddyy.dsproxy.listener.MethodExecutionContext;

/**
 * The rule of the layer's own statements (DESIGN.md "The layer's own statements"), held on every
 * physical connection a {@link Physical} hands out: each statement the layer sends on its own
 * behalf (marked {@link Physical#PROOF_MARK}) runs inside a frame that cannot write and is rolled
 * back: {@code BEGIN READ ONLY} ... {@code ROLLBACK}, or a savepoint made read-only and rolled back.
 * The frame's own statements, the replay's read-only guard and the catalog walk's temporary function
 * (made, then the transaction made read-only, then rolled back) are the only marked statements
 * allowed outside. A pgjdbc-level spy: datasource-proxy sees every execution and every savepoint
 * call that reaches the driver. Violations are collected for {@link FrameAuditExtension}, which fails
 * the test they happened in.
 */
final class FrameAudit {

    /** Every violation seen, by any Physical, since the last {@link #drain()}. */
    private static final List<String> VIOLATIONS = new CopyOnWriteArrayList<>();

    /** One open frame or savepoint on a connection: whether it made the transaction read-only. */
    private static final class Level {
        final Savepoint savepoint; // null: a transaction the layer began
        boolean readOnly;
        final boolean ownTransaction;

        Level(Savepoint savepoint, boolean readOnly, boolean ownTransaction) {
            this.savepoint = savepoint;
            this.readOnly = readOnly;
            this.ownTransaction = ownTransaction;
        }
    }

    private final Map<Connection, List<Level>> levels = new IdentityHashMap<>();

    static List<String> drain() {
        List<String> seen = new ArrayList<>(VIOLATIONS);
        VIOLATIONS.clear();
        return seen;
    }

    synchronized void query(ExecutionInfo info, List<QueryInfo> queries) {
        Connection c = connectionOf(info);
        if (c == null) {
            return;
        }
        for (QueryInfo q : queries) {
            String sql = q.getQuery();
            int mark = sql.indexOf(Physical.PROOF_MARK);
            if (mark < 0) {
                continue;
            }
            String own = sql.substring(mark + Physical.PROOF_MARK.length()).trim();
            List<Level> stack = levels.computeIfAbsent(c, k -> new ArrayList<>());
            if (own.startsWith("BEGIN READ ONLY")) {
                stack.add(new Level(null, true, true));
            } else if (own.startsWith("BEGIN READ WRITE")) {
                stack.add(new Level(null, false, true)); // the catalog walk: read-only once its function is made
            } else if (own.equals("ROLLBACK") || own.equals("COMMIT")) {
                stack.clear();
            } else if (own.equals("SET TRANSACTION READ ONLY")) {
                if (stack.isEmpty()) {
                    VIOLATIONS.add("SET TRANSACTION READ ONLY outside any frame");
                } else {
                    stack.get(stack.size() - 1).readOnly = true;
                }
            } else if (own.startsWith("CREATE FUNCTION pg_temp.retrying_jdbc_proof")) {
                if (stack.isEmpty() || !stack.get(stack.size() - 1).ownTransaction) {
                    VIOLATIONS.add("the proof's temporary function made outside its own transaction");
                }
            } else if (stack.stream().noneMatch(l -> l.readOnly)) {
                VIOLATIONS.add("outside a read-only frame: " + abbreviate(own));
            }
        }
    }

    synchronized void method(MethodExecutionContext context) {
        if (!(context.getTarget() instanceof Connection c) || context.getThrown() != null) {
            return;
        }
        List<Level> stack = levels.computeIfAbsent(c, k -> new ArrayList<>());
        Object[] args = context.getMethodArgs();
        switch (context.getMethod().getName()) {
            case "setSavepoint" -> stack.add(new Level((Savepoint) context.getResult(), false, false));
            case "rollback" -> {
                if (args == null || args.length == 0) {
                    stack.clear();
                } else {
                    cutAbove(stack, (Savepoint) args[0], false);
                }
            }
            case "releaseSavepoint" -> cutAbove(stack, (Savepoint) args[0], true);
            case "commit", "close", "setAutoCommit" -> stack.clear();
            default -> {
            }
        }
    }

    /** ROLLBACK TO keeps the savepoint (and undoes what its level set); RELEASE drops it. */
    private static void cutAbove(List<Level> stack, Savepoint sp, boolean andIt) {
        for (int i = stack.size() - 1; i >= 0; i--) {
            if (stack.get(i).savepoint == sp) {
                stack.subList(andIt ? i : i + 1, stack.size()).clear();
                if (!andIt) {
                    stack.get(i).readOnly = false;
                }
                return;
            }
        }
    }

    private static Connection connectionOf(ExecutionInfo info) {
        try {
            return info.getStatement() == null ? null : info.getStatement().getConnection();
        } catch (SQLException closed) {
            return null;
        }
    }

    private static String abbreviate(String sql) {
        String oneLine = sql.replaceAll("\\s+", " ");
        return oneLine.length() > 120 ? oneLine.substring(0, 120) + "..." : oneLine;
    }
}
