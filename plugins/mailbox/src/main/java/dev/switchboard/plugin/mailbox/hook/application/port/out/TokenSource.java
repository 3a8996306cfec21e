package dev.switchboard.plugin.mailbox.hook.application.port.out;

import java.nio.file.Path;

/** Reads a role token from its file, refusing a file others could read or replace. */
public interface TokenSource {

    /**
     * @param file the token file
     * @return the token, stripped of surrounding white space
     * @throws HookFailure {@code SETUP} when the file is not a regular file (a symbolic link included, which is not
     *                     followed), is not owned by the user, has group or other permission bits, or is empty
     */
    String read(Path file);
}
