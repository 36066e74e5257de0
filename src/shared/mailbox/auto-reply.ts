// Auto-replies: stored and shown, but not replies, so the sequence goes on.
// One kind of auto-reply stops it anyway: "the person has left" / "this mailbox
// is no longer monitored" (the address is as dead as a bounced one).
//
// Signals, strongest first:
//   1. RFC 3834 headers and their older cousins: Auto-Submitted (any value but
//      "no"), X-Autoreply, X-Autorespond, X-Autoresponder, Precedence: auto_reply.
//      X-Auto-Response-Suppress is not one: Outlook puts it on ordinary mail too.
//      Precedence: bulk/junk/list only counts with an out-of-office subject or phrase
//      (newsletters carry it).
//   2. An out-of-office or automatic-reply subject ("Automatic reply: …",
//      "Abwesenheitsnotiz", "Réponse automatique", "自动回复" …), but not
//      "Re: Automatic reply: …" (a person answering an auto-reply).
//   3. A sentence only a machine writes ("This is an automatic reply").
//   4. A weaker one: an out-of-office sentence in the text ("I am out of the office
//      until …"). People write those too ("I'm on holiday until Monday, but let's
//      talk then"), so the caller treats this signal as an auto-reply only when the
//      text shows no human intent (#shared/mailbox/analyze-inbound.ts).
import { cjk, findFirst, foldText, words } from "./phrase-matching.ts";
import { stripReplyPrefixes } from "./reply-subject.ts";

export type AutoReplySignal = {
  /** The rule that fired, in plain words (shown on hover in Email Classification). */
  rule: string;
  /** Headers, subject or a machine-only sentence; false for an out-of-office sentence alone. */
  decisive: boolean;
};

export type PersonLeft = {
  rule: string;
  /** The mailbox itself says it is not read ("no longer monitored"): no human wrote that. */
  mailboxUnread: boolean;
};

const OUT_OF_OFFICE_SUBJECT = [
  ...words([
    "out of (?:the )?office",
    "ooo",
    "automatic reply",
    "auto(?:matic)?[- ]?reply",
    "auto(?:matic)?[- ]?response",
    "autoresponder",
    "away from (?:the |my )?office",
    "vacation (?:reply|response|notice|message)",
    "holiday (?:reply|notice|message)",
    "abwesenheitsnotiz",
    "abwesenheitsmeldung",
    "abwesenheit",
    "abwesend",
    "automatische (?:antwort|ruckantwort|nachricht)",
    "nicht im buro",
    "absente? du bureau",
    "absence du bureau",
    "reponse automatique",
    "message d'absence",
    "fuera de (?:la )?oficina",
    "respuesta automatica",
    "ausente",
    "ausencia",
    "resposta automatica",
    "fora do escritorio",
    "afwezig",
    "afwezigheid",
    "automatisch antwoord",
    "niet op kantoor",
    "fuori sede",
    "fuori ufficio",
    "risposta automatica",
    "assente",
    "assenza",
  ]),
  ...cjk(["自动回复", "自動回覆", "自动答复", "自動答覆", "自动应答", "不在办公室", "不在辦公室", "休假"]),
];

/** Sentences only a machine writes. */
const MACHINE_SENTENCES = [
  ...words([
    "this is an? (?:auto(?:matic|mated)(?:ally generated)?|auto-generated) (?:reply|response|message|e-?mail|notification)",
    "this (?:e-?mail|message|reply) (?:is|was|has been) (?:sent |generated )?automatically",
    "dies ist eine automatische (?:antwort|nachricht|e-?mail|benachrichtigung)",
    "dies ist eine automatisch (?:generierte|erstellte) (?:antwort|nachricht|e-?mail)",
    "ceci est (?:une reponse|un message|un e-?mail|un courriel) automatique",
    "(?:esta es|este es) (?:una respuesta|un mensaje|un correo) automatic[oa]",
    "(?:esta e|este e) (?:uma resposta|uma mensagem|um e-?mail) automatic[oa]",
    "dit is een automatisch (?:antwoord|bericht|gegenereerd bericht)",
    "dit is een automatische (?:reactie|e-?mail)",
    "questa e una risposta automatica",
    "questo e un messaggio automatico",
  ]),
  ...cjk([
    "这是一封自动回复",
    "這是一封自動回覆",
    "此邮件为自动回复",
    "此郵件為自動回覆",
    "本邮件为系统自动发送",
    "系统自动回复",
  ]),
];

