// BACKBONE STUB (branch backbone-14 only): the helper replaces this file.
import type { CreateLink, SchedulingLinkDto, UpdateLink } from "#shared/scheduling/scheduling.schemas.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function createSchedulingService(_deps: FeatureDeps) {
  const todo = (): never => {
    throw new AppError("service_unavailable", "not built yet");
  };
  return {
    list: async (_userId: string): Promise<SchedulingLinkDto[]> => todo(),
    create: async (_userId: string, _input: CreateLink): Promise<SchedulingLinkDto> => todo(),
    update: async (_userId: string, _id: string, _input: UpdateLink): Promise<SchedulingLinkDto> => todo(),
    remove: async (_userId: string, _id: string): Promise<void> => todo(),
  };
}
