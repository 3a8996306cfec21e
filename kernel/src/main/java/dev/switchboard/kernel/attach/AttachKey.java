package dev.switchboard.kernel.attach;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import dev.switchboard.kernel.config.KernelSettings;
import dev.switchboard.kernel.config.SwitchboardConfig;

/**
 * The key of the shared server a configuration selects: 16 lowercase hex characters of a SHA-256 over
 * everything that cannot differ inside one server process, so that a session whose process-wide settings differ from
 * a running server's gets a server of its own, never a silently different configuration. Computed here, and only
 * here, by the attach client and the server alike.
 *
 * <p>The inputs, in this order, each length-prefixed so that no two input sets encode alike:
 *
 * <ol>
 *   <li>the build id ({@code BuildInfo.version() + "@" + BuildInfo.buildTime()});
 *   <li>the Java runtime: {@code java.home} and {@code java.runtime.version};
 *   <li>the installation directory and the kernel settings except {@code transports} and {@code attach}: state and
 *       plugins directories, storage, tool prefixes (sorted), authentication (required, token file);
 *   <li>every {@code plugins.<id>} subtree, ids sorted, keys sorted at every level, scalars as their text, without
 *       the keys that plugin declares as session settings ({@link SessionDeclarations});
 *   <li>the name, size and modification time of each {@code *.zip} directly in the plugins directory, by name;
 *   <li>the bytes of the plugins directory's {@code disabled.txt} and {@code enabled.txt} (absent differs from
 *       empty).
 * </ol>
 *
 * Session variables (such as {@code AI_AGENT_CHANNEL_ROLE}) never enter the configuration, so they do not change the
 * key either. Stateless and thread-safe.
 */
public final class AttachKey {

    /** The number of hex characters of a key. */
    public static final int LENGTH = 16;

    private static final List<String> PLUGIN_LISTS = List.of("disabled.txt", "enabled.txt");

    private AttachKey() {}

    /**
     * @param config  the effective configuration, as {@code ConfigLoader} read it (before any {@code serve} option
     *                changed it)
     * @param buildId the build id, {@code version@buildTime}
     * @return the key: 16 lowercase hex characters
     * @throws UncheckedIOException if the plugins directory, a plugin zip or a plugin list cannot be read
     */
    public static String of(SwitchboardConfig config, String buildId) {
        Digest digest = new Digest();
        digest.text("build").text(buildId);
        digest.text("java")
                .text(System.getProperty("java.home", ""))
                .text(System.getProperty("java.runtime.version", ""));
        KernelSettings kernel = config.kernel();
        digest.text("kernel")
                .text(config.home().toString())
                .text(kernel.stateDir().toString())
                .text(kernel.pluginsDir().toString())
                .text(kernel.storage())
                .value(kernel.toolPrefixes())
                .text(String.valueOf(kernel.auth().required()))
                .text(kernel.auth().tokenFile().toString())
                .text(String.valueOf(kernel.auth().generateIfMissing()));
        SessionDeclarations declarations = SessionDeclarations.read(kernel.pluginsDir());
        Map<String, Object> plugins = new TreeMap<>();
        config.plugins().forEach((id, subtree) -> plugins.put(id, withoutKeys(subtree, declarations.settingsOf(id))));
        digest.text("plugins").value(plugins);
        digest.text("zips");
        for (Path zip : SessionDeclarations.zips(kernel.pluginsDir())) {
            digest.text(zip.getFileName().toString())
                    .text(String.valueOf(size(zip)))
                    .text(modified(zip));
        }
        for (String list : PLUGIN_LISTS) {
            digest.text(list).bytes(listBytes(kernel.pluginsDir().resolve(list)));
        }
        return digest.key();
    }

    private static Map<String, Object> withoutKeys(Map<String, Object> subtree, Set<String> keys) {
        Map<String, Object> kept = new TreeMap<>(subtree);
        kept.keySet().removeAll(keys);
        return kept;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the size of " + file, e);
        }
    }

    private static String modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the modification time of " + file, e);
        }
    }

    /** The file's bytes, or null when it does not exist. */
    private static byte[] listBytes(Path file) {
        if (!Files.exists(file)) {
            return null;
        }
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /** A SHA-256 fed with tagged, length-prefixed fields. Not thread-safe. */
    private static final class Digest {

        private final MessageDigest sha;

        Digest() {
            try {
                sha = MessageDigest.getInstance("SHA-256");
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException("the JDK has no SHA-256", e);
            }
        }

        Digest text(String text) {
            return bytes(text.getBytes(StandardCharsets.UTF_8));
        }

        /** A field: its length (-1 for absent) as 4 bytes, then its bytes. */
        Digest bytes(byte[] bytes) {
            int length = bytes == null ? -1 : bytes.length;
            sha.update(
                    new byte[] {(byte) (length >>> 24), (byte) (length >>> 16), (byte) (length >>> 8), (byte) length});
            if (bytes != null) {
                sha.update(bytes);
            }
            return this;
        }

        /** A configuration value: maps with sorted keys, lists in order, anything else as its text. */
        Digest value(Object value) {
            if (value instanceof Map<?, ?> map) {
                Map<String, Object> sorted = new TreeMap<>();
                map.forEach((key, item) -> sorted.put(String.valueOf(key), item));
                text("{").text(String.valueOf(sorted.size()));
                sorted.forEach((key, item) -> text(key).value(item));
            } else if (value instanceof List<?> list) {
                text("[").text(String.valueOf(list.size()));
                list.forEach(this::value);
            } else if (value == null) {
                bytes(null);
            } else {
                text("=").text(String.valueOf(value));
            }
            return this;
        }

        String key() {
            return HexFormat.of().formatHex(sha.digest()).substring(0, LENGTH);
        }
    }
}
