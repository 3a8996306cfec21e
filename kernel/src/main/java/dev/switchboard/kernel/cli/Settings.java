package dev.switchboard.kernel.cli;

import java.nio.file.Path;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * Where the installation and the configuration file are. The installation directory is {@code --home}, else the
 * {@code switchboard.home} system property (set by {@code bin/switchboard}), else {@code SWITCHBOARD_HOME}, else the
 * current directory.
 *
 * @param home   the {@code --home} value, or null
 * @param config the {@code --config} value, or null
 */
record Settings(Path home, Path config) {

    SwitchboardConfig load() {
        Path userHome = Path.of(System.getProperty("user.home"));
        return new ConfigLoader().load(installation(), config, System.getenv(), userHome);
    }

    Path installation() {
        if (home != null) {
            return home.toAbsolutePath().normalize();
        }
        String property = System.getProperty("switchboard.home");
        String env = System.getenv("SWITCHBOARD_HOME");
        String chosen = property != null ? property : env != null ? env : ".";
        return Path.of(chosen).toAbsolutePath().normalize();
    }
}
