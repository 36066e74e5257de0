import { createRouter } from "../../http/openapi.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function templateRoutes(_deps: FeatureDeps) {
  return createRouter();
}
