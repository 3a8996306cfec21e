package dev.switchboard.ports.tool;

import java.util.List;
import java.util.Optional;

/**
 * The tools the server offers right now: every tool of every started plugin, under its final wire name. Implemented
 * by the kernel, read by transports. Thread-safe.
 */
public interface ToolCatalog {

    /** @return every listed tool, sorted by name */
    List<ToolDescriptor> tools();

    /**
     * @param name a wire name
     * @return the tool of that name, or empty
     */
    Optional<ToolDescriptor> find(String name);
}