/** Out-of-office sentences people write too (a weak signal). */
const OUT_OF_OFFICE_SENTENCES = [
  ...words([
    "(?:i am|i'm|im|i will be|i'll be|i shall be) (?:currently |now |presently |unfortunately )?(?:out of (?:the )?office|away from (?:the |my )?(?:office|desk)|on (?:vacation|holidays?|(?:annual |parental |maternity |paternity |sick )?leave|sabbatical|a business trip|business travel)|out of town|travell?ing (?:until|till|and))",
    "(?:limited|no|without) access to (?:my )?e-?mails?",
    "(?:i will|i'll) (?:respond|reply|get back to you|answer)[^.]{0,40} (?:upon|on|after|when i) (?:my )?return",
    "(?:ich bin|bin ich) (?:derzeit |zurzeit |momentan |aktuell |leider )?(?:bis (?:einschliesslich )?[^.]{1,30} )?(?:nicht im buro|abwesend|im urlaub|auf dienstreise|in elternzeit|ausser haus)",
    "(?:ich )?befinde mich (?:derzeit |zurzeit |momentan |aktuell )?(?:bis [^.]{1,30} )?(?:im urlaub|nicht im buro|auf dienstreise|ausser haus)",
    "(?:keinen|eingeschrankten|nur eingeschrankt) zugriff auf (?:meine )?e-?mails",
    "je suis (?:actuellement |en ce moment |absente? )?(?:absente?|en conges?|en vacances|en deplacement|hors du bureau)",
    "je serai (?:absente?|en conges?|en vacances)",
    "(?:je n'aurai pas|sans) acces a (?:mes )?(?:e-?mails|courriels|ma messagerie)",
    "(?:estoy|estare|me encuentro) (?:actualmente )?(?:fuera de (?:la )?oficina|de vacaciones|ausente|de viaje)",
    "acceso limitado (?:a|al) (?:mi )?correo",
    "(?:estou|estarei|me encontro) (?:atualmente )?(?:fora do escritorio|ausente|de ferias|em viagem)",
    "acesso limitado (?:ao|a) (?:meu )?e-?mail",
    "ik ben (?:momenteel |op dit moment |tot en met [^.]{1,30} |tot [^.]{1,30} )?(?:afwezig|niet op kantoor|met vakantie|op vakantie|met verlof)",
    "(?:beperkt|geen) toegang tot (?:mijn )?e-?mail",
    "(?:sono|saro) (?:attualmente |al momento )?(?:fuori (?:sede|ufficio)|in ferie|in vacanza|assente|in trasferta)",
    "accesso limitato (?:alla|alle) (?:posta|e-?mail)",
  ]),
  ...cjk([
    "不在办公室",
    "不在辦公室",
    "正在休假",
    "休假中",
    "休假期间",
    "回来后(?:会)?(?:尽快)?回复",
    "返回后(?:会)?(?:尽快)?回复",
  ]),
];

