package dev.switchboard.arch;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * The condition of ADR 49: what of a storage backend a class may not see outside the storage adapters. A class reads
 * no SQLSTATE and no driver error code ({@code getSQLState()}, {@code getErrorCode()} of a SQL exception), asks no
 * storage for its backend's name ({@code backend()} of {@code SqlStorage} or {@code StorageProvider}), and reads a
 * dialect constant ({@code SqlDialect.POSTGRES}, jOOQ's {@code SQLDialect.SQLITE}, also through an enum
 * {@code switch}) only when its top-level class is named {@code *Sql}: the one home of a statement that really
 * differs by dialect. Matched by names, as the platform rules' import leaves library classes unresolved.
 *
 * <p>Thread-safety: immutable.
 */
final class StorageBackendDetails {

    /** The suffix of a class that holds SQL differing by dialect. */
    static final String SQL_CLASS_SUFFIX = "Sql";

    private static final Set<String> DIALECTS =
            Set.of("dev.switchboard.ports.storage.SqlDialect", "org.jooq.SQLDialect");
    private static final Set<String> STORAGES =
            Set.of("dev.switchboard.ports.storage.SqlStorage", "dev.switchboard.ports.storage.StorageProvider");

    private StorageBackendDetails() {}

    /** @return the condition: no backend detail read, as the class comment says */
    static ArchCondition<JavaClass> readNone() {
        return new ArchCondition<>("read no SQLSTATE or driver error code, ask no storage for its backend's name, and"
                + " read a dialect constant only in a class named *" + SQL_CLASS_SUFFIX) {
            @Override
            public void check(JavaClass type, ConditionEvents events) {
                for (JavaMethodCall call : type.getMethodCallsFromSelf()) {
                    if (readsErrorCode(call) || asksForBackend(call)) {
                        events.add(SimpleConditionEvent.violated(call, call.getDescription()));
                    }
                }
                if (topLevelSimpleName(type).endsWith(SQL_CLASS_SUFFIX)) {
                    return;
                }
                for (JavaFieldAccess access : type.getFieldAccessesFromSelf()) {
                    if (DIALECTS.contains(access.getTargetOwner().getName())) {
                        events.add(SimpleConditionEvent.violated(
                                access, "branches on a SQL dialect: " + access.getDescription()));
                    }
                }
            }
        };
    }

    private static boolean readsErrorCode(JavaMethodCall call) {
        String name = call.getTarget().getName();
        String owner = call.getTargetOwner().getSimpleName();
        return name.equals("getSQLState")
                || (name.equals("getErrorCode") && owner.contains("SQL") && owner.endsWith("Exception"));
    }

    private static boolean asksForBackend(JavaMethodCall call) {
        return call.getTarget().getName().equals("backend")
                && STORAGES.contains(call.getTargetOwner().getName());
    }

    /** An enum switch reads the constants from a synthetic {@code Outer$1}: the top-level class decides. */
    private static String topLevelSimpleName(JavaClass type) {
        String name = type.getName().substring(type.getPackageName().length() + 1);
        int nested = name.indexOf('$');
        return nested < 0 ? name : name.substring(0, nested);
    }
}
