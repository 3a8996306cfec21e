package dev.switchboard.kernel.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * Options every command shares: where the installation and the configuration file are. The installation directory
 * is {@code --home}, else the {@code switchboard.home} system property (set by {@code bin/switchboard}), else
 * {@code SWITCHBOARD_HOME}, else the current directory.
 */
final class ConfigOptions {

    @Option(names = "--home", paramLabel = "DIR", description = "Installation directory (config/, plugins/).")
    Path home;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Configuration file (default: <home>/config/application.yaml).")
    Path config;

    SwitchboardConfig load() {
        Path userHome = Path.of(System.getProperty("user.home"));
        return new ConfigLoader().load(home(), config, System.getenv(), userHome);
    }

    Path home() {
        if (home != null) {
            return home.toAbsolutePath().normalize();
        }
        String property = System.getProperty("switchboard.home");
        String env = System.getenv("SWITCHBOARD_HOME");
        String chosen = property != null ? property : env != null ? env : ".";
        return Path.of(chosen).toAbsolutePath().normalize();
    }
}