/** The person has left, said by a colleague or an auto-reply. */
const PERSON_LEFT = [
  ...words([
    "(?:is|are) no longer (?:with|at|employed (?:at|by|with)|working (?:at|for|with)|part of)",
    "no longer works? (?:at|for|with|here)",
    "(?:has|have) left (?:the|our) (?:company|organi[sz]ation|firm|business|team|group)",
    "nicht mehr (?:im unternehmen|bei uns|fur uns|in unserem unternehmen)(?: tatig| beschaftigt)?",
    "(?:ist|sind) nicht mehr (?:bei|fur) (?:uns|der|die|das|\\p{L}+) (?:tatig|beschaftigt)",
    "(?:hat|haben) (?:das|unser) unternehmen verlassen",
    "(?:hat|haben) (?:die|unsere) firma verlassen",
    "ne fait plus partie (?:de|du|des)",
    "(?:a|ont) quitte (?:la societe|l'entreprise|notre societe|notre entreprise|le groupe)",
    "ne travaille plus (?:chez|pour|avec|au sein|dans)",
    "ya no (?:trabaja|forma parte|esta) (?:en|con|para|de)",
    "(?:ha dejado|dejo) (?:la empresa|la compania|nuestra empresa)",
    "nao (?:trabalha|faz parte) mais",
    "ja nao (?:trabalha|faz parte)",
    "(?:deixou a|saiu da) empresa",
    "niet (?:meer )?(?:werkzaam|in dienst) (?:bij|voor)",
    "(?:heeft|hebben) (?:het bedrijf|ons bedrijf|de organisatie|onze organisatie) verlaten",
    "non (?:lavora|fa) piu (?:parte )?(?:per|presso|con|in|della|del|di|nella|nel)",
    "(?:ha|hanno) lasciato (?:l'azienda|la societa|la nostra azienda|il gruppo)",
  ]),
  ...cjk(["已离职", "已經離職", "已离开公司", "已不在(?:本)?公司", "不再(?:在本公司|任职)"]),
];

/** The mailbox says nobody reads it. */
const MAILBOX_UNREAD = [
  ...words([
    "(?:this|the|my) (?:mailbox|inbox|e-?mail address|e-?mail account|address|e-?mail) (?:is|will) no longer (?:be )?(?:monitored|in use|active|checked|read|maintained|valid|in service)",
    "(?:dieses postfach|diese e-?mail-adresse|diese adresse|dieses e-?mail-konto|dieses konto) (?:wird|ist) nicht mehr (?:uberwacht|gelesen|abgerufen|aktiv|in gebrauch|besetzt|gultig|genutzt)",
    "(?:cette (?:adresse|boite)(?: e-?mail| mail| de messagerie| aux lettres| electronique)?) n'est plus (?:consultee|surveillee|active|utilisee|valide|lue)",
    "(?:este buzon|esta (?:direccion|cuenta)(?: de correo(?: electronico)?)?) (?:ya )?no (?:esta|se) (?:monitoread[oa]|supervisad[oa]|revisad[oa]|en uso|utiliza|activ[oa]|revisa|monitorea|consulta)",
    "(?:esta caixa(?: de (?:correio|e-?mail))?|este (?:e-?mail|endereco)(?: de e-?mail)?) (?:nao e|nao esta|ja nao e) mais (?:monitorad[oa]|em uso|ativ[oa]|utilizad[oa]|lid[oa])",
    "(?:deze mailbox|dit e-?mailadres|dit adres|deze inbox) (?:wordt niet meer (?:gelezen|gecontroleerd|bewaakt|gebruikt)|is niet meer in gebruik|is niet meer actief)",
    "(?:questa casella(?: di posta)?|questo indirizzo(?: e-?mail| email| di posta)?) non e piu (?:monitorat[oa]|attiv[oa]|in uso|utilizzat[oa]|lett[oa]|consultat[oa])",
  ]),
  ...cjk([
    "(?:此|该|這個|这个|本)(?:邮箱|郵箱|邮件地址)(?:已)?(?:停用|不再使用|不再(?:被)?(?:监控|監控|查看)|无人查看)",
    "邮箱已停用",
  ]),
];

function headerValue(headers: Record<string, string>, name: string): string {
  return (headers[name] ?? "").trim();
}

