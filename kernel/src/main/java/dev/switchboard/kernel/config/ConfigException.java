package dev.switchboard.kernel.config;

/** The configuration file or an environment override cannot be used; the message names the file or key. */
public class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @param message what is wrong and where */
    public ConfigException(String message) {
        super(message);
    }

    /**
     * @param message what is wrong and where
     * @param cause   the parser's exception
     */
    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
