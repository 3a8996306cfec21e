package dev.switchboard.kernel.tools;

/** A tool declares an input schema that cannot be used; the plugin that contributes it fails to start. */
public class InvalidToolSchemaException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * @param toolName the tool
     * @param reason   what is wrong with its schema
     */
    public InvalidToolSchemaException(String toolName, String reason) {
        super("tool '" + toolName + "' has an unusable input schema: " + reason);
    }
}
