// What the app says about open and click tracking, wherever the options or their figures appear.

/** Beside every open-tracking option: what a pixel costs (SpamAssassin's HTML_IMAGE_ONLY rules). */
export const PIXEL_COST = "A tracking pixel can add spam score to short messages.";

/** Shown instead of an open figure when opens are not tracked (never 0%: nothing was measured). */
export const NOT_TRACKED = "—";
export const NOT_TRACKED_EXPLANATION = "Open tracking is off for this campaign";

/**
 * Beside every click-tracking option: what rewriting links costs
 * (docs/decisions/031-tracking-hosts-and-click-tracking.md). Filters compare
 * a link's domain with the sender's and with the text shown, and a domain
 * many senders share carries their reputation.
 */
export const CLICK_COST =
  "Links go through a tracking address first. Links on a domain other than your sender's can cost deliverability, and with the open pixel longer links can add spam score: set a tracking domain of your own on the Deliverability page.";
