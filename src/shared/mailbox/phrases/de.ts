// German: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const de: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "nicht (?:der|die) (?:richtige|passende|zustandige) (?:ansprechpartner(?:in)?|person|kontakt)",
      "falsche(?:n|r)? (?:ansprechpartner(?:in)?|person|adresse|kontakt)",
      "nicht zustandig",
      "(?:wenden sie sich|wende dich) (?:bitte )?an",
      "(?:habe|hab) (?:ihre|die|deine) (?:e-?mail|nachricht|anfrage) (?:an \\p{L}+ )?weitergeleitet",
    ],
    notInterested: [
      "kein(?:e|en)? (?:interesse|bedarf)",
      "nicht interessiert",
      "nein,? danke",
      "(?:haben|nutzen|verwenden) (?:bereits|schon) (?:eine?n?|unsere?n?)",
      "(?:derzeit|aktuell|im moment|momentan|zurzeit) nicht",
      "passt (?:leider )?nicht",
      "vielleicht (?:spater|nachstes jahr|im nachsten quartal)",
    ],
    meetingRequest: [
      "(?:termin|telefonat|gesprach|call|meeting|videocall|anruf) (?:vereinbaren|ausmachen|machen|einplanen|planen|abstimmen)",
      "(?:lassen sie uns|lass uns) (?:gerne )?(?:telefonieren|sprechen|reden|treffen)",
      "(?:konnen|wollen) wir (?:kurz |gerne |uns )?(?:telefonieren|sprechen|treffen)",
      "rufen sie mich (?:gerne |bitte )?an",
      "(?:haben|hatten) sie (?:am \\p{L}+ |nachste woche |diese woche |morgen )?zeit",
      "terminvorschlag\\p{L}*",
      "kalendereinladung",
    ],
    interested: [
      "(?:klingt|hort sich) (?:sehr )?(?:interessant|gut|spannend)(?: an)?",
      "(?:bin|sind|waren|ware) (?:sehr |durchaus )?interessiert",
      "interesse (?:an|daran)",
      "(?:mehr|weitere) (?:infos|informationen|details)",
      "(?:schicken|senden) sie (?:mir |uns )?(?:gerne |bitte )?(?:die |ihre )?(?:mehr |weitere )?(?:infos|informationen|unterlagen|preise|preisliste|ein angebot)",
      "was kostet",
    ],
  },
  autoReply: {
    outOfOfficeSubject: [
      "abwesenheitsnotiz",
      "abwesenheitsmeldung",
      "abwesenheit",
      "abwesend",
      "automatische (?:antwort|ruckantwort|nachricht)",
      "nicht im buro",
    ],
    machineSentences: [
      "dies ist eine automatische (?:antwort|nachricht|e-?mail|benachrichtigung)",
      "dies ist eine automatisch (?:generierte|erstellte) (?:antwort|nachricht|e-?mail)",
    ],
    outOfOfficeSentences: [
      "(?:ich bin|bin ich) (?:derzeit |zurzeit |momentan |aktuell |leider )?(?:bis (?:einschliesslich )?[^.]{1,30} )?(?:nicht im buro|abwesend|im urlaub|auf dienstreise|in elternzeit|ausser haus)",
      "(?:ich )?befinde mich (?:derzeit |zurzeit |momentan |aktuell )?(?:bis [^.]{1,30} )?(?:im urlaub|nicht im buro|auf dienstreise|ausser haus)",
      "(?:keinen|eingeschrankten|nur eingeschrankt) zugriff auf (?:meine )?e-?mails",
    ],
    personLeft: [
      "nicht mehr (?:im unternehmen|bei uns|fur uns|in unserem unternehmen)(?: tatig| beschaftigt)?",
      "(?:ist|sind) nicht mehr (?:bei|fur) (?:uns|der|die|das|\\p{L}+) (?:tatig|beschaftigt)",
      "(?:hat|haben) (?:das|unser) unternehmen verlassen",
      "(?:hat|haben) (?:die|unsere) firma verlassen",
    ],
    mailboxUnread: [
      "(?:dieses postfach|diese e-?mail-adresse|diese adresse|dieses e-?mail-konto|dieses konto) (?:wird|ist) nicht mehr (?:uberwacht|gelesen|abgerufen|aktiv|in gebrauch|besetzt|gultig|genutzt)",
    ],
  },
  unsubscribe: {
    requests: [
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
    ],
    commands: ["abmelden", "austragen"],
    footerLines: ["(?:um sich|zum) ab(?:zu)?melden"],
    linkOnlyWords: ["abmelden"],
  },
  negation: {
    negators: ["nicht", "kein", "keine", "keinen", "nie"],
    interestWords: ["interessiert", "danke"],
  },
};
