package dev.switchboard.plugin.mailbox.hook.adapter.out.file;

import java.nio.file.Path;

import dev.switchboard.plugin.mailbox.hook.application.port.out.HookFailure;
import dev.switchboard.plugin.mailbox.hook.application.port.out.TokenSource;
import dev.switchboard.secretfiles.SecretFile;
import dev.switchboard.secretfiles.SecretFileRefusal;

/**
 * Reads a role token file as the original's CLI does, by the shared owner-only rule ({@link SecretFile}): not a
 * symbolic link, a regular file owned by the user running the command, no group or other permission bits, at most
 * 4 KiB and not empty. The token is the content without surrounding white space. Stateless and thread-safe.
 */
public final class TokenFile implements TokenSource {

    private static final int MAX_BYTES = 4096;

    @Override
    public String read(Path file) {
        try {
            return SecretFile.readOwnerOnly(file, MAX_BYTES).strip();
        } catch (SecretFileRefusal e) {
            String why = e.reason() == SecretFileRefusal.Reason.MODE_BITS
                    ? "is readable or writable by others (chmod 600 it)"
                    : e.detail();
            throw new HookFailure(HookFailure.Kind.SETUP, "the token file " + file + " " + why);
        }
    }
}
