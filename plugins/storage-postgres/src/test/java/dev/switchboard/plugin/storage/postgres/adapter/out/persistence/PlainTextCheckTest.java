package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlainTextCheckTest {

    @ParameterizedTest
    @ValueSource(
            strings = {
                "jdbc:postgresql://localhost:5432/switchboard",
                "jdbc:postgresql://127.0.0.1/switchboard",
                "jdbc:postgresql://127.0.4.2:5433/switchboard?sslmode=disable",
                "jdbc:postgresql://[::1]:5432/switchboard",
                "jdbc:postgresql:switchboard",
                "jdbc:postgresql://db.internal/switchboard?sslmode=require",
                "jdbc:postgresql://db.internal/switchboard?sslmode=verify-ca",
                "jdbc:postgresql://10.0.0.5:5432/switchboard?sslmode=verify-full&sslrootcert=/etc/ca.pem",
                "jdbc:postgresql://db.internal/switchboard?ssl=true",
                "not a jdbc url"
            })
    void aLoopbackHostOrRequiredTlsIsNoWarning(String url) {
        assertThat(PlainTextCheck.warning(url)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "jdbc:postgresql://db.internal:5432/switchboard",
                "jdbc:postgresql://db.internal/switchboard?sslmode=prefer",
                "jdbc:postgresql://db.internal/switchboard?sslmode=allow",
                "jdbc:postgresql://db.internal/switchboard?sslmode=disable",
                "jdbc:postgresql://db.internal/switchboard?ssl=false",
                "jdbc:postgresql://localhost,db.internal/switchboard"
            })
    void aRemoteHostWithoutRequiredTlsIsAWarningNamingItAndTheFix(String url) {
        assertThat(PlainTextCheck.warning(url))
                .hasValueSatisfying(warning -> assertThat(warning)
                        .startsWith("the connection to PostgreSQL on db.internal may travel as plain text (sslmode=")
                        .contains("add sslmode=verify-full (or require) to plugins.storage-postgres.url"));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "jdbc:postgresql://10.1.2.3/switchboard",
                "jdbc:postgresql://10.1.2.3/switchboard?user=sb&password=secret"
            })
    void theWarningNamesTheModeAndNeverACredential(String url) {
        assertThat(PlainTextCheck.warning(url))
                .hasValueSatisfying(warning -> assertThat(warning)
                        .contains("on 10.1.2.3 may travel")
                        .contains("(sslmode=prefer;")
                        .doesNotContain("secret"));
    }
}
