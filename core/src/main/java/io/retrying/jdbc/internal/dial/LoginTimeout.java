package io.retrying.jdbc.internal.dial;

import io.retrying.jdbc.internal.dial.ObservingSocketFactory.Dial;
import java.math.BigDecimal;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.postgresql.PGProperty;

/**
 * The {@code loginTimeout} an application set, as the bound of one whole dial through the layer:
 * the reconnect window's retries end with it, and each attempt gets what is left of it. Bare
 * pgjdbc gives up at the login timeout; without this the layer dialed again after each timed-out
 * attempt until its window was over.
 *
 * <p>One instance is one dial loop's login time (made only when a timeout is set: nothing is
 * allocated otherwise). What is left of it reaches pgjdbc through the thread running the attempt
 * ({@link #capped}): the dialers that hand pgjdbc its properties ({@link DriverDialer},
 * {@link DataSourceDialer} over pgjdbc's own data sources) read it there, so that a dialer that
 * delegates to them (a read routing) passes it on without knowing of it. Not shared across threads.
 */
public final class LoginTimeout {

    /** pgjdbc's property name. */
    static final String KEY = PGProperty.LOGIN_TIMEOUT.getName();

    /** What is left of the login time of the attempt this thread runs, as pgjdbc's property value; null: none. */
    private static final ThreadLocal<String> LEFT = new ThreadLocal<>();

    private final LongSupplier clock;
    private final long endsNanos;

    private LoginTimeout(LongSupplier clock, long endsNanos) {
        this.clock = clock;
        this.endsNanos = endsNanos;
    }

    /**
     * The login time of a dial that starts now, or null when {@code millis} sets none.
     *
     * @param millis what {@link Dialer#loginTimeoutMillis()} says; 0 or less: none
     * @param clock the policy's clock, the one the reconnect window is counted on
     */
    public static LoginTimeout startingNow(long millis, LongSupplier clock) {
        return millis <= 0 ? null : new LoginTimeout(clock, clock.getAsLong() + TimeUnit.MILLISECONDS.toNanos(millis));
    }

    /**
     * pgjdbc's reading of a {@code loginTimeout} value ({@code org.postgresql.Driver}'s own rule, kept
     * to the letter): seconds, fractions allowed; absent, pgjdbc's default, 0; a value a float cannot
     * be read from, {@link DriverManager#getLoginTimeout()} (the only case where pgjdbc reads it).
     *
     * @return milliseconds; 0 or less: no timeout
     */
    public static long millis(String value) {
        String seconds = value != null ? value : PGProperty.LOGIN_TIMEOUT.getDefaultValue();
        try {
            return (long) (Float.parseFloat(seconds) * 1000);
        } catch (NumberFormatException unreadable) {
            return DriverManager.getLoginTimeout() * 1000L;
        }
    }

    /** The reconnect window of this dial: {@code window}, cut short where the login time ends first. */
    public static Duration window(LoginTimeout login, Duration window) {
        if (login == null) {
            return window;
        }
        Duration left = Duration.ofNanos(Math.max(0, login.endsNanos - login.clock.getAsLong()));
        return left.compareTo(window) < 0 ? left : window;
    }

    /**
     * Runs one attempt of the dial with what is left of the login time as pgjdbc's
     * {@code loginTimeout}: never less than a millisecond, since pgjdbc reads 0 as "no timeout".
     */
    public <T> T capped(Dial<T, SQLException> attempt) throws SQLException {
        long leftMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(endsNanos - clock.getAsLong()));
        String before = LEFT.get();
        LEFT.set(BigDecimal.valueOf(leftMillis, 3).toPlainString());
        try {
            return attempt.run();
        } finally {
            if (before == null) {
                LEFT.remove();
            } else {
                LEFT.set(before);
            }
        }
    }

    /** What is left of the login time of the attempt this thread runs, as pgjdbc's value; null when unbounded. */
    static String left() {
        return LEFT.get();
    }

    /** {@code props} with the attempt's login time left, when this thread runs a capped attempt. */
    static Properties capTo(Properties props) {
        String left = LEFT.get();
        if (left != null) {
            props.setProperty(KEY, left);
        }
        return props;
    }
}
