package io.retrying.jdbc.internal.config;

import java.sql.SQLException;
import java.util.Locale;

/** Parses {@code retry.*} values into numbers and booleans, with messages that name the key. */
public final class SettingValues {
    /** Longer values are cut in messages: a value is echoed to help, not to dump input. */
    private static final int MAX_SHOWN = 64;

    private SettingValues() {}

    static long integer(RetrySetting setting, String raw, long min, long max) throws SQLException {
        return integer(setting, raw, min, max, "an integer >= " + min);
    }

    static long integer(RetrySetting setting, String raw, long min, long max, String expected)
            throws SQLException {
        long value;
        try {
            value = Long.parseLong(raw == null ? "" : raw.trim());
        } catch (NumberFormatException e) {
            throw invalid(setting, raw, "must be " + expected);
        }
        if (value < min) {
            throw invalid(setting, raw, "must be " + expected);
        }
        if (value > max) {
            throw invalid(setting, raw, "must be <= " + max);
        }
        return value;
    }

    static boolean bool(RetrySetting setting, String raw) throws SQLException {
        String v = raw == null ? "" : raw.trim().toLowerCase(Locale.ROOT);
        return switch (v) {
            case "true" -> true;
            case "false" -> false;
            default -> throw invalid(setting, raw, "must be true or false");
        };
    }

    static SQLException invalid(RetrySetting setting, String raw, String expected) {
        return new SQLException("Invalid value for " + setting.key() + ": \"" + shown(raw) + "\" ("
                + expected + ")", RetryConfig.INVALID_SETTING_STATE);
    }

    /** A user-supplied string fit for a message: bounded, one line. */
    public static String shown(String raw) {
        if (raw == null) {
            return "";
        }
        String oneLine = raw.replaceAll("\\p{Cntrl}", "?");
        return oneLine.length() <= MAX_SHOWN ? oneLine : oneLine.substring(0, MAX_SHOWN) + "...";
    }
}
