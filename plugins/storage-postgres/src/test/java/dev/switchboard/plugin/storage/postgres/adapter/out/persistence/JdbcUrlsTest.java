package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JdbcUrlsTest {

    @Test
    void credentialsAreStrippedAndOtherParametersKept() {
        assertThat(JdbcUrls.withoutCredentials(
                        "jdbc:postgresql://db.example:5432/sb?user=app&password=s3cret&sslmode=require"))
                .isEqualTo("jdbc:postgresql://db.example:5432/sb?sslmode=require");
        assertThat(JdbcUrls.withoutCredentials("jdbc:postgresql://app:s3cret@db.example/sb?PASSWORD=x"))
                .isEqualTo("jdbc:postgresql://db.example/sb");
        assertThat(JdbcUrls.withoutCredentials("jdbc:postgresql://localhost/sb"))
                .isEqualTo("jdbc:postgresql://localhost/sb");
    }

    @Test
    void aPasswordInTheQueryOrTheUserInfoIsDetected() {
        assertThat(JdbcUrls.carriesPassword("jdbc:postgresql://h/sb?password=x"))
                .isTrue();
        assertThat(JdbcUrls.carriesPassword("jdbc:postgresql://h/sb?ssl=true&Password=x"))
                .isTrue();
        assertThat(JdbcUrls.carriesPassword("jdbc:postgresql://app:x@h/sb")).isTrue();
        assertThat(JdbcUrls.carriesPassword("jdbc:postgresql://app@h/sb?user=app"))
                .isFalse();
        assertThat(JdbcUrls.carriesPassword("jdbc:postgresql://h:5432/sb")).isFalse();
    }
}
