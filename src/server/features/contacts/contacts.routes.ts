import { createRouter } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function contactRoutes(_deps: FeatureDeps) {
  return createRouter();
}
