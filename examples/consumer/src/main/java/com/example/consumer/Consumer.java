package com.example.consumer;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.retrying.jdbc.RetryPolicy;
import io.retrying.jdbc.RetryingDataSource;
import io.retrying.jdbc.RetryingDriver;
import io.retrying.jdbc.hikari.RetryingHikari;
import io.retrying.jdbc.micrometer.RetryingMetrics;
import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Driver;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * What an application that copied the README's snippets has: the API of every module the starter
 * brings compiles, the driver registers itself, Spring Boot finds the auto-configuration, and every
 * retrying-jdbc jar carries its licence, its module name and the one version the BOM gave. Needs no
 * server. Exits non-zero (an exception) when anything is missing.
 */
public final class Consumer {

    private static final String AUTO_CONFIGURATIONS =
            "META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports";

    public static void main(String[] args) throws Exception {
        Driver driver = DriverManager.getDriver("jdbc:retrying:postgresql://localhost:5432/app");
        require(driver instanceof RetryingDriver, "the URL prefix reaches " + driver);

        // the set-ups of Getting started, built but never connected
        DataSource wrapped = RetryingDataSource.builder(new PGSimpleDataSource())
                .policy(RetryPolicy.builder().maxAttempts(5).build())
                .build();
        require(wrapped != null, "RetryingDataSource.builder");
        Function<HikariConfig, HikariDataSource> under = RetryingHikari::under;
        require(under != null, "RetryingHikari.under");
        require(RetryingMetrics.of("orders") != null, "RetryingMetrics.of");

        String autoConfigurations = read(Consumer.class.getClassLoader().getResource(AUTO_CONFIGURATIONS));
        require(autoConfigurations.contains("io.retrying.jdbc.spring.RetryingJdbcAutoConfiguration"),
                AUTO_CONFIGURATIONS + " names the starter's auto-configuration: " + autoConfigurations);
        Class.forName("io.retrying.jdbc.spring.RetryingJdbcAutoConfiguration");

        List<String> jars = new ArrayList<>();
        TreeSet<String> versions = new TreeSet<>();
        for (URL url : Collections.list(Consumer.class.getClassLoader().getResources(JarFile.MANIFEST_NAME))) {
            if (!url.getProtocol().equals("jar") || !url.getPath().contains("/retrying-jdbc-")) {
                continue;
            }
            try (JarFile jar = ((JarURLConnection) url.openConnection()).getJarFile()) {
                Manifest manifest = jar.getManifest();
                String module = manifest.getMainAttributes().getValue("Automatic-Module-Name");
                String version = manifest.getMainAttributes().getValue("Implementation-Version");
                require(module != null && module.startsWith("io.retrying.jdbc"),
                        jar.getName() + ": Automatic-Module-Name " + module);
                require(jar.getEntry("META-INF/LICENSE") != null, jar.getName() + ": no META-INF/LICENSE");
                jars.add(module);
                versions.add(version);
            }
        }
        require(jars.containsAll(List.of("io.retrying.jdbc", "io.retrying.jdbc.hikari",
                        "io.retrying.jdbc.micrometer", "io.retrying.jdbc.spring")),
                "the starter brings core, hikari and micrometer: " + jars);
        require(versions.size() == 1, "one version of retrying-jdbc on the class path: " + versions);
        System.out.println("consumer: OK: " + jars + " at " + versions.first()
                + ", each with its licence and module name");
    }

    private static String read(URL url) throws IOException {
        require(url != null, AUTO_CONFIGURATIONS + " is not on the class path");
        try (InputStream in = url.openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalStateException("consumer: " + what);
        }
    }
}
