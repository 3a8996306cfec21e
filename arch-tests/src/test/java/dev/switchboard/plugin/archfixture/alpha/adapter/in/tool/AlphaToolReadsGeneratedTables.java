package dev.switchboard.plugin.archfixture.alpha.adapter.in.tool;

import dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence.generated.AlphaTables;

/** Breaks {@code generated_jooq_code_is_used_only_by_its_persistence_adapter}: a tool naming a table. */
final class AlphaToolReadsGeneratedTables {

    String table() {
        return AlphaTables.alphaThing();
    }
}
