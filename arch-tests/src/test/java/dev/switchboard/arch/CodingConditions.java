package dev.switchboard.arch;

import static com.tngtech.archunit.base.DescribedPredicate.describe;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaFieldAccess;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.domain.ThrowsDeclaration;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;

/**
 * Conditions and access predicates that ArchUnit's fluent API does not offer as they are needed here.
 *
 * <p>Thread-safety: every member is immutable.
 */
final class CodingConditions {

    /** Throwable's {@code printStackTrace()}, which writes to standard error. Matched by name and arity alone,
     * because with library classes unresolved the owner ({@code IOException}, say) does not know it is a Throwable. */
    static final DescribedPredicate<JavaMethodCall> PRINT_STACK_TRACE = describe(
            "printStackTrace()",
            call -> call.getTarget().getName().equals("printStackTrace")
                    && call.getTarget().getRawParameterTypes().isEmpty());

    /** Any call, field access or constructor call whose target is declared in {@code java.util.logging}. */
    static final DescribedPredicate<JavaAccess<?>> JAVA_UTIL_LOGGING_TARGET = describe(
            "a member of java.util.logging",
            access -> access.getTargetOwner().getPackageName().startsWith("java.util.logging"));

    private CodingConditions() {}

    /**
     * Matches reads of a static field such as {@code System.err}, made from outside a package tree.
     *
     * @param owner          the class declaring the field
     * @param field          the field's name
     * @param allowedPackage a package (tree) whose classes may read it, or {@code null} for none
     * @return the predicate
     */
    static DescribedPredicate<JavaFieldAccess> readOf(Class<?> owner, String field, String allowedPackage) {
        String where = allowedPackage == null ? "" : " outside " + allowedPackage + "..";
        return describe(
                owner.getSimpleName() + "." + field + where,
                access -> access.getTarget().getOwner().isEquivalentTo(owner)
                        && access.getTarget().getName().equals(field)
                        && (allowedPackage == null || !inPackageTree(access.getOriginOwner(), allowedPackage)));
    }

    /**
     * A condition on methods and constructors: the throws clause names no checked exception, except where
     * {@code allowed} says so.
     *
     * @param allowed the recorded exceptions to the rule
     * @return the condition
     */
    static ArchCondition<JavaCodeUnit> declareNoCheckedExceptionsExcept(
            DescribedPredicate<? super ThrowsDeclaration<?>> allowed) {
        return new ArchCondition<>("declare no checked exception (except " + allowed.getDescription() + ")") {
            @Override
            public void check(JavaCodeUnit codeUnit, ConditionEvents events) {
                for (ThrowsDeclaration<?> declaration : codeUnit.getThrowsClause()) {
                    JavaClass thrown = declaration.getRawType();
                    if (!TypeKinds.isUncheckedThrowable(thrown) && !allowed.test(declaration)) {
                        events.add(SimpleConditionEvent.violated(
                                codeUnit,
                                codeUnit.getDescription()
                                        + " declares checked exception " + thrown.getName() + " in "
                                        + codeUnit.getSourceCodeLocation()));
                    }
                }
            }
        };
    }

    private static boolean inPackageTree(JavaClass type, String packageName) {
        return type.getPackageName().equals(packageName)
                || type.getPackageName().startsWith(packageName + ".");
    }
}
