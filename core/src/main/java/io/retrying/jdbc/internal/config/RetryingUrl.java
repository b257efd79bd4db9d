package io.retrying.jdbc.internal.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Properties;

/**
 * Splits a {@code jdbc:retrying:postgresql:} URL and its {@code Properties} into what pgjdbc gets
 * (the URL without {@code retrying:} and without {@code retry.*} parameters; the other properties)
 * and this library's {@code retry.*} settings.
 *
 * <p>As in pgjdbc, a parameter in the URL wins over the same key in the {@code Properties}.
 * The URL itself is never put into a message: it may hold a password.
 *
 * @param pgUrl the URL for pgjdbc, {@code jdbc:postgresql:...}
 * @param pgProps the properties for pgjdbc (a copy; {@code retry.*} removed)
 * @param retryProps the {@code retry.*} settings, from the URL and the properties
 */
public record RetryingUrl(String pgUrl, Properties pgProps, Properties retryProps) {

    /** The prefix this library's driver accepts. */
    public static final String PREFIX = "jdbc:retrying:postgresql:";

    private static final String PG_PREFIX = "jdbc:postgresql:";

    /** Whether {@code url} is one of ours. */
    public static boolean accepts(String url) {
        return url != null && url.startsWith(PREFIX);
    }

    /**
     * Splits a URL that {@link #accepts} accepts.
     *
     * @param info the caller's properties; may be null; not modified
     * @throws SQLException SQLState 22023 when a {@code retry.} parameter cannot be decoded
     */
    public static RetryingUrl split(String url, Properties info) throws SQLException {
        if (!accepts(url)) {
            throw new IllegalArgumentException("not a " + PREFIX + " URL");
        }
        String rest = url.substring(PREFIX.length());
        Properties pgProps = new Properties();
        Properties retryProps = new Properties();
        if (info != null) {
            for (String key : info.stringPropertyNames()) {
                String value = info.getProperty(key);
                (RetrySetting.isRetryKey(key) ? retryProps : pgProps).setProperty(key, value);
            }
        }
        int q = rest.indexOf('?');
        if (q < 0) {
            return new RetryingUrl(PG_PREFIX + rest, pgProps, retryProps);
        }
        StringBuilder kept = new StringBuilder(rest.length());
        for (String param : rest.substring(q + 1).split("&")) {
            if (param.isEmpty()) {
                continue;
            }
            int eq = param.indexOf('=');
            String rawName = eq < 0 ? param : param.substring(0, eq);
            if (RetrySetting.isRetryKey(rawName)) {
                String rawValue = eq < 0 ? "" : param.substring(eq + 1);
                retryProps.setProperty(rawName, decode(rawName, rawValue));
                continue;
            }
            kept.append(kept.length() == 0 ? '?' : '&').append(param);
        }
        return new RetryingUrl(PG_PREFIX + rest.substring(0, q) + kept, pgProps, retryProps);
    }

    /**
     * Fails with SQLState 22023 when pgjdbc cannot parse {@code pgUrl}: pgjdbc's own complaint
     * quotes the URL, password and all.
     *
     * @param who what was given the URL, for the message
     */
    public static void checkParsable(String pgUrl, Properties pgProps, String who) throws SQLException {
        if (org.postgresql.Driver.parseURL(pgUrl, pgProps) == null) {
            throw new SQLException(who + " is not a valid PostgreSQL JDBC URL"
                    + " (expected jdbc:postgresql://host:port/database or jdbc:retrying:postgresql://...)",
                    RetryConfig.INVALID_SETTING_STATE);
        }
    }

    private static String decode(String name, String rawValue) throws SQLException {
        try {
            return URLDecoder.decode(rawValue, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            RetrySetting setting = RetrySetting.forKey(name);
            if (setting == null) {
                throw new SQLException(RetrySetting.unknownKeyMessage(SettingValues.shown(name)),
                        RetryConfig.INVALID_SETTING_STATE);
            }
            throw SettingValues.invalid(setting, rawValue, "not URL-encoded correctly");
        }
    }
}
