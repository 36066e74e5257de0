// Replies to a cold email, written for the tests in the eight languages the
// rules know: what people answer, what their auto-replies say, and the tricky
// cases (an out-of-office quoted inside a person's reply, "not right now but
// maybe in Q3", our own unsubscribe footer quoted back). Each names what the
// analyzer must make of it (#shared/mailbox/analyze-inbound.test.ts).
import type { ReplyClass } from "../db-enums.ts";
import type { InboundAnalysis, InboundMessage } from "./inbound-message.ts";

export type Lang = "en" | "de" | "fr" | "es" | "pt" | "nl" | "it" | "zh";

export type CorpusReply = {
  name: string;
  lang: Lang;
  subject: string;
  headers?: Record<string, string>;
  /** The whole text part, quotes included. */
  text: string;
  expected: { kind: InboundAnalysis["kind"]; replyClass: ReplyClass; stopsSequence?: boolean };
};

const FOOTER = "Unsubscribe: https://app.coldreach.test/u/42.Zm9vYmFyYmF6cXV4";

/** Our first step, as each language's Gmail quotes it under the reply (footer included). */
const gmailQuote: Record<Lang, string> = {
  en: `On Tue, Dec 3, 2024 at 10:00 AM Alice Martin <alice@sender.test> wrote:
> Hi there,
>
> Would you be open to a quick call about cutting your outbound costs by a third?
>
> Best,
> Alice
>
> ${FOOTER}`,
  de: `Am Di., 3. Dez. 2024 um 10:00 Uhr schrieb Alice Martin <
alice@sender.test>:
> Hallo,
>
> hätten Sie Interesse an einem kurzen Gespräch über Ihre Vertriebskosten?
>
> Beste Grüße
> Alice
>
> ${FOOTER}`,
  fr: `Le mar. 3 déc. 2024 à 10:00, Alice Martin <alice@sender.test> a écrit :
> Bonjour,
>
> Seriez-vous intéressé par un court échange sur vos coûts de prospection ?
>
> ${FOOTER}`,
  es: `El mar, 3 dic 2024 a las 10:00, Alice Martin (<alice@sender.test>) escribió:
> Hola,
>
> ¿Te interesaría una llamada corta sobre tus costes de prospección?
>
> ${FOOTER}`,
  pt: `Em ter., 3 de dez. de 2024 às 10:00, Alice Martin <alice@sender.test>
escreveu:
> Olá,
>
> Você teria interesse em uma conversa rápida sobre seus custos de prospecção?
>
> ${FOOTER}`,
  nl: `Op di 3 dec 2024 om 10:00 schreef Alice Martin <alice@sender.test>:
> Hallo,
>
> Heeft u interesse in een kort gesprek over uw acquisitiekosten?
>
> ${FOOTER}`,
  it: `Il giorno mar 3 dic 2024 alle ore 10:00 Alice Martin <alice@sender.test> ha
scritto:
> Ciao,
>
> Saresti interessato a una breve chiamata sui costi di prospezione?
>
> ${FOOTER}`,
  zh: `Alice Martin <alice@sender.test> 于2024年12月3日周二 10:00写道：
> 您好，
>
> 请问您有兴趣聊一聊如何降低获客成本吗？
>
> ${FOOTER}`,
};

