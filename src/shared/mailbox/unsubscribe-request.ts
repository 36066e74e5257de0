// An unsubscribe request written in a reply ("please remove me", "stop emailing
// me", "kein Interesse, bitte nicht mehr kontaktieren", "退订"): the address is
// suppressed and the sequence stops. Read only in the writer's own text (the
// quoted original carries our footer's unsubscribe link), and not when the
// sentence says the opposite ("I don't want to unsubscribe").
import { cjk, findAll, foldText, isNegated, words } from "./phrase-matching.ts";
import { normalizeReplySubject } from "./reply-subject.ts";

/** Requests, folded (no accents), by language. */
const REQUESTS = [
  ...words([
    // English
    "unsubscrib(?:e|ed|ing)",
    "opt(?:ed|ing)?[- ]?(?:me )?out",
    "remove (?:me|us|my (?:e-?mail|address|name|details|contact(?: details| info)?|data))",
    "take (?:me|us|my (?:e-?mail|address|name)) off",
    "off (?:your|the) (?:mailing |contact |distribution |e-?mail )?list",
    "(?:stop|quit|cease) (?:e-?mailing|mailing|contacting|messaging|spamming|writing to|sending (?:me|us|these|those)|reaching out)",
    "(?:do not|don't|dont|never|please don't|please do not) (?:contact|e-?mail|write to|message|bother|reach out to) (?:me|us)",
    "no more (?:e-?mails|emails|messages)",
    "leave me alone",
    "delete (?:my|our) (?:data|e-?mail|address|contact(?: details)?|details)",
    // German
    "abmelden",
    "abbestellen",
    "austragen",
    "tragen sie mich (?:bitte )?aus",
    "(?:aus|von) (?:ihrem|eurem|dem|diesem|ihrer) (?:verteiler|newsletter|mailing-?liste|e-?mail-?liste|liste)",
    "entfernen sie (?:mich|meine (?:adresse|e-?mail-adresse|daten))",
    "(?:keine|keinerlei) (?:weiteren |weitere )?(?:e-?mails|mails|nachrichten|zusendungen|werbung) mehr",
    "(?:kontaktieren|schreiben|anschreiben) sie mich (?:bitte )?nicht mehr",
    "(?:bitte )?nicht mehr (?:kontaktieren|anschreiben|anmailen)",
    "loschen sie (?:bitte )?(?:meine daten|mich|meine adresse)",
    // French
    "desabonn\\p{L}*",
    "desinscri\\p{L}*",
    "(?:retirez|supprimez|enlevez)[- ]moi",
    "(?:retirer|supprimer|enlever|effacer) (?:mon adresse|mon e-?mail|mes coordonnees|mes donnees)",
    "ne (?:plus )?m(?:e |')(?:contactez|contacter|recontactez|ecrivez|envoyez|ecrire)(?: plus| pas)?",
    "ne plus (?:me |m')?(?:contacter|recevoir|ecrire|solliciter)",
    "arretez de m(?:e |')(?:envoyer|ecrire|contacter|solliciter)",
    "(?:je )?ne (?:souhaite|veux|desire) plus (?:recevoir|etre contacte)",
    // Spanish
    "(?:dar(?:me|nos)?|denme|dame|darse) de baja",
    "desuscrib\\p{L}*",
    "(?:eliminenme|eliminarme|eliminame|borrenme|borrarme|borrame|quitenme|quitarme|quitame|saquenme|sacarme|sacame)",
    "no (?:me|nos) (?:contacten|contactes|escriban|escribas|envien|envies|manden|mandes|vuelvan a (?:contactar|escribir)) mas",
    "no (?:me|nos) vuelvan a (?:contactar|escribir)",
    "dejen de (?:enviarme|escribirme|contactarme|mandarme)",
    "no quiero recibir mas",
    // Portuguese
    "descadastr\\p{L}*",
    "(?:cancelar|cancele|cancelem) (?:a |minha )?(?:inscricao|assinatura)",
    "(?:remova|removam|retire|retirem|tire|tirem|exclua|excluam)[- ]me",
    "me (?:remova|removam|retire|retirem|tire|tirem|exclua|excluam)",
    "nao me (?:contate|contatem|contacte|contactem|envie|enviem|mande|mandem|escreva|escrevam|procure|procurem) mais",
    "(?:parem|pare) de me (?:enviar|mandar|contatar|contactar|escrever)",
    "nao quero (?:mais )?receber",
    // Dutch
    "afmelden",
    "uitschrijven",
    "schrijf (?:me|mij) uit",
    "haal (?:me|mij) (?:van|uit) (?:de|uw|jullie|je|het) (?:mailing)?(?:lijst|bestand)",
    "verwijder (?:me|mij|mijn (?:gegevens|e-?mailadres|adres))",
    "(?:neem|neemt) geen contact meer(?: met (?:me|mij))? op",
    "stuur (?:me|mij) geen (?:e-?mails|mails|berichten) meer",
    "(?:ik )?wil geen (?:e-?mails|mails|berichten) meer",
    // Italian
    "disiscriv\\p{L}*",
    "cancellatemi",
    "cancellarmi",
    "rimuovetemi",
    "rimuovermi",
    "toglietemi",
    "togliermi",
    "non (?:contattatemi|scrivetemi|mi contattate|mi scrivete|mi contattare|mi scrivere|inviatemi|mi inviate) piu",
    "smettete(?:la)? di (?:scrivermi|inviarmi|contattarmi|mandarmi)",
    "non (?:voglio|desidero) (?:piu )?ricevere",
  ]),
  ...cjk([
    "退订",
    "退訂",
    "取消订阅",
    "取消訂閱",
    "不要再(?:给我|給我)?(?:发|發)",
    "别再(?:给我)?(?:发|发送)",
    "請勿再(?:聯繫|發送)",
    "请勿再(?:联系|发送|发)",
    "不要再联系我",
    "从(?:你们的)?(?:邮件)?列表中(?:删除|移除)",
    "拒收",
  ]),
];

