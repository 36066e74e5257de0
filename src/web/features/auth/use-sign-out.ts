import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authClient } from "#web/lib/auth-client.ts";

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
