// The scheduling pages' messages, apart from the schemas: the public booking
// and cancel pages show them without loading zod (scheduling.schemas.ts builds
// its schemas with zod's full API when imported). Spec wording where it gives one.
export const schedulingMessages = {
  linkCreated: "Scheduling link created successfully",
  linkCreateFailed: "Failed to create scheduling link",
  linkDeleted: "Scheduling link deleted",
  linkDeleteFailed: "Failed to delete scheduling link",
  linksLoadFailed: "Failed to load scheduling links",
  linkCopied: "Link copied to clipboard",
  linkNotFound: "Scheduling link not found",
  linkLoadFailed: "Failed to load scheduling link",
  meetingScheduled: "Meeting scheduled successfully!",
  meetingFailed: "Failed to schedule meeting",
  requiredFields: "Please fill in all required fields",
  slotTaken: "That time was just booked. Please choose another time.",
  slotUnavailable: "That time is not available. Please choose another time.",
  meetingNotFound: "Meeting not found",
  meetingCancelled: "Your meeting has been cancelled",
  meetingStarted: "This meeting has already started and can no longer be cancelled",
  tooManyRequests: "Too many requests. Please wait a moment and try again.",
} as const;
