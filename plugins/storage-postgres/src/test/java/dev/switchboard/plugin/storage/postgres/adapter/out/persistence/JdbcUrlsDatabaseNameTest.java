package dev.switchboard.plugin.storage.postgres.adapter.out.persistence;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** What a client is shown of a JDBC URL: the database's name, never the host, port or a credential. */
class JdbcUrlsDatabaseNameTest {

    @Test
    void theDatabaseNameIsReadWithoutHostPortOrCredentials() {
        assertThat(JdbcUrls.databaseName("jdbc:postgresql://db.internal.example:6543/team_store?user=a&password=s"))
                .hasValue("team_store");
        assertThat(JdbcUrls.databaseName("jdbc:postgresql://h1:5432,h2:5433/two_hosts?targetServerType=primary"))
                .hasValue("two_hosts");
    }

    @Test
    void aUrlTheDriverCannotReadHasNoName() {
        assertThat(JdbcUrls.databaseName("jdbc:mysql://host/db")).isEmpty();
    }
}
