package dev.switchboard.plugin.storage.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.switchboard.plugin.storage.postgres.adapter.out.persistence.PostgresConfig;
import dev.switchboard.ports.plugin.PluginContext;
import dev.switchboard.ports.storage.StorageException;

class PostgresSettingsTest {

    private static final String URL = "jdbc:postgresql://db.example:5432/sb";

    @TempDir
    Path dir;

    private PostgresConfig read(Map<String, Object> settings, Map<String, String> env) {
        return PostgresSettings.from(new PluginContext("storage-postgres", settings, dir), env, dir);
    }

    @Test
    void aUrlAloneIsEnoughAndTheDefaultsApply() {
        PostgresConfig config = read(Map.of("url", URL), Map.of());

        assertThat(config)
                .isEqualTo(new PostgresConfig(
                        URL, Optional.empty(), Optional.empty(), "public", 10, 30_000, 10_000, 5_000, 30_000));
    }

    @Test
    void everySettingIsRead() throws IOException {
        Path secret = ownerOnly("pg.password", "s3cret\n");
        Map<String, Object> settings = new HashMap<>();
        settings.put("url", URL);
        settings.put("user", "app");
        settings.put("password-file", secret.toString());
        settings.put("schema", "team_a");
        settings.put("pool-size", 4);
        settings.put("statement-timeout-ms", 1000);
        settings.put("lock-timeout-ms", 0);
        settings.put("connect-timeout-ms", 800);
        settings.put("signal-resync-ms", 5000);

        PostgresConfig config = read(settings, Map.of());

        assertThat(config)
                .isEqualTo(new PostgresConfig(
                        URL, Optional.of("app"), Optional.of("s3cret"), "team_a", 4, 1000, 0, 800, 5000));
        assertThat(config.toString()).doesNotContain("s3cret").contains("password=(set)");
    }

    @Test
    void thePasswordComesFromTheNamedEnvironmentVariable() {
        assertThat(read(Map.of("url", URL), Map.of("SWITCHBOARD_POSTGRES_PASSWORD", "fromenv"))
                        .password())
                .contains("fromenv");
        assertThat(read(Map.of("url", URL, "password-env", "PGPASS_TEAM"), Map.of("PGPASS_TEAM", "team"))
                        .password())
                .contains("team");
    }

    @Test
    void aPasswordInTheUrlIsRefusedWithoutShowingIt() {
        assertThatThrownBy(() -> read(Map.of("url", URL + "?password=s3cret"), Map.of()))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("plugins.storage-postgres.url")
                .hasMessageContaining("password-file")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aPasswordFileOpenToOthersIsRefused() throws IOException {
        Path secret = ownerOnly("pg.password", "s3cret");
        Files.setPosixFilePermissions(secret, PosixFilePermissions.fromString("rw-r--r--"));

        assertThatThrownBy(() -> read(Map.of("url", URL, "password-file", secret.toString()), Map.of()))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("chmod 600")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aPasswordFileThatIsASymbolicLinkIsRefused() throws IOException {
        Path secret = ownerOnly("pg.password", "s3cret");
        Path link = Files.createSymbolicLink(dir.resolve("pg.link"), secret);

        assertThatThrownBy(() -> read(Map.of("url", URL, "password-file", link.toString()), Map.of()))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining(link + " (plugins.storage-postgres.password-file) is missing or not a regular"
                        + " file (a symbolic link is refused too)")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aPasswordFileWhoseFirstLineIsEmptyIsRefused() throws IOException {
        Path file = ownerOnly("blank-first", "\ns3cret\n");

        assertThatThrownBy(() -> read(Map.of("url", URL, "password-file", file.toString()), Map.of()))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("is empty")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void aMissingOrEmptyPasswordFileIsRefused() throws IOException {
        assertThatThrownBy(() -> read(Map.of("url", URL, "password-file", "absent"), Map.of()))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining(dir.resolve("absent").toString());
        Path empty = ownerOnly("empty", "");
        assertThatThrownBy(() -> read(Map.of("url", URL, "password-file", empty.toString()), Map.of()))
                .hasMessageContaining("is empty");
    }

    @Test
    void aPasswordFileAndAPasswordVariableTogetherAreRefused() throws IOException {
        Path secret = ownerOnly("pg.password", "s3cret");

        assertThatThrownBy(() -> read(
                        Map.of("url", URL, "password-file", secret.toString()),
                        Map.of("SWITCHBOARD_POSTGRES_PASSWORD", "other")))
                .isInstanceOf(StorageException.class)
                .hasMessageContaining("not both");
    }

    @Test
    void malformedValuesAreRefusedNamingTheKey() {
        assertThatThrownBy(() -> read(Map.of(), Map.of())).hasMessageContaining("plugins.storage-postgres.url");
        assertThatThrownBy(() -> read(Map.of("url", "jdbc:mysql://h/db"), Map.of()))
                .hasMessageContaining("jdbc:postgresql:");
        assertThatThrownBy(() -> read(Map.of("url", URL, "schema", "Team-A; DROP"), Map.of()))
                .hasMessageContaining("plugins.storage-postgres.schema");
        assertThatThrownBy(() -> read(Map.of("url", URL, "pool-size", 0), Map.of()))
                .hasMessageContaining("plugins.storage-postgres.pool-size");
        assertThatThrownBy(() -> read(Map.of("url", URL, "passwd", "x"), Map.of()))
                .hasMessageContaining("passwd");
    }

    private Path ownerOnly(String name, String content) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, content);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }
}
