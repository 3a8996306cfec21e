package dev.switchboard.kernel.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.switchboard.ports.health.HealthCheck;
import dev.switchboard.ports.health.HealthFinding;

class PluginHealthChecksTest {

    @Test
    void aWarningAndAnUnknownArePrintedAsSuchAndLeaveTheDoctorHealthy() {
        DoctorReport report = new DoctorReport();

        new PluginHealthChecks(report)
                .examine(Map.of(
                        "storage-postgres",
                        List.of(check(
                                HealthFinding.ok("connected"),
                                HealthFinding.warning("plain text to db.internal"),
                                HealthFinding.unknown("whether pg_hba.conf lets role sb in")))));

        assertThat(report.lines())
                .containsExactly(
                        "ok: storage-postgres postgres: connected",
                        "warning: storage-postgres postgres: plain text to db.internal",
                        "unknown: storage-postgres postgres: whether pg_hba.conf lets role sb in",
                        "healthy");
        assertThat(report.healthy()).isTrue();
    }

    @Test
    void aProblemMakesTheDoctorUnhealthy() {
        DoctorReport report = new DoctorReport();

        new PluginHealthChecks(report)
                .examine(Map.of(
                        "storage-postgres", List.of(check(HealthFinding.problem("PostgreSQL 13.2 is too old")))));

        assertThat(report.lines())
                .containsExactly("problem: storage-postgres postgres: PostgreSQL 13.2 is too old", "1 problem found");
        assertThat(report.healthy()).isFalse();
    }

    private static HealthCheck check(HealthFinding... findings) {
        return new HealthCheck() {
            @Override
            public String name() {
                return "postgres";
            }

            @Override
            public List<HealthFinding> examine() {
                return List.of(findings);
            }
        };
    }
}
