// What a server's words say about why a delivery failed, for the replies
// whose status code is too broad to say it (5.7.1, 5.0.0, 550, 554) or that
// carry none. The patterns run in order and the first that matches wins, so a
// more specific wording comes before a broader one that may appear in the
// same reply: "blocked using Spamhaus" is a block list before "spam" is spam
// content; "Sender address rejected: Domain not found" is about our sender
// before "domain not found" is the recipient's domain; "invalid mailbox ...
// account is disabled" is a disabled mailbox before "invalid mailbox" is an
// unknown user. Wordings come from the servers' own replies (the bounce
// corpus in src/server/mailbox/fixtures/bounces names each source) and the
// providers' published error lists (docs/decisions/028-bounce-reasons.md).
import type { FailureReason } from "../db-enums.ts";

/**
 * The recipient's storage is full: checked before every status code, because
 * servers file it under codes of their own (Orange: "552 5.1.1 Boite du
 * destinataire pleine"), and a full mailbox must never be taken for an
 * unknown user (it would suppress a real person's address). "Sending quota"
 * and the like are the sender's limits, not the recipient's storage.
 */
export const MAILBOX_FULL =
  /mailbox (?:is |for user is )?full|(?:mailbox|inbox|account|user|recipient) (?:is )?(?:over ?quota|overquota)|over ?quota|recipient overquota|(?<!(?:sending|send|daily|hourly|relay|rate|message|recipient|connection) )quota exceeded|exceeded (?:the |their |his |her )?(?:storage|mailbox)(?: quota| size| allocation| limit)?|exceeded storage allocation|mailbox (?:size|storage) (?:limit )?exceeded|inbox is out of storage|out of storage|storage (?:space )?(?:is )?(?:full|exceeded)|account storage limit|postfach (?:ist )?voll|boite (?:aux lettres |du destinataire |mail )?(?:est )?pleine|buzon (?:esta )?lleno|caixa (?:de correio |postal )?(?:esta )?cheia|mailbox (?:is )?vol|casella (?:di posta )?(?:e )?piena|邮箱已满|邮箱空间不足|信箱已滿|ящик переполнен/;

/**
 * Our sender's address or domain was refused (not the recipient's): checked
 * before every status code too, because servers answer it under the codes of
 * the recipient's address ("550 5.1.2 Sender Domain Not Found"), and taking it
 * for the recipient's would suppress a good address.
 */
export const SENDER_REFUSED =
  /sender (?:address|domain) (?:rejected|denied|blocked|not found|does not exist|is invalid|unknown)|sender domain (?:must exist|not allowed)|sender verify failed|from:? domain is invalid|mail from not owned|not owned by user|invalid sender|emetteur invalide/;

/** The sender's limits: a quota, a rate, too many at once. */
const RATE_LIMIT =
  /\brate\b|rate[- ]?limit|too many (?:messages|mails|emails|connections|recipients|sessions|concurrent|requests|login attempts)|throttl|(?:sending|send|daily|hourly|relay|message|recipient|connection) (?:quota|limit)|quota (?:exceeded|reached)|limit (?:exceeded|reached)|exceeded (?:the |its |your )?.{0,20}limit|slow down|excessive volume|receiving mail too quickly|mail flood|frequency (?:of receiving messages is )?limited|too much mail/;
/** A temporary refusal that only asks to come back later is a throttle too (it is retried). */
const TEMPORARY_THROTTLE = new RegExp(`${RATE_LIMIT.source}|try again later|temporarily deferred|deferred due to`);

type Rule = { pattern: RegExp; reason: FailureReason; only?: "temporary" | "permanent" };

const rule = (reason: FailureReason, pattern: RegExp, only?: Rule["only"]): Rule => ({ pattern, reason, only });