function headerSignal(headers: Record<string, string>): AutoReplySignal | null {
  const autoSubmitted = headerValue(headers, "auto-submitted").toLowerCase();
  // RFC 3834: "no" is an explicit "a person sent this"; any other value is automatic.
  if (autoSubmitted && !autoSubmitted.startsWith("no")) {
    return { rule: `header Auto-Submitted: ${autoSubmitted.split(";")[0]!.trim()}`, decisive: true };
  }
  for (const label of ["X-Autoreply", "X-Autorespond", "X-Autoresponder"]) {
    const name = label.toLowerCase();
    if (headers[name] !== undefined && !["no", "false", "0"].includes(headerValue(headers, name).toLowerCase())) {
      return { rule: `header ${label}`, decisive: true };
    }
  }
  if (/reply/i.test(headerValue(headers, "x-autogenerated"))) {
    return { rule: "header X-AutoGenerated: Reply", decisive: true };
  }
  if (headerValue(headers, "precedence").toLowerCase() === "auto_reply") {
    return { rule: "header Precedence: auto_reply", decisive: true };
  }
  return null;
}

/**
 * The out-of-office words in a subject, as written, or null. Not when they
 * directly follow a reply prefix: "Re: Automatic reply: Quick question" is a
 * person answering an auto-reply (auto-replies put their words first, or
 * after the original subject).
 */
export function outOfOfficeSubject(subject: string): string | null {
  const trimmed = subject.trim();
  const rest = stripReplyPrefixes(trimmed);
  if (rest !== trimmed.normalize("NFKC") && findFirst(foldText(rest), OUT_OF_OFFICE_SUBJECT)?.start === 0) return null;
  return findFirst(foldText(trimmed), OUT_OF_OFFICE_SUBJECT)?.phrase ?? null;
}

/**
 * Whether a message is an automatic reply, and by which rule. `ownText` is the
 * message's text without what it quotes (#shared/mailbox/quoted-text.ts): an
 * out-of-office quoted inside a person's reply is not theirs.
 */
export function detectAutoReply(
  msg: { headers: Record<string, string>; subject: string },
  ownText: string,
): AutoReplySignal | null {
  const byHeader = headerSignal(msg.headers);
  if (byHeader) return byHeader;
  const text = foldText(ownText);
  const bulk = /^(bulk|junk|list)$/i.test(headerValue(msg.headers, "precedence"));
  const subjectWords = outOfOfficeSubject(msg.subject);
  if (subjectWords) {
    const via = bulk ? ` with Precedence: ${headerValue(msg.headers, "precedence").toLowerCase()}` : "";
    return { rule: `subject "${subjectWords}" (out of office)${via}`, decisive: true };
  }
  const machine = findFirst(text, MACHINE_SENTENCES);
  if (machine) return { rule: `phrase "${machine.phrase}" (automatic reply)`, decisive: true };
  const away = findFirst(text, OUT_OF_OFFICE_SENTENCES);
  if (away && bulk) {
    const precedence = headerValue(msg.headers, "precedence").toLowerCase();
    return { rule: `phrase "${away.phrase}" (out of office) with Precedence: ${precedence}`, decisive: true };
  }
  if (away) return { rule: `phrase "${away.phrase}" (out of office)`, decisive: false };
  return null;
}

/** "Has left the company" or "this mailbox is no longer monitored", in the writer's words. */
export function detectPersonLeft(ownText: string): PersonLeft | null {
  const text = foldText(ownText);
  const unread = findFirst(text, MAILBOX_UNREAD);
  if (unread) return { rule: `phrase "${unread.phrase}" (mailbox no longer read)`, mailboxUnread: true };
  const left = findFirst(text, PERSON_LEFT);
  if (left) return { rule: `phrase "${left.phrase}" (person has left)`, mailboxUnread: false };
  return null;
}

/** Exposed for the classifier: the person-left phrases mean "wrong person" in a human reply too. */
export const personLeftPatterns: readonly RegExp[] = PERSON_LEFT;
