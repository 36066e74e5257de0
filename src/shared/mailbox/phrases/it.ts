// Italian: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const it: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "non sono (?:la persona|il referente|il contatto) (?:giust[oa]|corrett[oa]|adatt[oa])",
      "non sono (?:il|la) referente",
      "persona sbagliata",
      "(?:contatti|contatta|scriva|scrivi|senta|senti) (?:il mio|la mia) (?:collega|responsabile)",
      "(?:ho inoltrato|inoltro|ho girato|giro) (?:la (?:sua|tua) (?:e-?mail|mail)|il (?:suo|tuo) messaggio)",
      "non (?:mi occupo|sono responsabile) di",
    ],
    notInterested: [
      "non (?:mi|ci) interessa",
      "non (?:sono|siamo) interessat[oi]",
      "no,? grazie",
      "non (?:ne )?abbiamo bisogno",
      "(?:abbiamo|usiamo|utilizziamo) gia",
      "(?:per ora|al momento|per il momento) no",
      "non (?:e )?una priorita",
      "(?:forse|magari) piu avanti",
    ],
    meetingRequest: [
      "(?:fissare|organizzare|programmare|pianificare|fare) (?:una |un )?(?:call|chiamata|riunione|incontro|appuntamento|videochiamata|demo)",
      "(?:possiamo|potremmo) (?:sentirci|parlarne|vederci|fare una call|organizzare)",
      "(?:sentiamoci|chiamami|mi chiami)",
      "(?:sei|saresti|sarebbe) disponibile",
      "invito (?:in|nel|sul|al) calendario",
    ],
    interested: [
      "(?:mi|ci) interessa",
      "(?:sono|siamo|sarei|saremmo) (?:molto )?interessat[oi]",
      "(?:maggiori|piu) informazioni",
      "(?:sembra|suona) (?:interessante|bene|ottimo)",
      "(?:inviatemi|mandatemi|mandami|inviami) (?:maggiori )?(?:informazioni|dettagli|prezzi|un preventivo)",
      "quanto costa",
    ],
  },
  autoReply: {
    outOfOfficeSubject: ["fuori sede", "fuori ufficio", "risposta automatica", "assente", "assenza"],
    machineSentences: ["questa e una risposta automatica", "questo e un messaggio automatico"],
    outOfOfficeSentences: [
      "(?:sono|saro) (?:attualmente |al momento )?(?:fuori (?:sede|ufficio)|in ferie|in vacanza|assente|in trasferta)",
      "accesso limitato (?:alla|alle) (?:posta|e-?mail)",
    ],
    personLeft: [
      "non (?:lavora|fa) piu (?:parte )?(?:per|presso|con|in|della|del|di|nella|nel)",
      "(?:ha|hanno) lasciato (?:l'azienda|la societa|la nostra azienda|il gruppo)",
    ],
    mailboxUnread: [
      "(?:questa casella(?: di posta)?|questo indirizzo(?: e-?mail| email| di posta)?) non e piu (?:monitorat[oa]|attiv[oa]|in uso|utilizzat[oa]|lett[oa]|consultat[oa])",
    ],
  },
  unsubscribe: {
    requests: [
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
    ],
    commands: ["disiscrivimi", "cancellami"],
    footerLines: ["per annullare l'iscrizione"],
    linkOnlyWords: ["disiscriviti"],
  },
  negation: {
    negators: ["non", "mai"],
    interestWords: ["interessat[oa]", "grazie"],
  },
};
