package dev.switchboard.plugin.storage.postgres;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.HbaRule;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PlainTextCheck;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresSqlStorage;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresVersion;
import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.ServerFacts;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;
import dev.switchboard.ports.storage.StorageException;

/**
 * What {@code switchboard doctor} reports about the PostgreSQL backend when it is the one opened: that the server
 * answers, its version against {@link PostgresVersion#MINIMUM_MAJOR}, each plugin's recorded schema version, whether
 * the connection to a non-loopback server may be plain text (a warning: {@link PlainTextCheck}), and whether
 * {@code pg_hba.conf} lets the adapter's role in without a password from a non-loopback address (an "unknown"
 * finding when the role may not read {@code pg_hba_file_rules}). Reports nothing when another backend is selected.
 */
@Extension
public final class PostgresHealthCheck implements HealthCheck {

    private final PostgresStorageProvider provider;

    /** @param provider the plugin's provider, whose open storage is examined */
    @Inject
    public PostgresHealthCheck(PostgresStorageProvider provider) {
        this.provider = provider;
    }

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public List<HealthFinding> examine() {
        return provider.opened().map(PostgresHealthCheck::examine).orElse(List.of());
    }

    private static List<HealthFinding> examine(PostgresSqlStorage storage) {
        ServerFacts facts;
        try {
            facts = storage.facts();
        } catch (StorageException e) {
            return List.of(HealthFinding.problem("cannot reach PostgreSQL at " + storage.location() + ": "
                    + e.getMessage() + "; check that the server runs and plugins.storage-postgres.url"));
        }
        List<HealthFinding> findings = new ArrayList<>();
        findings.add(HealthFinding.ok("connected to PostgreSQL at " + storage.location() + " as " + facts.role()));
        findings.add(PlainTextCheck.warning(storage.location())
                .map(HealthFinding::warning)
                .orElseGet(() -> HealthFinding.ok("the connection is loopback or requires TLS")));
        String version = "PostgreSQL " + facts.serverVersion();
        findings.add(
                facts.supported()
                        ? HealthFinding.ok(
                                version + ": supported (Switchboard needs " + PostgresVersion.requirement() + ")")
                        : HealthFinding.problem(version + " is too old: Switchboard needs "
                                + PostgresVersion.requirement() + "; upgrade the server"));
        findings.add(HealthFinding.ok("schema " + facts.schema() + " migrations: " + describe(facts.migrations())));
        findings.add(passwordless(facts));
        return findings;
    }

    private static String describe(Map<String, Integer> migrations) {
        if (migrations.isEmpty()) {
            return "none applied yet";
        }
        return migrations.entrySet().stream()
                .map(e -> e.getKey() + " at version " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    private static HealthFinding passwordless(ServerFacts facts) {
        if (facts.passwordless().isEmpty()) {
            return HealthFinding.unknown("whether pg_hba.conf lets role " + facts.role() + " in without a password from"
                    + " non-loopback addresses (the role may not read pg_hba_file_rules; a superuser can check"
                    + " pg_hba.conf)");
        }
        List<HbaRule> rules = facts.passwordless().get();
        if (rules.isEmpty()) {
            return HealthFinding.ok(
                    "pg_hba.conf lets role " + facts.role() + " in without a password from loopback addresses only");
        }
        return HealthFinding.problem("pg_hba.conf lets role " + facts.role() + " in without a password from"
                + " non-loopback addresses: "
                + rules.stream()
                        .map(r -> "line " + r.line() + " (" + r.type() + " " + r.address() + " " + r.method() + ")")
                        .collect(Collectors.joining(", "))
                + "; require scram-sha-256 there");
    }
}