/** Outlook quotes without ">" under a header block in the client's language. */
const outlookQuote: Record<"en" | "de" | "fr" | "es" | "nl", string> = {
  en: `________________________________
From: Alice Martin <alice@sender.test>
Sent: Tuesday, December 3, 2024 10:00 AM
To: Bob Stone <bob@prospect.test>
Subject: Quick question

Hi Bob,

Would you be open to a quick call? If not, no worries, just say "unsubscribe" or click below.

${FOOTER}`,
  de: `Von: Alice Martin <alice@sender.test>
Gesendet: Dienstag, 3. Dezember 2024 10:00
An: Jonas Weber <jonas@kunde.test>
Betreff: Kurze Frage

Hallo Herr Weber, hätten Sie Interesse? Wenn nicht, einfach abmelden:

${FOOTER}`,
  fr: `De : Alice Martin <alice@sender.test>
Envoyé : mardi 3 décembre 2024 10:00
À : Claire Dubois <claire@client.test>
Objet : Question rapide

Bonjour Claire, pour vous désinscrire, cliquez ci-dessous.

${FOOTER}`,
  es: `De: Alice Martin <alice@sender.test>
Enviado el: martes, 3 de diciembre de 2024 10:00
Para: Lucía Gómez <lucia@cliente.test>
Asunto: Pregunta rápida

Hola Lucía, si no te interesa, date de baja aquí:

${FOOTER}`,
  nl: `Van: Alice Martin <alice@sender.test>
Verzonden: dinsdag 3 december 2024 10:00
Aan: Sanne de Vries <sanne@klant.test>
Onderwerp: Korte vraag

Hallo Sanne, afmelden kan hieronder.

${FOOTER}`,
};

const AUTO = { "auto-submitted": "auto-replied" };
const reply = (replyClass: ReplyClass) => ({ kind: "reply" as const, replyClass });
const unsubscribe = { kind: "unsubscribe" as const, replyClass: "unsubscribe_request" as const };
const outOfOffice = { kind: "auto_reply" as const, replyClass: "out_of_office" as const, stopsSequence: false };
const personLeft = { kind: "auto_reply" as const, replyClass: "wrong_person" as const, stopsSequence: true };