/** A whole reply that is only a command: "STOP", "Unsubscribe.", "退订". */
const COMMANDS = new Set([
  "stop",
  "remove",
  "remove me",
  "unsubscribe",
  "unsubscribe me",
  "opt out",
  "abmelden",
  "austragen",
  "desabonner",
  "desinscrire",
  "baja",
  "de baja",
  "descadastrar",
  "afmelden",
  "uitschrijven",
  "disiscrivimi",
  "cancellami",
  "退订",
  "取消订阅",
]);

/**
 * Our footer (and newsletter footers in general) quoted back without quote
 * marks: "Unsubscribe: https://…", "Unsubscribe [https://…]", "To unsubscribe,
 * click here", "If you no longer wish to receive these emails…".
 */
const FOOTER_LINE =
  /^\W*(?:to unsubscribe|click here to unsubscribe|if you (?:no longer wish|do not wish|don't want|would prefer not) to receive|you (?:are )?receiv(?:ed|ing) this (?:e-?mail|message)|unsubscribe (?:here|from (?:this|our|these) \w+)|manage (?:your )?(?:e-?mail )?(?:preferences|subscriptions?)|update your (?:e-?mail )?preferences|(?:um sich|zum) ab(?:zu)?melden|pour vous desinscrire|para (?:darse|dar) de baja|para cancelar (?:a|sua) inscricao|om je af te melden|per annullare l'iscrizione)/i;
const URL = /(?:https?:\/\/|mailto:|www\.)\S+/gi;
const HAS_URL = /(?:https?:\/\/|mailto:|www\.)\S/i;
// Tried at the start of a word only (the lookbehind): /\S+@\S+\.\S+/ tried at every
// position took quadratic time on a long word without "@" (32 KB: 3 s).
const EMAIL_ADDRESS = /(?<!\S)[^\s@]+@[^\s@]+\.\S*/g;
const LINK_ONLY_WORD =
  /^\W*(?:unsubscribe|abmelden|desabonner|desinscription|baja|descadastrar|afmelden|disiscriviti)\W*$/i;

/** Drops footers quoted back and every link, keeping the writer's sentences. */
function withoutFooters(ownText: string): string {
  return ownText
    .split(/\r?\n/)
    .filter((line) => {
      const folded = foldText(line).folded.trim();
      if (FOOTER_LINE.test(folded)) return false;
      // "Unsubscribe: https://…" / "Unsubscribe <https://…>" is a link, not a sentence.
      return !(HAS_URL.test(folded) && LINK_ONLY_WORD.test(folded.replace(URL, "")));
    })
    .join("\n")
    .replace(URL, " ")
    .replace(EMAIL_ADDRESS, " ");
}

/**
 * A subject that is only a command ("unsubscribe"): what our List-Unsubscribe
 * mailto asks for, and what mail clients send for the person when they click
 * their own Unsubscribe button (Gmail's carries automatic-message wording, so
 * this is read before the auto-reply rules). The rule, or null.
 */
export function unsubscribeSubject(subject: string): string | null {
  const bare = normalizeReplySubject(subject)
    .replace(/[^\p{L}\p{N} ]/gu, "")
    .trim();
  return COMMANDS.has(bare) ? `subject "${subject.trim()}" (unsubscribe request)` : null;
}

/**
 * The rule that makes a reply an unsubscribe request, or null. `ownText` is the
 * reply without its quoted original (#shared/mailbox/quoted-text.ts).
 */
export function detectUnsubscribeRequest(ownText: string, subject = ""): string | null {
  const bySubject = unsubscribeSubject(subject);
  if (bySubject) return bySubject;
  const cleaned = withoutFooters(ownText).trim();
  // "STOP" alone, or on the first line above a signature.
  const firstLine = cleaned.split("\n")[0]!.trim();
  const command = foldText(firstLine)
    .folded.toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, "")
    .trim();
  if (COMMANDS.has(command)) return `the reply says "${firstLine}" (unsubscribe request)`;
  const text = foldText(cleaned);
  for (const match of findAll(text, REQUESTS)) {
    if (!isNegated(text.folded, match)) return `phrase "${match.phrase}" (unsubscribe request)`;
  }
  return null;
}
