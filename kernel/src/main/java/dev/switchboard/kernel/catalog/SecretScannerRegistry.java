package dev.switchboard.kernel.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import dev.switchboard.ports.secrets.SecretFinding;
import dev.switchboard.ports.secrets.SecretScanner;

/**
 * The scanner every plugin gets: the kernel's default rules plus the scanners started plugins contribute, findings
 * merged in offset order. Thread-safe.
 */
public final class SecretScannerRegistry implements SecretScanner {

    private final SecretScanner defaults;
    private final Contributions<SecretScanner> extra = new Contributions<>();

    /** @param defaults the kernel's default scanner */
    public SecretScannerRegistry(SecretScanner defaults) {
        this.defaults = defaults;
    }

    /**
     * @param owner       the plugin id
     * @param contributed the plugin's scanners
     */
    public void register(String owner, List<SecretScanner> contributed) {
        extra.add(owner, contributed);
    }

    /** @param owner the plugin whose scanners to withdraw */
    public void unregister(String owner) {
        extra.remove(owner);
    }

    @Override
    public List<SecretFinding> scan(String field, String text) {
        return Stream.concat(Stream.of(defaults), extra.stream())
                .flatMap(s -> s.scan(field, text).stream())
                .sorted(Comparator.comparingInt(SecretFinding::offset))
                .toList();
    }
}