export const replyCorpus: CorpusReply[] = [
  // ── English ──
  {
    name: "asks for pricing",
    lang: "en",
    subject: "Re: Quick question",
    text: `Hi Alice,\n\nThis sounds interesting. Can you send me more information about pricing?\n\nThanks,\nBob\n\n${gmailQuote.en}`,
    expected: reply("interested"),
  },
  {
    name: "proposes a call time",
    lang: "en",
    subject: "Re: Quick question",
    text: `Sure, let's schedule a call next week. Does Tuesday at 2pm work for you?\n\n${gmailQuote.en}`,
    expected: reply("meeting_request"),
  },
  {
    name: "short no",
    lang: "en",
    subject: "RE: Quick question",
    text: `Not interested, thanks.\n\n${gmailQuote.en}`,
    expected: reply("not_interested"),
  },
  {
    name: "remove me from the list",
    lang: "en",
    subject: "Re: Quick question",
    text: `Please remove me from your mailing list.\n\n${gmailQuote.en}`,
    expected: unsubscribe,
  },
  {
    name: "stop emailing me",
    lang: "en",
    subject: "Re: Quick question",
    text: "Stop emailing me.",
    expected: unsubscribe,
  },
  {
    name: "not interested, don't contact me again",
    lang: "en",
    subject: "Re: Quick question",
    text: `Not interested, please don't contact me again.\n\n${gmailQuote.en}`,
    expected: unsubscribe,
  },
  { name: "STOP alone", lang: "en", subject: "Re: Quick question", text: "STOP", expected: unsubscribe },
  {
    name: "List-Unsubscribe mailto (subject unsubscribe, empty body)",
    lang: "en",
    subject: "unsubscribe",
    text: "",
    expected: unsubscribe,
  },
  {
    name: "a client's Unsubscribe button (List-Unsubscribe mailto, automatic wording)",
    lang: "en",
    subject: "Unsubscribe",
    headers: { "auto-submitted": "auto-generated" },
    text: "This message was automatically generated by Gmail.",
    expected: unsubscribe,
  },
  {
    name: "points to a colleague",
    lang: "en",
    subject: "Re: Quick question",
    text: `I'm not the right person for this. You should reach out to my colleague Sarah (sarah@prospect.test), who runs our sales team.\n\n${gmailQuote.en}`,
    expected: reply("wrong_person"),
  },
  {
    name: "a colleague says the person has left",
    lang: "en",
    subject: "Re: Quick question",
    text: "Hi, Bob is no longer with Acme. Please contact jane@prospect.test instead.\n\nJane",
    expected: reply("wrong_person"),
  },
  {
    name: "tricky: not interested right now but maybe in Q3",
    lang: "en",
    subject: "Re: Quick question",
    text: `Thanks Alice, not interested right now but maybe in Q3 when our budget resets. Feel free to reach out then.\n\n${gmailQuote.en}`,
    expected: reply("not_interested"),
  },
  {
    name: "tricky: quotes our unsubscribe footer (Gmail, '>')",
    lang: "en",
    subject: "Re: Quick question",
    text: `Thanks, this looks interesting. What does it cost for a team of ten?\n\n${gmailQuote.en}`,
    expected: reply("interested"),
  },
  {
    name: "tricky: quotes our unsubscribe footer (Outlook, no '>')",
    lang: "en",
    subject: "RE: Quick question",
    text: `Happy to chat. Are you free Thursday afternoon?\n\nBob Stone\nHead of Sales\n\n${outlookQuote.en}`,
    expected: reply("meeting_request"),
  },
  {
    name: "tricky: an out-of-office quoted inside a person's reply",
    lang: "en",
    subject: "Re: Automatic reply: Quick question",
    text: `Sorry for the slow answer, I was travelling. Yes, I'd like to learn more, can you send over the deck?

On Mon, Dec 9, 2024 at 9:00 AM Bob Stone <bob@prospect.test> wrote:
> Automatic reply: I am currently out of the office with limited access to email.
> I will respond to your message when I return on December 16.`,
    expected: reply("interested"),
  },
  {
    name: "Exchange out-of-office (header and subject)",
    lang: "en",
    subject: "Automatic reply: Quick question",
    headers: { ...AUTO, "x-auto-response-suppress": "All" },
    text: "Thank you for your message. I am out of the office until 12 December with limited access to email. For urgent matters please contact support@prospect.test.",
    expected: outOfOffice,
  },
  {
    name: "Gmail vacation responder (header only)",
    lang: "en",
    subject: "Re: Quick question",
    headers: AUTO,
    text: "I'm on vacation until Monday and will reply when I'm back.",
    expected: outOfOffice,
  },
  {
    name: "out-of-office subject, no headers",
    lang: "en",
    subject: "Out of Office",
    text: "I'm away from the office this week. Back on the 9th.",
    expected: outOfOffice,
  },
  {
    name: "X-Autoreply header",
    lang: "en",
    subject: "Re: Quick question",
    headers: { "x-autoreply": "yes" },
    text: "Thanks for getting in touch, we'll get back to you within two business days.",
    expected: outOfOffice,
  },
  {
    name: "Precedence: auto_reply",
    lang: "en",
    subject: "Re: Quick question",
    headers: { precedence: "auto_reply" },
    text: "We have received your email and a member of our team will reply shortly.",
    expected: outOfOffice,
  },
  {
    name: "X-Autorespond header",
    lang: "en",
    subject: "Re: Quick question",
    headers: { "x-autorespond": "Quick question" },
    text: "Your message has been received.",
    expected: outOfOffice,
  },
  {
    name: "out-of-office sentence without headers or subject",
    lang: "en",
    subject: "Re: Quick question",
    text: "Thank you for your email. I am currently out of the office and will have limited access to email until January 6.",
    expected: outOfOffice,
  },
  {
    name: "Precedence: bulk with an out-of-office sentence",
    lang: "en",
    subject: "Re: Quick question",
    headers: { precedence: "bulk" },
    text: "I am on annual leave until 2 January.",
    expected: outOfOffice,
  },
  {
    name: "machine sentence (this is an automatic reply)",
    lang: "en",
    subject: "Re: Quick question",
    text: "This is an automated response. Your ticket #4821 has been created.",
    expected: outOfOffice,
  },
  {
    name: "auto-reply: person has left",
    lang: "en",
    subject: "Automatic reply: Quick question",
    headers: AUTO,
    text: "Thank you for your email. Bob Smith is no longer with Acme. Please direct all enquiries to info@prospect.test.",
    expected: personLeft,
  },
  {
    name: "mailbox no longer monitored (no headers)",
    lang: "en",
    subject: "Re: Quick question",
    text: "This mailbox is no longer monitored. Please write to hello@prospect.test.",
    expected: personLeft,
  },
  {
    name: "X-Auto-Response-Suppress alone is a person",
    lang: "en",
    subject: "RE: Quick question",
    headers: { "x-auto-response-suppress": "All" },
    text: "Yes, interested. Tell me more.",
    expected: reply("interested"),
  },
  {
    name: "Precedence: bulk alone is a person",
    lang: "en",
    subject: "Re: Quick question",
    headers: { precedence: "bulk" },
    text: "Could you send me the pricing?",
    expected: reply("interested"),
  },
  {
    name: "Auto-Submitted: no is a person",
    lang: "en",
    subject: "Re: Quick question",
    headers: { "auto-submitted": "no" },
    text: "Interested! What's the pricing for 20 seats?",
    expected: reply("interested"),
  },
  {
    name: "tricky: on holiday, but proposes a call",
    lang: "en",
    subject: "Re: Quick question",
    text: "I'm on holiday until the 15th, but happy to jump on a call after that. How about Tuesday the 17th?",
    expected: reply("meeting_request"),
  },
  {
    name: "tricky: I don't want to unsubscribe",
    lang: "en",
    subject: "Re: Quick question",
    text: `I don't want to unsubscribe, I'd just like fewer emails. Can we talk next week instead?\n\n${gmailQuote.en}`,
    expected: reply("meeting_request"),
  },
  {
    name: "a question with no intent",
    lang: "en",
    subject: "Re: Quick question",
    text: `Who gave you my address?\n\n${gmailQuote.en}`,
    expected: reply("other"),
  },
  {
    name: "how much",
    lang: "en",
    subject: "Re: Quick question",
    text: "How much does it cost per month?\n\nSent from my iPhone",
    expected: reply("interested"),
  },
  {
    name: "wrong person, terse",
    lang: "en",
    subject: "Re: Quick question",
    text: "Wrong person. Try our CTO.",
    expected: reply("wrong_person"),
  },
  {
    name: "already have a provider",
    lang: "en",
    subject: "Re: Quick question",
    text: `We already have a provider for this, so we'll pass.\n\n${gmailQuote.en}`,
    expected: reply("not_interested"),
  },
  {
    name: "take me off your list",
    lang: "en",
    subject: "Re: Quick question",
    text: "Please take me off your list.",
    expected: unsubscribe,
  },
  {
    name: "calendar invite from a phone (Apple Mail quote)",
    lang: "en",
    subject: "Re: Quick question",
    text: `Sounds good, send me a calendar invite.\n\nSent from my iPhone\n\nOn Dec 3, 2024, at 10:00, Alice Martin <alice@sender.test> wrote:\n\n> Hi there,\n> Would you be open to a quick call?\n> ${FOOTER}`,
    expected: reply("meeting_request"),
  },

  // ── German ──
  {
    name: "klingt interessant",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: `Hallo Alice,\n\nklingt interessant. Können Sie mir weitere Informationen schicken?\n\nViele Grüße\nJonas\n\n${gmailQuote.de}`,
    expected: reply("interested"),
  },
  {
    name: "telefonieren",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: `Gerne, können wir kurz telefonieren? Passt Ihnen Dienstag um 10 Uhr?\n\n${outlookQuote.de}`,
    expected: reply("meeting_request"),
  },
  {
    name: "kein Interesse",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: `Kein Interesse, danke.\n\n${outlookQuote.de}`,
    expected: reply("not_interested"),
  },
  {
    name: "aus dem Verteiler",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: "Bitte nehmen Sie mich aus Ihrem Verteiler.",
    expected: unsubscribe,
  },
  {
    name: "nicht mehr kontaktieren",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: `Kein Interesse. Bitte kontaktieren Sie mich nicht mehr.\n\n${gmailQuote.de}`,
    expected: unsubscribe,
  },
  {
    name: "nicht zuständig",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: "Ich bin dafür nicht zuständig. Bitte wenden Sie sich an meinen Kollegen Herrn Weber.",
    expected: reply("wrong_person"),
  },
  {
    name: "Abwesenheitsnotiz",
    lang: "de",
    subject: "Abwesenheitsnotiz: Kurze Frage",
    headers: AUTO,
    text: "Vielen Dank für Ihre Nachricht. Ich bin bis einschließlich 10.12. nicht im Büro und habe keinen Zugriff auf meine E-Mails.",
    expected: outOfOffice,
  },
  {
    name: "Automatische Antwort (subject only)",
    lang: "de",
    subject: "Automatische Antwort: Kurze Frage",
    text: "Ich befinde mich im Urlaub und bin ab dem 6. Januar wieder erreichbar.",
    expected: outOfOffice,
  },
  {
    name: "nicht mehr im Unternehmen tätig",
    lang: "de",
    subject: "Automatische Antwort: Kurze Frage",
    text: "Herr Müller ist nicht mehr in unserem Unternehmen tätig. Ihre E-Mail wird nicht weitergeleitet.",
    expected: personLeft,
  },
  {
    name: "tricky: ich möchte mich nicht abmelden",
    lang: "de",
    subject: "AW: Kurze Frage",
    text: `Ich möchte mich nicht abmelden, aber bitte schicken Sie mir die Preise.\n\n${outlookQuote.de}`,
    expected: reply("interested"),
  },

  // ── French ──
  {
    name: "ça m'intéresse",
    lang: "fr",
    subject: "RE : Question rapide",
    text: `Bonjour Alice,\n\nÇa m'intéresse. Pouvez-vous m'envoyer plus d'informations ?\n\nCordialement,\nClaire\n\n${gmailQuote.fr}`,
    expected: reply("interested"),
  },
  {
    name: "disponible pour un appel",
    lang: "fr",
    subject: "RE : Question rapide",
    text: `Avec plaisir. Êtes-vous disponible jeudi pour un appel ?\n\n${outlookQuote.fr}`,
    expected: reply("meeting_request"),
  },
  {
    name: "non merci",
    lang: "fr",
    subject: "RE : Question rapide",
    text: `Non merci, nous avons déjà un prestataire.\n\n${outlookQuote.fr}`,
    expected: reply("not_interested"),
  },
  {
    name: "me désinscrire",
    lang: "fr",
    subject: "RE : Question rapide",
    text: "Merci de me désinscrire de votre liste.",
    expected: unsubscribe,
  },
  {
    name: "ne me contactez plus",
    lang: "fr",
    subject: "RE : Question rapide",
    text: `Ne me contactez plus.\n\n${gmailQuote.fr}`,
    expected: unsubscribe,
  },
  {
    name: "pas la bonne personne",
    lang: "fr",
    subject: "RE : Question rapide",
    text: "Je ne suis pas la bonne personne, contactez plutôt mon collègue Pierre.",
    expected: reply("wrong_person"),
  },
  {
    name: "Réponse automatique",
    lang: "fr",
    subject: "Réponse automatique : Question rapide",
    headers: AUTO,
    text: "Je suis absente du bureau jusqu'au 6 janvier. Je n'aurai pas accès à mes e-mails.",
    expected: outOfOffice,
  },
  {
    name: "ne fait plus partie de la société",
    lang: "fr",
    subject: "Absence du bureau",
    text: "Madame Dupont ne fait plus partie de la société. Cette adresse n'est plus consultée.",
    expected: personLeft,
  },
  {
    name: "tricky: je ne veux pas me désabonner",
    lang: "fr",
    subject: "RE : Question rapide",
    text: `Je ne veux pas me désabonner, mais ce n'est pas le bon moment. Peut-être l'année prochaine.\n\n${outlookQuote.fr}`,
    expected: reply("not_interested"),
  },

  // ── Spanish ──
  {
    name: "me interesa",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: `Hola Alice, me interesa. ¿Podrías enviarme más información?\n\n${gmailQuote.es}`,
    expected: reply("interested"),
  },
  {
    name: "agendar una llamada",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: `¿Podemos agendar una llamada el jueves?\n\n${outlookQuote.es}`,
    expected: reply("meeting_request"),
  },
  {
    name: "no, gracias",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: `No, gracias. Ya tenemos proveedor.\n\n${outlookQuote.es}`,
    expected: reply("not_interested"),
  },
  {
    name: "denme de baja",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: `Por favor, denme de baja de su lista.\n\n${gmailQuote.es}`,
    expected: unsubscribe,
  },
  {
    name: "no me escriban más",
    lang: "es",
    subject: "RV: Pregunta rápida",
    text: "No me escriban más, por favor.",
    expected: unsubscribe,
  },
  {
    name: "no soy la persona adecuada",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: "No soy la persona adecuada. Escribe a mi compañero Luis.",
    expected: reply("wrong_person"),
  },
  {
    name: "Respuesta automática",
    lang: "es",
    subject: "Respuesta automática: Pregunta rápida",
    text: "Estoy fuera de la oficina hasta el 8 de enero.",
    expected: outOfOffice,
  },
  {
    name: "Fuera de la oficina with X-Autorespond",
    lang: "es",
    subject: "Fuera de la oficina",
    headers: { "x-autorespond": "Fuera de la oficina" },
    text: "Gracias por su correo. Responderé a mi regreso.",
    expected: outOfOffice,
  },
  {
    name: "tricky: no quiero darme de baja",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: `No quiero darme de baja, pero ahora no es buen momento. Escríbeme en septiembre.\n\n${outlookQuote.es}`,
    expected: reply("not_interested"),
  },
  {
    name: "dirección ya no está en uso",
    lang: "es",
    subject: "RE: Pregunta rápida",
    text: "Esta dirección de correo ya no está en uso. Juan ya no trabaja en la empresa.",
    expected: personLeft,
  },

  // ── Portuguese ──
  {
    name: "tenho interesse",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: `Olá Alice, tenho interesse. Pode me enviar mais informações?\n\n${gmailQuote.pt}`,
    expected: reply("interested"),
  },
  {
    name: "marcar uma reunião",
    lang: "pt",
    subject: "Res: Pergunta rápida",
    text: `Podemos marcar uma reunião na próxima semana?\n\n${gmailQuote.pt}`,
    expected: reply("meeting_request"),
  },
  {
    name: "não, obrigado",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: "Não, obrigado. Já temos um fornecedor.",
    expected: reply("not_interested"),
  },
  {
    name: "me remova da lista",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: `Por favor, me remova da sua lista.\n\n${gmailQuote.pt}`,
    expected: unsubscribe,
  },
  {
    name: "não me enviem mais",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: "Não me enviem mais e-mails.",
    expected: unsubscribe,
  },
  {
    name: "não sou a pessoa certa",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: "Não sou a pessoa certa para isso. Fale com meu colega João.",
    expected: reply("wrong_person"),
  },
  {
    name: "Resposta automática (férias)",
    lang: "pt",
    subject: "Resposta automática: Pergunta rápida",
    headers: AUTO,
    text: "Estou de férias até 10 de janeiro, com acesso limitado ao e-mail.",
    expected: outOfOffice,
  },
  {
    name: "Ausente (subject only)",
    lang: "pt",
    subject: "Ausente",
    text: "Retorno no dia 10.",
    expected: outOfOffice,
  },
  {
    name: "tricky: não agora, talvez no próximo ano",
    lang: "pt",
    subject: "Re: Pergunta rápida",
    text: `Não tenho interesse no momento, mas talvez no próximo ano.\n\n${gmailQuote.pt}`,
    expected: reply("not_interested"),
  },
  {
    name: "não trabalha mais na empresa",
    lang: "pt",
    subject: "Resposta automática: Pergunta rápida",
    text: "O Pedro não trabalha mais na empresa. Por favor, escreva para contato@cliente.test.",
    expected: personLeft,
  },

  // ── Dutch ──
  {
    name: "klinkt interessant",
    lang: "nl",
    subject: "Antw: Korte vraag",
    text: `Hoi Alice, klinkt interessant. Kun je me meer informatie sturen?\n\n${gmailQuote.nl}`,
    expected: reply("interested"),
  },
  {
    name: "zullen we even bellen",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: `Zullen we even bellen volgende week?\n\n${outlookQuote.nl}`,
    expected: reply("meeting_request"),
  },
  {
    name: "geen interesse",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: `Geen interesse, bedankt.\n\n${outlookQuote.nl}`,
    expected: reply("not_interested"),
  },
  {
    name: "graag afmelden",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: "Graag afmelden voor deze mails.",
    expected: unsubscribe,
  },
  {
    name: "stuur me geen e-mails meer",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: `Stuur me geen e-mails meer alstublieft.\n\n${gmailQuote.nl}`,
    expected: unsubscribe,
  },
  {
    name: "niet de juiste persoon",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: "Ik ben niet de juiste persoon hiervoor. Neem contact op met mijn collega Sanne.",
    expected: reply("wrong_person"),
  },
  {
    name: "Automatisch antwoord",
    lang: "nl",
    subject: "Automatisch antwoord: Korte vraag",
    text: "Ik ben tot en met 5 januari afwezig.",
    expected: outOfOffice,
  },
  {
    name: "Afwezig with Auto-Submitted",
    lang: "nl",
    subject: "Afwezig",
    headers: AUTO,
    text: "Bedankt voor uw bericht.",
    expected: outOfOffice,
  },
  {
    name: "niet meer werkzaam, mailbox niet meer gelezen",
    lang: "nl",
    subject: "Automatisch antwoord: Korte vraag",
    text: "Mark is niet meer werkzaam bij ons bedrijf. Deze mailbox wordt niet meer gelezen.",
    expected: personLeft,
  },
  {
    name: "tricky: ik wil me niet afmelden, maar nu niet",
    lang: "nl",
    subject: "RE: Korte vraag",
    text: `Ik wil me niet afmelden hoor, maar nu niet. Misschien later dit jaar.\n\n${outlookQuote.nl}`,
    expected: reply("not_interested"),
  },

  // ── Italian ──
  {
    name: "mi interessa",
    lang: "it",
    subject: "R: Domanda veloce",
    text: `Ciao Alice, mi interessa. Puoi mandarmi maggiori informazioni?\n\n${gmailQuote.it}`,
    expected: reply("interested"),
  },
  {
    name: "possiamo sentirci",
    lang: "it",
    subject: "R: Domanda veloce",
    text: `Possiamo sentirci giovedì? Fissiamo una call.\n\n${gmailQuote.it}`,
    expected: reply("meeting_request"),
  },
  {
    name: "no grazie",
    lang: "it",
    subject: "R: Domanda veloce",
    text: "No grazie, non ci interessa.",
    expected: reply("not_interested"),
  },
  {
    name: "cancellarmi dalla lista",
    lang: "it",
    subject: "R: Domanda veloce",
    text: `Vi prego di cancellarmi dalla vostra lista.\n\n${gmailQuote.it}`,
    expected: unsubscribe,
  },
  {
    name: "non contattatemi più",
    lang: "it",
    subject: "R: Domanda veloce",
    text: "Non contattatemi più.",
    expected: unsubscribe,
  },
  {
    name: "non sono la persona giusta",
    lang: "it",
    subject: "R: Domanda veloce",
    text: "Non sono la persona giusta, scriva al mio collega Marco.",
    expected: reply("wrong_person"),
  },
  {
    name: "Risposta automatica",
    lang: "it",
    subject: "Risposta automatica: Domanda veloce",
    text: "Sono fuori ufficio fino al 7 gennaio con accesso limitato alla posta.",
    expected: outOfOffice,
  },
  {
    name: "Fuori sede with X-Autoreply",
    lang: "it",
    subject: "Fuori sede",
    headers: { "x-autoreply": "yes" },
    text: "Grazie per il messaggio.",
    expected: outOfOffice,
  },
  {
    name: "indirizzo non più attivo",
    lang: "it",
    subject: "R: Domanda veloce",
    text: "Questo indirizzo non è più attivo. Giulia non lavora più per la nostra azienda.",
    expected: personLeft,
  },
  {
    name: "tricky: al momento no, forse più avanti",
    lang: "it",
    subject: "R: Domanda veloce",
    text: `Al momento no, forse più avanti nel 2025.\n\n${gmailQuote.it}`,
    expected: reply("not_interested"),
  },

  // ── Chinese ──
  {
    name: "很感兴趣",
    lang: "zh",
    subject: "回复：快速问题",
    text: `Alice你好，我们对这个很感兴趣，能发一些资料吗？\n\n${gmailQuote.zh}`,
    expected: reply("interested"),
  },
  {
    name: "约个时间电话沟通",
    lang: "zh",
    subject: "回复：快速问题",
    text: `可以，我们约个时间电话沟通吧。周三下午有空吗？\n\n${gmailQuote.zh}`,
    expected: reply("meeting_request"),
  },
  {
    name: "不感兴趣",
    lang: "zh",
    subject: "答复: 快速问题",
    text: "谢谢，我们不感兴趣。",
    expected: reply("not_interested"),
  },
  {
    name: "请退订",
    lang: "zh",
    subject: "回复：快速问题",
    text: `请退订，不要再给我发邮件了。\n\n${gmailQuote.zh}`,
    expected: unsubscribe,
  },
  {
    name: "我不是负责人",
    lang: "zh",
    subject: "回复：快速问题",
    text: "我不是负责人，请联系我的同事王经理。",
    expected: reply("wrong_person"),
  },
  {
    name: "自动回复 subject",
    lang: "zh",
    subject: "自动回复: 快速问题",
    text: "您好，我目前不在办公室，回来后会尽快回复。",
    expected: outOfOffice,
  },
  {
    name: "休假 with Auto-Submitted",
    lang: "zh",
    subject: "Re: 快速问题",
    headers: AUTO,
    text: "我正在休假，1月10日返回。",
    expected: outOfOffice,
  },
  {
    name: "已离职，此邮箱不再使用",
    lang: "zh",
    subject: "自动回复",
    text: "李先生已离职，此邮箱不再使用。",
    expected: personLeft,
  },
  {
    name: "tricky: 我不想退订，但现在不需要",
    lang: "zh",
    subject: "回复：快速问题",
    text: `我不想退订，但是现在不需要，明年再联系吧。\n\n${gmailQuote.zh}`,
    expected: reply("not_interested"),
  },
];

/** A corpus reply as the mailbox source would hand it to the rules. */
export function corpusMessage(entry: CorpusReply): InboundMessage {
  return {
    messageId: "<reply-1@prospect.test>",
    inReplyTo: "<send-1@sender.test>",
    references: ["<send-1@sender.test>"],
    from: "bob@prospect.test",
    fromName: "Bob Stone",
    to: ["alice@sender.test"],
    subject: entry.subject,
    date: "2024-12-04T09:00:00.000Z",
    headers: entry.headers ?? {},
    text: entry.text,
    html: null,
    parts: [],
  };
}
