package io.retrying.jdbc.internal.config;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

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

    /** A setting's or identifier's name: letters, digits, '_' and '$', and at most one '.' between parts. */
    private static final Pattern NAME =
            Pattern.compile("[A-Za-z_][A-Za-z0-9_$]*(\\.[A-Za-z_][A-Za-z0-9_$]*)?");

    /** A comma-separated list of setting names (empty for none); each must be a plain name. */
    static List<String> names(RetrySetting setting, String raw) throws SQLException {
        List<String> names = new ArrayList<>();
        for (String part : (raw == null ? "" : raw).split(",")) {
            String name = part.trim();
            if (name.isEmpty()) {
                continue;
            }
            if (!NAME.matcher(name).matches()) {
                throw invalid(setting, name, "each must be a setting's name, such as app.tenant");
            }
            names.add(name.toLowerCase(Locale.ROOT));
        }
        return List.copyOf(names);
    }

    /**
     * Setting names given in code ({@code RetryingDataSource.Builder.sessionSettings}), checked as
     * {@link #names} checks the key's value.
     *
     * @throws IllegalArgumentException naming the first that is not a setting's name
     */
    public static List<String> settingNames(String... names) {
        try {
            return names(RetrySetting.SESSION_SETTINGS, String.join(",", List.of(names)));
        } catch (SQLException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
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
