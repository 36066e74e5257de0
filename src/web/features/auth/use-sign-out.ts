import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { authClient } from "#web/lib/auth-client.ts";

/** Signs out, forgets every cached query of the user, and goes to /auth. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { error } = await authClient.signOut();
    if (error) {
      console.warn("sign-out failed", error.code ?? error.status);
      toast.error("Logout Error", { description: "Failed to sign out" });
      return;
    }
    queryClient.clear();
    toast.success("Signed out successfully");
    navigate("/auth", { replace: true });
  }, [navigate, queryClient]);
}
