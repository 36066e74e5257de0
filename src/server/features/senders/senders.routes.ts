import { createRouter } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function senderRoutes(_deps: FeatureDeps) {
  return createRouter();
}
