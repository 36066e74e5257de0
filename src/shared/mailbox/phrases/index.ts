// The languages the mailbox rules read, one data file each; a new language is a
// new file listed here. The rules (../classify-reply.ts, ../auto-reply.ts,
// ../unsubscribe-request.ts) read each list in every language, in the order of
// `languages`, through ../phrase-matching.ts (phrasePatterns, phraseList,
// isNegated). Data only: nothing here imports the rules.
import { de } from "./de.ts";
import { en } from "./en.ts";
import { es } from "./es.ts";
import { fr } from "./fr.ts";
import { it } from "./it.ts";
import { nl } from "./nl.ts";
import type { Phrases } from "./phrases.ts";
import { pt } from "./pt.ts";
import { zh } from "./zh.ts";

export type { Phrases };

export const languages: readonly Phrases[] = [en, de, fr, es, pt, nl, it, zh];
