import { useCallback } from "react";
import { useNavigate } from "react-router";
import { authClient } from "#web/lib/auth-client.ts";
import { toast } from "#web/lib/toast.ts";

/** Signs out and goes to /auth; UserCacheReset then forgets the user's cached data. */
export function useSignOut() {
  const navigate = useNavigate();
  return useCallback(async () => {
    const { error } = await authClient.signOut();
    if (error) {
      console.warn("sign-out failed", error.code ?? error.status);
      toast.error("Logout Error", { description: "Failed to sign out" });
      return;
    }
    toast.success("Signed out successfully");
    navigate("/auth", { replace: true });
  }, [navigate]);
}
