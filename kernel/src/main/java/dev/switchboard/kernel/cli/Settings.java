package dev.switchboard.kernel.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.switchboard.kernel.config.ConfigLoader;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * Where the installation, the configuration file and the state are. The installation directory is {@code --home},
 * else the {@code switchboard.home} system property (set by {@code bin/switchboard}), else {@code SWITCHBOARD_HOME},
 * else the current directory. The user's home directory (for {@code ~}) is {@code $HOME} when it is set to an
 * absolute path, else the account's home the JVM reports. Public for the hooks' direct path (ADR 25), which reads
 * the configuration by these same rules without starting the kernel. Immutable.
 *
 * @param home     the {@code --home} value, or null
 * @param config   the {@code --config} value, or null
 * @param stateDir the {@code --state-dir} value, or null
 */
public record Settings(Path home, Path config, Path stateDir) {

    /** The options every command has that say where things are, with their long names, in the order of the record. */
    static final List<String> LOCATION_OPTIONS = List.of("home", "config", "state-dir");

    /**
     * Reads {@code --home}, {@code --config} and {@code --state-dir} (as {@code --name VALUE} or {@code --name=VALUE})
     * from a command line whose other options are not known yet: a plugin's subcommand is found in the plugins the
     * installation holds, so its options are known only once these three are. Everything is parsed again, by Commons
     * CLI, once the subcommand is found; a malformed value is refused there.
     *
     * @param args the whole command line
     * @return where things are
     */
    public static Settings peek(String[] args) {
        Map<String, String> found = new java.util.HashMap<>();
        for (int i = 0; i < args.length; i++) {
            for (String name : LOCATION_OPTIONS) {
                String flag = "--" + name;
                if (args[i].equals(flag) && i + 1 < args.length) {
                    found.put(name, args[i + 1]);
                } else if (args[i].startsWith(flag + "=")) {
                    found.put(name, args[i].substring(flag.length() + 1));
                }
            }
        }
        return new Settings(path(found.get("home")), path(found.get("config")), path(found.get("state-dir")));
    }

    private static Path path(String value) {
        return value == null ? null : Path.of(value);
    }

    /**
     * @return the configuration these locations name, with the process's environment overrides
     * @throws dev.switchboard.kernel.config.ConfigException if the file is unreadable or malformed
     */
    public SwitchboardConfig load() {
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
     * @return the configuration of the defaults at these locations: {@code --home} and {@code --state-dir}, without
     *     the file or the environment (for finding a plugin's subcommand when {@link #load()} refuses the configuration)
     */
    SwitchboardConfig defaults() {
        Map<String, String> env = System.getenv();
        return new ConfigLoader()
                .defaults(
                        installation(),
                        userHome(env, System.getProperty("user.home")),
                        stateDir == null ? null : stateDir.toAbsolutePath().normalize());
    }

    /**
     * The state directory a command line printed for later must carry so that it reaches the same state, however it
     * was set: {@code --state-dir}, {@code SWITCHBOARD_KERNEL__STATE_DIR} (which the later process's environment may
     * lack) or {@code kernel.state-dir} in the file (a relative value there is taken from the working directory, which
     * the later process may not share).
     *
     * @param config the configuration these locations loaded ({@link #load()})
     * @return its state directory, absolute, unless it is the default {@code ~/.switchboard}, which the later process
     *     finds on its own
     */
    Optional<Path> stateDirToCarry(SwitchboardConfig config) {
        Path stateDir = config.kernel().stateDir().toAbsolutePath().normalize();
        Path fallback = ConfigLoader.defaultStateDir(userHome(System.getenv(), System.getProperty("user.home")));
        return stateDir.equals(fallback) ? Optional.empty() : Optional.of(stateDir);
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
