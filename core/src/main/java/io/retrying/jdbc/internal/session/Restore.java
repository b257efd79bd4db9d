package io.retrying.jdbc.internal.session;

import io.retrying.jdbc.internal.proof.Binder;
import io.retrying.jdbc.internal.proof.ReadOnlyProof;
import io.retrying.jdbc.internal.proof.Verdict;
import io.retrying.jdbc.internal.sql.ParameterLog;
import io.retrying.jdbc.internal.sql.ConfigCalls;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/** How a setting is given to a new connection. */
interface Restore {
    void applyTo(Connection physical) throws SQLException;

    /** For tests and logs: the SQL or the setter; never a parameter's value. */
    String describe();

        /** A statement that sets something, and the parameters it ran with (null for plain SQL). */
        record SqlRestore(String sql, ParameterLog binding) implements Restore {
            @Override
            public void applyTo(Connection physical) throws SQLException {
                if (binding == null) {
                    try (Statement st = physical.createStatement()) {
                        st.execute(sql);
                    }
                } else {
                    try (PreparedStatement ps = physical.prepareStatement(sql)) {
                        binding.applyTo(ps);
                        ps.execute();
                    }
                }
            }

            @Override
            public String describe() {
                return sql;
            }
        }

        /**
         * A statement that only sets, by our reading of its text ({@link ConfigCalls#onlySetsConfig}): before
         * it runs again on a new connection the server proves that it reaches no volatile function but
         * {@code pg_catalog.set_config} ({@link ReadOnlyProof}; a {@code set_config} of another schema
         * first in {@code search_path}, or a cast through a function, is refused). The proof costs about
         * six round trips, paid only when a connection is replaced.
         */
        record ConfigRestore(SqlRestore statement, List<String> names, Restore searchPathThen) implements Restore {
            /**
             * Runs the statement as it ran for the application: under the search_path it had then
             * ({@code searchPathThen}, null for the default), so that {@code set_config} resolves to the
             * function it resolved to (a schema of the application's may come before pg_catalog). A later
             * search_path is restored after it, in the order the application set them.
             */
            @Override
            public void applyTo(Connection physical) throws SQLException {
                if (searchPathThen != null) {
                    searchPathThen.applyTo(physical);
                }
                ParameterLog binding = statement.binding();
                Verdict verdict = ReadOnlyProof.prove(physical, statement.sql(),
                        binding == null ? Binder.NONE : binding::applyTo, binding != null, false, false);
                if (!verdict.readOnly()) {
                    throw new UnprovenRestore(this, verdict.reason());
                }
                statement.applyTo(physical);
            }

            @Override
            public String describe() {
                return statement.describe();
            }
        }

        /** A JDBC setter call. */
        record SetterRestore(String describe, Call call) implements Restore {
            @Override
            public void applyTo(Connection physical) throws SQLException {
                call.on(physical);
            }
        }

        @FunctionalInterface
        interface Call {
            void on(Connection physical) throws SQLException;
        }
}
