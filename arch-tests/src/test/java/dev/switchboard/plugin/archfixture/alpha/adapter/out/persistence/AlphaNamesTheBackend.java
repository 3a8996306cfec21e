package dev.switchboard.plugin.archfixture.alpha.adapter.out.persistence;

import dev.switchboard.ports.storage.SqlStorage;

/** Breaks {@code backend_details_stay_in_storage_adapters}: a feature retrying only on one backend, by its name. */
final class AlphaNamesTheBackend {

    private AlphaNamesTheBackend() {}

    static boolean retries(SqlStorage storage) {
        return storage.backend().equals("sqlite");
    }
}
