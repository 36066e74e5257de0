// Dutch: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const nl: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "niet de (?:juiste|goede|aangewezen) (?:persoon|contactpersoon)",
      "verkeerde (?:persoon|contactpersoon)",
      "(?:neem|neemt u) contact op met (?:mijn collega|onze)",
      "(?:doorgestuurd|doorgezet) naar (?:mijn collega|de juiste)",
      "niet verantwoordelijk voor",
    ],
    notInterested: [
      "geen (?:interesse|behoefte)",
      "niet geinteresseerd",
      "nee,? (?:dank(?:je|u)(?: wel)?|bedankt)",
      "(?:we|wij) hebben al",
      "(?:op dit moment|momenteel|nu) niet",
      "misschien later",
      "geen prioriteit",
    ],
    meetingRequest: [
      "(?:een )?(?:afspraak|belafspraak|gesprek|call|meeting|videogesprek|kennismaking|kennismakingsgesprek) (?:inplannen|plannen|maken|inschieten)",
      "(?:laten we|zullen we) (?:even )?(?:bellen|afspreken|praten|een call)",
      "(?:kunnen we|kunnen wij) (?:even |binnenkort |volgende week )?(?:bellen|afspreken|praten|een afspraak)",
      "bel (?:me|mij)",
      "(?:ben je|bent u|heb je|heeft u) (?:\\p{L}+ )?(?:beschikbaar|tijd)",
      "agenda-?uitnodiging",
    ],
    interested: [
      "(?:ik ben|wij zijn|we zijn|ben ik|zijn wij) (?:zeer |erg |wel )?geinteresseerd",
      "(?:klinkt|lijkt) (?:me )?(?:interessant|goed)",
      "meer (?:informatie|info|details)",
      "(?:stuur|stuurt) (?:me|mij|ons) (?:meer )?(?:informatie|info|een offerte|prijzen)",
      "wat kost",
    ],
  },
  autoReply: {
    outOfOfficeSubject: ["afwezig", "afwezigheid", "automatisch antwoord", "niet op kantoor"],
    machineSentences: [
      "dit is een automatisch (?:antwoord|bericht|gegenereerd bericht)",
      "dit is een automatische (?:reactie|e-?mail)",
    ],
    outOfOfficeSentences: [
      "ik ben (?:momenteel |op dit moment |tot en met [^.]{1,30} |tot [^.]{1,30} )?(?:afwezig|niet op kantoor|met vakantie|op vakantie|met verlof)",
      "(?:beperkt|geen) toegang tot (?:mijn )?e-?mail",
    ],
    personLeft: [
      "niet (?:meer )?(?:werkzaam|in dienst) (?:bij|voor)",
      "(?:heeft|hebben) (?:het bedrijf|ons bedrijf|de organisatie|onze organisatie) verlaten",
    ],
    mailboxUnread: [
      "(?:deze mailbox|dit e-?mailadres|dit adres|deze inbox) (?:wordt niet meer (?:gelezen|gecontroleerd|bewaakt|gebruikt)|is niet meer in gebruik|is niet meer actief)",
    ],
  },
  unsubscribe: {
    requests: [
      "afmelden",
      "uitschrijven",
      "schrijf (?:me|mij) uit",
      "haal (?:me|mij) (?:van|uit) (?:de|uw|jullie|je|het) (?:mailing)?(?:lijst|bestand)",
      "verwijder (?:me|mij|mijn (?:gegevens|e-?mailadres|adres))",
      "(?:neem|neemt) geen contact meer(?: met (?:me|mij))? op",
      "stuur (?:me|mij) geen (?:e-?mails|mails|berichten) meer",
      "(?:ik )?wil geen (?:e-?mails|mails|berichten) meer",
    ],
    commands: ["afmelden", "uitschrijven"],
    footerLines: ["om je af te melden"],
    linkOnlyWords: ["afmelden"],
  },
  negation: {
    negators: ["niet", "geen", "nooit"],
    interestWords: ["geinteresseerd", "bedankt"],
  },
};
