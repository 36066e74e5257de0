import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { authClient } from "#web/lib/auth-client.ts";

/** Queries that do not depend on who is signed in. */
const sharedQueryKeys = new Set(["app-info", "outbox"]);

/**
 * Forgets every user-scoped cached query once the signed-in user changes (sign
 * out, or another account), after the session store says so: clearing earlier
 * would make mounted queries refetch as a user who is no longer signed in.
 */
export function UserCacheReset() {
  const queryClient = useQueryClient();
  const session = authClient.useSession();
  const userId = session.isPending ? undefined : (session.data?.user.id ?? null);
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (userId === undefined) return;
    if (previous.current !== undefined && previous.current !== userId) {
      queryClient.removeQueries({ predicate: (q) => !sharedQueryKeys.has(String(q.queryKey[0])) });
    }
    previous.current = userId;
  }, [userId, queryClient]);
  return null;
}
