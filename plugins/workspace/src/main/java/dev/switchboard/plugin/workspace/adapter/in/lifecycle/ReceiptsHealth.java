package dev.switchboard.plugin.workspace.adapter.in.lifecycle;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jakarta.inject.Inject;

import org.pf4j.Extension;

import dev.switchboard.plugin.workspace.application.ReceiptRetention;
import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

/**
 * The {@code doctor}'s report on request-key receipts: how many, the oldest one's age, the retention limits, how many
 * the start-up pruning deleted, and where they are stored. A problem when they cannot be read, when the start-up
 * pruning failed, or when they exceed a limit (pruning is not keeping up). Thread-safe.
 */
@Extension
public final class ReceiptsHealth implements HealthCheck {

    private final ReceiptRetention retention;

    @Inject
    ReceiptsHealth(ReceiptRetention retention) {
        this.retention = retention;
    }

    @Override
    public String name() {
        return "receipts";
    }

    @Override
    public List<HealthFinding> examine() {
        ReceiptRetention.Report report;
        try {
            report = retention.report();
        } catch (RuntimeException e) {
            return List.of(HealthFinding.problem("cannot read the workspace receipts: " + e.getMessage()
                    + "; check the storage (switchboard doctor reports it too)"));
        }
        List<HealthFinding> findings = new ArrayList<>();
        Duration age = report.census().oldest() == null
                ? Duration.ZERO
                : Duration.between(report.census().oldest(), report.now());
        findings.add(HealthFinding.ok(
                report.census().count() + " receipt(s) in " + report.census().location()
                        + (report.census().oldest() == null ? "" : ", oldest " + age.toDays() + " day(s) old")));
        findings.add(HealthFinding.ok("retention: at most " + report.maxAge().toDays() + " days and "
                + report.maxCount() + " receipts (plugins.workspace.receipts.max-age-days, .max-count)"));
        if (report.prunedAtStart() == null) {
            findings.add(HealthFinding.ok("the receipts have not been pruned since start-up yet"));
        } else if (report.prunedAtStart() < 0) {
            findings.add(HealthFinding.problem(
                    "pruning the receipts at start-up failed (see the log); they grow" + " until it succeeds"));
        } else {
            findings.add(HealthFinding.ok(report.prunedAtStart() + " receipt(s) pruned at start-up"));
        }
        if (report.census().count() > report.maxCount() || age.compareTo(report.maxAge()) > 0) {
            findings.add(HealthFinding.problem("receipts exceed the retention limits; pruning runs at start-up and"
                    + " hourly, so check the log for its failures"));
        }
        return findings;
    }
}
