package io.retrying.jdbc.internal.proof;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Into the bodies of the volatile functions a statement reaches: PostgreSQL marks every function
 * {@code VOLATILE} unless its author said otherwise, so a read through the application's own SQL
 * and PL/pgSQL functions (Pagila's {@code film_in_stock}, {@code inventory_in_stock}) would never
 * be proven by their declaration. Where the catalog walk ({@link CatalogWalk}) finds nothing in the
 * way but such functions, each one's body is opened ({@link RoutineBody}) and walked as the
 * statement was: parsed by the server, every function, operator, relation and type it reaches read
 * fresh; no write, row lock, foreign table, or volatile built-in but the harmless ones. A volatile
 * function a body reaches is opened in turn (the closure), up to {@link #MOST_ROUTINES} routines;
 * one that cannot be opened, or a body that cannot be read, leaves the statement unproven.
 *
 * <p>What the opened bodies cannot hide: a write (the server's tree says so), a call (the server
 * resolved it), dynamic SQL (not read). What stays as before: a {@code STABLE} function is judged by
 * its declaration, not opened. Each routine costs a read of the catalog and a walk (about seven
 * round trips), on the failure path only.
 */
final class BodyProof {

    /** The most routines one proof opens: a deeper closure is not proven. */
    static final int MOST_ROUTINES = 16;

    private BodyProof() {
    }

    /**
     * What makes the statement whose walk is {@code walk} unproven, or null when nothing does, once
     * the volatile routines alone in its way are opened.
     */
    static String unproven(Connection fresh, CatalogWalk.Walk walk, List<String> harmless) throws SQLException {
        if (!walk.onlyRoutines()) {
            return walk.refusal();
        }
        Deque<Long> todo = new ArrayDeque<>(walk.routines());
        Set<Long> opened = new HashSet<>();
        while (!todo.isEmpty()) {
            long routine = todo.pop();
            if (!opened.add(routine)) {
                continue;
            }
            if (opened.size() > MOST_ROUTINES) {
                return "it reaches more than " + MOST_ROUTINES + " volatile functions";
            }
            RoutineBody.Opened body = RoutineBody.open(fresh, routine);
            if (body.refusal() != null) {
                return "it reaches the volatile function " + body.name() + " (" + body.refusal() + ")";
            }
            CatalogWalk.Walk inner = body.stored()
                    ? CatalogWalk.storedBody(fresh, routine, harmless)
                    : CatalogWalk.body(fresh, body.parameters(), body.body(), harmless);
            if (inner.refusal() == null) {
                continue;
            }
            if (!inner.onlyRoutines()) {
                return "it reaches the volatile function " + body.name() + ", in whose body " + inner.refusal();
            }
            todo.addAll(inner.routines());
        }
        return null;
    }
}
