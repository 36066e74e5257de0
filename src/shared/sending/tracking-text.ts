// What the app says about open tracking, wherever the option or its figures appear.

/** Beside every open-tracking option: what a pixel costs (SpamAssassin's HTML_IMAGE_ONLY rules). */
export const PIXEL_COST = "A tracking pixel can add spam score to short messages.";

/** Shown instead of an open figure when opens are not tracked (never 0%: nothing was measured). */
export const NOT_TRACKED = "—";
export const NOT_TRACKED_EXPLANATION = "Open tracking is off for this campaign";
