package io.retrying.jdbc;

import io.retrying.jdbc.internal.config.RetryConfig;
import io.retrying.jdbc.internal.unit.IdempotentProxy;
import io.retrying.jdbc.internal.unit.TransactionUnit;
import io.retrying.jdbc.internal.unit.UnitRetry;
import java.lang.reflect.UndeclaredThrowableException;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Runs whole units of work again: {@link #proxy} for the {@link Idempotent} methods of an
 * interface, {@link #inTransaction} for one transaction. This is the retry loop of
 * {@link RetryPolicy}'s documentation, run for you, for work you declare safe to repeat.
 *
 * <pre>{@code
 * OrderDao dao = Retrying.proxy(OrderDao.class, new JdbcOrderDao(dataSource), RetryPolicy.defaults());
 * dao.record(orderId, amount);                       // @Idempotent on OrderDao.record
 *
 * long balance = Retrying.inTransaction(dataSource, c -> {
 *     try (PreparedStatement ps = c.prepareStatement(
 *             "INSERT INTO transfers (key, amount) VALUES (?, ?) ON CONFLICT (key) DO NOTHING")) {
 *         ps.setObject(1, transferKey);
 *         ps.setLong(2, amount);
 *         ps.executeUpdate();
 *     }
 *     return balanceOf(c, account);
 * });
 * }</pre>
 *
 * <p><b>What runs again.</b> The whole unit, for every retryable class (SAFE, RECONNECT,
 * BACKPRESSURE, RESET_STATE) and for UNKNOWN too: a connection lost while a write or a COMMIT was
 * in flight, SQLState 08007 (a {@link CommitOutcomeUnknownException}, or the
 * {@link WriteOutcomeUnknownException} a {@link RetryingDataSource} connection reports for an
 * autocommit write whose socket was lost),
 * 40003. That is what declaring the unit idempotent buys, and what it costs: the first run may
 * have taken effect, so the unit must do no harm when it runs twice (write under an idempotency
 * key, {@code INSERT ... ON CONFLICT (key) DO NOTHING}; set values instead of adding to them).
 * Failures are classified by {@link Classifier} along their whole cause chain, so an unchecked
 * exception wrapping an {@link SQLException} is classified by what it wraps.
 *
 * <p><b>What surfaces at once.</b> FATAL failures (syntax, constraint, permission, 57014, unknown
 * codes), Errors, and a {@link RetriesExhaustedException} from a retrying layer beneath (a
 * {@link RetryingDataSource} that already retried a statement until its policy said no):
 * {@link Classifier} makes it FATAL, so that stacked layers do not multiply their attempts. With a
 * {@link RetryingDataSource} beneath, the transparent layer heals what it can first (a dropped
 * connection before the work starts, a conflict it can replay) and the unit runs again for the
 * rest. The same rule bounds nested units (an {@code @Idempotent} method calling another, or
 * {@code inTransaction}): the inner unit retries on its own and, when it runs out, throws a
 * {@link RetriesExhaustedException} that the outer unit does not retry; an inner method that cannot
 * throw {@link SQLException} runs out with its last failure instead, which the outer unit would
 * retry, multiplying the attempts: do not nest such methods.
 *
 * <p><b>How often, how long.</b> As the {@link RetryPolicy} decides: its attempt limit (the
 * first run counts), full-jitter waits through its {@link Sleeper}, its token bucket, and an
 * optional {@link Deadline} after which no run starts. An interrupted thread starts no new run
 * either: the last failure surfaces (the interrupt as suppressed exception) and the interrupt flag
 * stays set. {@link RetryPolicy#succeeded()} is called
 * on every success. When retrying stops for want of attempts, time or budget after more than one
 * run, the caller gets {@link RetriesExhaustedException} ({@code ... (reached max retries: N)},
 * the last failure as its cause); otherwise the failure itself, with the earlier ones as
 * suppressed exceptions.
 *
 * <p><b>Reports.</b> Every retry is logged at WARN, every give-up of a retryable or unknown
 * failure at ERROR, through SLF4J (logger {@code io.retrying.jdbc}), in the same format as the
 * transparent layer, with the unit's name ({@code OrderDao.record}, {@code inTransaction}) in the
 * place of the connection id; a {@link RetryListener} hears of them too.
 *
 * <p>Thread-safe: every method is static, and the state of a call lives on its stack.
 */
public final class Retrying {

    private static final String TRANSACTION = "inTransaction";

    private Retrying() {
    }

    /**
     * The configuration of the retrying layer {@code dataSource} is or wraps, or {@code null}. A pool
     * not started yet cannot say what it wraps: then null too.
     */
    private static RetryConfig layerOf(DataSource dataSource) throws SQLException {
        if (dataSource instanceof RetryingDataSource retrying) {
            return retrying.config();
        }
        try {
            if (!dataSource.isWrapperFor(RetryingDataSource.class)) {
                return null;
            }
        } catch (SQLException | RuntimeException cannotSay) {
            return null; // a data source that does not answer isWrapperFor wraps nothing of ours
        }
        return dataSource.unwrap(RetryingDataSource.class).config();
    }

    /**
     * A proxy of {@code iface} over {@code target} whose {@link Idempotent} methods run again, whole,
     * under {@code policy}; every other method is called on the target directly, once, untouched.
     *
     * <p>The annotation counts on the interface method, on the interface, on the target's
     * implementation of the method, or on the target's class (see {@link Idempotent}). What the
     * target throws reaches the caller as is, not wrapped. When an idempotent method runs out of
     * attempts, the caller gets a {@link RetriesExhaustedException} if the method may throw an
     * {@link SQLException} (it declares it, or {@code Exception}), else the last failure itself.
     *
     * <p>A default method runs as the target has it, and the calls it makes on {@code this} reach
     * the target directly: the unit retried is the call made on the proxy. {@code equals},
     * {@code hashCode} and {@code toString} are the proxy's: equal when wrapping equal targets for
     * the same interface and policy; the target's hash; {@code Retrying<Iface>@hash wrapping
     * <target>}.
     *
     * <p>A JDK dynamic proxy: fine for a call per unit of work, not meant for per-row hot paths.
     *
     * @param iface  the interface to proxy (a public interface, or one whose package is open to
     *               this library)
     * @param target what does the work; should be safe to call from several threads if the proxy is
     * @param policy decides every retry
     * @throws NullPointerException     when an argument is null
     * @throws IllegalArgumentException when {@code iface} is not an interface or {@code target}
     *                                  does not implement it
     */
    public static <T> T proxy(Class<T> iface, T target, RetryPolicy policy) {
        return IdempotentProxy.create(iface, target, policy, null);
    }

    /**
     * As {@link #proxy(Class, Object, RetryPolicy)}, reporting every retry, recovery and give-up to
     * {@code listener} as well as to the log.
     *
     * @throws NullPointerException when an argument is null
     */
    public static <T> T proxy(Class<T> iface, T target, RetryPolicy policy, RetryListener listener) {
        return IdempotentProxy.create(iface, target, policy, Objects.requireNonNull(listener, "listener"));
    }

    /**
     * As {@link #proxy(Class, Object, RetryPolicy, RetryListener)}, with the policy and listener of
     * {@code dataSource} when it is a {@link RetryingDataSource} (or unwraps to one): the DAO's
     * units then retry as its connections do, on the same token bucket, heard by the same
     * listener. Over any other data source, {@link RetryPolicy#defaults()} and no listener.
     *
     * @param dataSource the data source the target works on
     * @throws NullPointerException when an argument is null
     * @throws IllegalArgumentException as {@link #proxy(Class, Object, RetryPolicy)}
     * @throws SQLException SQLState 22023 when the data source's settings are bad (JavaBean form)
     */
    public static <T> T proxy(DataSource dataSource, Class<T> iface, T target) throws SQLException {
        RetryConfig layer = layerOf(Objects.requireNonNull(dataSource, "dataSource"));
        return layer == null ? IdempotentProxy.create(iface, target, RetryPolicy.defaults(), null)
                : IdempotentProxy.create(iface, target, layer.policy(), layer.listener());
    }

    /**
     * Runs {@code work} in one transaction and commits it, running it all again on a fresh
     * connection after a retryable or unknown failure, with no deadline. Over a
     * {@link RetryingDataSource} (or a data source that unwraps to one) the unit runs under that
     * data source's policy and reports to its listener, as its connections do; over any other data
     * source under {@link RetryPolicy#defaults()}.
     *
     * <p>Each run takes a connection from {@code dataSource}, turns autocommit off, calls the work,
     * commits and returns what the work returned (autocommit is turned back on if it was on, and
     * the connection closed). A failed run is rolled back (quietly; not when the connection is
     * gone, since the server has rolled it back) and its connection closed, then classified:
     * a failure of {@code getConnection} is part of the run. The work must not commit, roll back
     * or close the connection itself. Work that returns normally after a statement of its
     * transaction failed (it caught the exception) fails with SQLState 40000: the server aborted
     * the transaction, and nothing is committed.
     *
     * @return what the work returned on the run that committed
     * @throws SQLException what surfaces: see the class documentation
     * @throws NullPointerException when an argument is null
     */
    public static <T> T inTransaction(DataSource dataSource, TransactionWork<T> work) throws SQLException {
        RetryConfig layer = layerOf(Objects.requireNonNull(dataSource, "dataSource"));
        RetryPolicy policy = layer == null ? RetryPolicy.defaults() : layer.policy();
        return inTransaction(dataSource, policy, Deadline.none(), null, work);
    }

    /**
     * As {@link #inTransaction(DataSource, TransactionWork)}, with the given policy (the listener is
     * still the data source's, if it has one).
     *
     * @throws NullPointerException when an argument is null
     */
    public static <T> T inTransaction(DataSource dataSource, RetryPolicy policy, TransactionWork<T> work)
            throws SQLException {
        return inTransaction(dataSource, policy, Deadline.none(), null, work);
    }

    /**
     * As {@link #inTransaction(DataSource, TransactionWork)}, with the given policy, a deadline after
     * which no run starts (a run in progress is not interrupted: bound it with a statement or
     * network timeout), and a listener.
     *
     * @param deadline for example {@code Deadline.after(Duration.ofSeconds(5), policy.nanoClock())};
     *                 {@link Deadline#none()} for none
     * @param listener hears of every retry, recovery and give-up; {@code null} for the data
     *                 source's listener when it is a {@link RetryingDataSource} that has one, else none
     * @throws NullPointerException when dataSource, policy, deadline or work is null
     */
    public static <T> T inTransaction(DataSource dataSource, RetryPolicy policy, Deadline deadline,
                                      RetryListener listener, TransactionWork<T> work) throws SQLException {
        Objects.requireNonNull(deadline, "deadline");
        TransactionUnit<T> unit = new TransactionUnit<>(dataSource, work);
        Objects.requireNonNull(policy, "policy");
        RetryListener heard = listener;
        if (heard == null) {
            RetryConfig layer = layerOf(dataSource);
            heard = layer == null ? null : layer.listener();
        }
        try {
            return new UnitRetry(policy, heard).run(unit, TRANSACTION, deadline, true);
        } catch (SQLException | RuntimeException e) {
            throw e;
        } catch (Exception undeclared) {
            // TransactionWork declares SQLException only: a checked exception thrown by stealth
            throw new UndeclaredThrowableException(undeclared);
        }
    }
}
