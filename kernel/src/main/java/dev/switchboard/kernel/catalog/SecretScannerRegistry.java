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

    /**
     * Without contributed scanners (the usual case) the default scanner's findings are the answer, sorted only when
     * there are several: this runs for every text of every write (a send scans its topic and body), so it builds no
     * stream over the contributions then.
     */
    @Override
    public List<SecretFinding> scan(String field, String text) {
        if (extra.isEmpty()) {
            List<SecretFinding> found = defaults.scan(field, text);
            return found.size() < 2
                    ? found
                    : found.stream()
                            .sorted(Comparator.comparingInt(SecretFinding::offset))
                            .toList();
        }
        return Stream.concat(Stream.of(defaults), extra.stream())
                .flatMap(s -> s.scan(field, text).stream())
                .sorted(Comparator.comparingInt(SecretFinding::offset))
                .toList();
    }
}
