// BACKBONE STUB (branch backbone-14 only): the helper replaces this file.
import type {
  BookedMeeting,
  BookMeeting,
  PublicLink,
  PublicMeeting,
  SlotList,
} from "#shared/scheduling/scheduling.schemas.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function createBookingService(_deps: FeatureDeps) {
  const todo = (): never => {
    throw new AppError("service_unavailable", "not built yet");
  };
  return {
    link: async (_code: string): Promise<PublicLink> => todo(),
    slots: async (_code: string, _date: string): Promise<SlotList> => todo(),
    book: async (_code: string, _input: BookMeeting): Promise<BookedMeeting> => todo(),
    meeting: async (_token: string): Promise<PublicMeeting> => todo(),
    cancel: async (_token: string): Promise<PublicMeeting> => todo(),
  };
}
