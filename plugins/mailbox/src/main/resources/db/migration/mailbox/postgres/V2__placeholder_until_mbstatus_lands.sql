-- PLACEHOLDER on branch g-hosted only: version 2 belongs to g-mbstatus. The migration plan needs versions 1..n
-- without gaps, so this branch carries a no-op V2 until g-mbstatus's V2 is merged; the merge deletes this file and
-- keeps theirs (V3, the hosted registry, does not depend on V2).
SELECT 1;