/** In order: the first pattern that matches the folded text gives the reason. */
export const diagnosticTextRules: readonly Rule[] = [
  // Greylisting asks to come back in a few minutes: not a limit, not a block; nor is a server's own trouble.
  rule("other", /gr[ea]y-?list|temporary system problem|local error in processing/),
  // Our own sending account refused by its provider (Google Workspace: "Mail Sending denied").
  rule("sender_login", /mail sending denied|sender account is (?:disabled|not registered)/),
  // The receiver's authentication checks of our domain, most specific first.
  rule("auth_dmarc", /\bdmarc\b/),
  rule(
    "auth_unspecified",
    /\bspf\b.{0,40}\b(?:and|or|nor)\b.{0,10}\bdkim\b|\bdkim\b.{0,40}\b(?:and|or|nor)\b.{0,10}\bspf\b/,
  ),
  rule("auth_dkim", /\bdkim\b|domainkeys/),
  rule("auth_spf", /\bspf\b|sender policy framework/),
  rule(
    "auth_unspecified",
    /unauthenticated (?:e-?mail|mail|message|sender)|sender is unauthenticated|(?:does not|doesn't|fails? to|did not|didn't) pass authentication|authentication (?:checks|information|requirements|level)|not (?:properly )?authenticated by (?:the )?sending domain|anti-?spoofing/,
  ),
  rule(
    "reverse_dns",
    /reverse (?:dns|hostname|lookup|mapping|name)|\bptr\b|\brdns\b|cannot find your hostname|does not resolve to your|no (?:reverse|ptr) record|client host .{0,40}(?:unknown|does not resolve)|helo .{0,40}(?:does not resolve|reverse)/,
  ),
  rule("mailbox_full", MAILBOX_FULL),
  rule(
    "mailbox_disabled",
    /(?:mailbox|account|user|recipient|address) (?:is |has been |was |is currently )?(?:disabled|suspended|inactive|deactivated|frozen|terminated|discontinued|archived|locked)|(?:disabled|suspended|inactive|deactivated|archived|frozen) (?:mailbox|account|recipient)|account that you tried to reach is (?:disabled|inactive)|no longer (?:active|in use|accepting mail)|recipient account is ?blocked|compte du destinataire est bloque|boite du destinataire archivee|archived recipient/,
  ),
  rule(
    "reputation",
    /block ?list|black ?list|deny ?list|blocklisted|spamhaus|spamcop|barracuda|sorbs|\b(?:dns)?rbl\b|\bdnsbl\b|\bsurbl\b|cloudmark|senderscore|proofpoint|(?<!not )(?:listed|listing) (?:at|on|in|by)|is in an rbl|reputation|banned (?:sending )?(?:ip|sender|host)|(?:is|been) banned|bad outbound sender|too many (?:spams|invalid recipients)|spams? from your ip|suspected spam ip|(?:ip|host|sender|server|network|domain)(?: address)? (?:\[?[\w.:-]+\]? )?(?:has been |is |was )?(?:temporarily )?(?:blocked|blacklisted|banned)|blocked (?:by|for|due to) (?!.{0,20}(?:content|attachment))|client host (?:\[?[\w.:-]+\]? )?blocked|\((?:bl|rbl)\)|\(s3150\)|\bsc-00\d\b|\btss0\d\b|user complaints|bloquee pour incident de spam/,
  ),
  rule("rate_limited", TEMPORARY_THROTTLE, "temporary"),
  rule(
    "content",
    /\bspam\b|unsolicited|\bjunk\b|phish|bulk mail|dt:spm|content (?:judged|considered|detected|identified) (?:to be |as )?(?:spam|junk)|suspicious due to the nature of the content|nature of the content/,
  ),
  rule(
    "message_too_big",
    /too (?:big|large)|size (?:limit|exceeds|exceeded)|exceeds? (?:the |google's )?(?:fixed )?(?:maximum )?(?:message )?size|message size|message length exceeds|mesg too big|taille limite/,
  ),
  rule("rate_limited", RATE_LIMIT),
  rule(
    "content",
    /virus|malware|infected|content (?:rejected|filter|denied|policy)|prohibited (?:content|attachment|file)|message content|attachment|banned (?:word|file|content)|security issue|not rfc ?5322 compliant|malformed (?:message|mail)|header error|invalid characters|bare (?:lf|line feed)|url in this e-?mail/,
  ),
  // Relaying refused: before the recipient's domain and user.
  rule(
    "policy",
    /relay(?:ing)? (?:access )?(?:denied|not permitted|prohibited|not allowed)|not permitted to relay|unable to relay|we do not relay|allowed rcpthosts|not in (?:the )?(?:whitelist|allowlist)|resolver\.rst\.|will not accept delivery|envelope blocked/,
  ),
  rule(
    "domain_not_found",
    /domain (?:name )?(?:not found|does not exist|doesn't exist|unknown|is invalid|invalid|not valid)|host (?:or domain name )?(?:not found|unknown)|unknown (?:host|domain)|no such domain|nxdomain|\bno mx\b|null mx|no mail (?:hosts?|servers?|exchangers?) for|unroutable domain|unrouteable mail domain|(?:domain|host) does not accept mail|couldn'?t find any host|could not find any host|domain .{0,60}(?:couldn't|could not|can't|cannot) be found|name or service not known|domain name unknown|no (?:valid )?mx (?:records?|hosts?)/,
  ),
  rule(
    "bad_address_syntax",
    /address syntax|mailbox name not allowed|syntax error in (?:the )?(?:address|mailbox|recipient|parameters)|malformed (?:e-?mail |recipient )?address|(?:bad|invalid|illegal) (?:recipient |destination |e-?mail )?address (?:syntax|format)|address format (?:is )?(?:not valid|invalid)|illegal (?:character|address)|not (?:a )?valid rfc ?(?:2821|5321|822|5322) address|unbalanced|domain (?:name )?required|user address required|invalid (?:address|mailbox) format|email address format is not valid/,
  ),
  // Gave up after retrying: before the network wording the last attempt may quote.
  rule(
    "expired",
    /retry time ?out exceeded|retry timeout|delivery (?:time|period|retry|attempts?) (?:has |have )?(?:expired|exceeded)|message expired|envelope expired|queue expired|expired after|could not be delivered (?:for|within|in) (?:the last )?\d+|cannot send message for \d+|(?:been|was) in the queue too long|too long in (?:the )?queue|\bgave up\b|giving up|delivery timeout|maximum (?:queue|delivery) (?:time|lifetime)|no longer (?:be )?retried|will not be retried/,
  ),
  rule(
    "user_unknown",
    /user unknown|unknown (?:user|recipient|mailbox|address|local ?part|alias)|unknown or illegal alias|no such (?:user|mailbox|recipient|address|account|person|local user)|(?:user|recipient|mailbox|address|account|addressee|person) (?:is )?(?:not found|unknown|not known|not listed)|(?:does not|doesn't|not) exist|invalid (?:recipient|mailbox|user|address)|not a (?:valid|known) (?:recipient|user|mailbox|address)|recipient (?:rejected|not found|invalid)|recipient address rejected|mailbox (?:unavailable|not found|not available|unknown)|no mailbox|no account|not our customer|addressee unknown|bad destination mailbox|unrout(?:e)?able address|doesn't have an? .{1,40} account|does not have an? .{1,40} account|not listed in (?:domino directory|public name)|no longer on server|no longer (?:exists|valid|available)|undeliverable address|address (?:is )?(?:invalid|unknown|not found|rejected)|(?:couldn't|could not|can't|cannot) be found|(?:wasn't|was not) found|recip(?:ient)?notfound|resolver\.adr|unbekannt|existiert nicht|utilisateur inconnu|adresse (?:e-?mail )?inconnue|destinataire (?:invalide|inconnu)|n'existe pas|usuario (?:desconocido|no existe)|no existe|utente (?:sconosciuto|inesistente|non esistente)|non esiste|bestaat niet|onbekend|用户不存在|收件人不存在|不存在|не существует|не найден/,
  ),
  rule(
    "sender_login",
    /authentication (?:failed|failure|unsuccessful|required|credentials)|auth(?:entication)? (?:failed|error)|invalid credentials|credentials|password|\blog ?in\b|\blogin\b|must issue a starttls|not authenticated to send|client was not authenticated|authenticated relay/,
  ),
  rule(
    "network",
    /connection (?:timed out|refused|reset|closed|lost|dropped|expired)|timed? ?out|network (?:is )?unreachable|no route to host|host (?:is )?unreachable|not reachable|(?:could not|couldn't|unable to|cannot|failed to) (?:connect|establish)|connect to .{0,80} failed|tls (?:negotiation |handshake )?failed|lost connection|did not accept our requests to connect|could not contact dns servers|dns lookup failed|temporary failure in name resolution|econnrefused|etimedout|ehostunreach/,
  ),
  rule(
    "policy",
    /polic(?:y|ies)|not authori[sz]ed|administrative prohibition|prohibited|access denied|denied|refused|rejected|not (?:permitted|allowed|accepted)|blocked/,
  ),
];

/** Accents and case folded, runs of white space made one: the form the patterns are written in. */
export function foldDiagnostic(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .toLowerCase();
}

/** The reason the text gives, if any pattern knows it. `text` is folded (foldDiagnostic). */
export function reasonFromText(text: string, temporary: boolean): FailureReason | undefined {
  for (const { pattern, reason, only } of diagnosticTextRules) {
    if (only === "temporary" && !temporary) continue;
    if (only === "permanent" && temporary) continue;
    if (pattern.test(text)) return reason;
  }
  return undefined;
}

/** Spam filtering (category spam) rather than a virus, an attachment or a content rule (content_filtered). */
export function saysSpam(text: string): boolean {
  return /\bspam\b|unsolicited|\bjunk\b|phish|bulk mail|dt:spm|nature of the content/.test(text);
}
