package dev.switchboard.kernel.cli;

import java.nio.file.Path;
import java.util.Map;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * Where the installation, the configuration file and the state are. The installation directory is {@code --home},
 * else the {@code switchboard.home} system property (set by {@code bin/switchboard}), else {@code SWITCHBOARD_HOME},
 * else the current directory. The user's home directory (for {@code ~}) is {@code $HOME} when it is set to an
 * absolute path, else the account's home the JVM reports.
 *
 * @param home     the {@code --home} value, or null
 * @param config   the {@code --config} value, or null
 * @param stateDir the {@code --state-dir} value, or null
 */
record Settings(Path home, Path config, Path stateDir) {

    SwitchboardConfig load() {
        Map<String, String> env = System.getenv();
        return new ConfigLoader()
                .load(
                        installation(),
                        config,
                        env,
                        userHome(env, System.getProperty("user.home")),
                        stateDir == null ? null : stateDir.toAbsolutePath().normalize());
    }

    /**
     * @param env            the environment
     * @param accountHome    the JVM's {@code user.home}
     * @return {@code $HOME} when it is an absolute path, else {@code accountHome}
     */
    static Path userHome(Map<String, String> env, String accountHome) {
        String home = env.get("HOME");
        if (home != null && !home.isBlank() && Path.of(home).isAbsolute()) {
            return Path.of(home);
        }
        return Path.of(accountHome);
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
