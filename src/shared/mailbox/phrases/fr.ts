// French: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const fr: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "pas (?:la bonne personne|le bon interlocuteur|la bonne interlocutrice|le bon contact)",
      "(?:ne suis pas|ne m'occupe pas|ne gere pas) (?:en charge|responsable|de (?:ce|cela|ces))",
      "(?:contactez|adressez-vous a|voyez avec) (?:plutot )?mon (?:collegue|responsable)",
      "(?:je transmets|j'ai transmis|je transfere|j'ai transfere) (?:votre|ton|ce) (?:message|e-?mail|mail)",
    ],
    notInterested: [
      "pas interesse(?:e|s|es)?",
      "(?:ca|cela) ne (?:m'|nous )interesse pas",
      "non,? merci",
      "pas besoin",
      "(?:nous avons|on a|j'ai) deja",
      "pas pour (?:le moment|l'instant|nous)",
      "pas (?:une|la) priorite",
      "peut-etre (?:plus tard|l'annee prochaine)",
    ],
    meetingRequest: [
      "(?:prendre|fixer|caler|organiser|planifier|programmer) (?:un |une )?(?:rendez-vous|rdv|appel|call|creneau|reunion|echange|visio)",
      "(?:etes-vous|seriez-vous|es-tu|serais-tu) disponible",
      "disponible (?:mardi|lundi|mercredi|jeudi|vendredi|demain|la semaine prochaine|pour un appel|pour echanger)",
      "on peut (?:s'appeler|se parler|en parler|echanger|se voir)",
      "appelez-moi",
      "(?:envoyez|envoyer)(?:-moi)? une invitation",
    ],
    interested: [
      "(?:ca|cela) (?:m'|nous )interesse",
      "(?:je suis|nous sommes|je serais|nous serions) (?:tres |plutot )?interesse(?:e|s|es)?",
      "(?:plus d'|davantage d')(?:informations|infos|details)",
      "envoyez(?:-moi|-nous)? (?:plus d'informations|une proposition|un devis|vos tarifs|la documentation)",
      "(?:ca|cela) a l'air (?:interessant|bien)",
      "quel (?:est (?:le|votre) )?(?:prix|tarif)",
      "combien (?:ca coute|coute)",
    ],
  },
  autoReply: {
    outOfOfficeSubject: ["absente? du bureau", "absence du bureau", "reponse automatique", "message d'absence"],
    machineSentences: ["ceci est (?:une reponse|un message|un e-?mail|un courriel) automatique"],
    outOfOfficeSentences: [
      "je suis (?:actuellement |en ce moment |absente? )?(?:absente?|en conges?|en vacances|en deplacement|hors du bureau)",
      "je serai (?:absente?|en conges?|en vacances)",
      "(?:je n'aurai pas|sans) acces a (?:mes )?(?:e-?mails|courriels|ma messagerie)",
    ],
    personLeft: [
      "ne fait plus partie (?:de|du|des)",
      "(?:a|ont) quitte (?:la societe|l'entreprise|notre societe|notre entreprise|le groupe)",
      "ne travaille plus (?:chez|pour|avec|au sein|dans)",
    ],
    mailboxUnread: [
      "(?:cette (?:adresse|boite)(?: e-?mail| mail| de messagerie| aux lettres| electronique)?) n'est plus (?:consultee|surveillee|active|utilisee|valide|lue)",
    ],
  },
  unsubscribe: {
    requests: [
      "desabonn\\p{L}*",
      "desinscri\\p{L}*",
      "(?:retirez|supprimez|enlevez)[- ]moi",
      "(?:retirer|supprimer|enlever|effacer) (?:mon adresse|mon e-?mail|mes coordonnees|mes donnees)",
      "ne (?:plus )?m(?:e |')(?:contactez|contacter|recontactez|ecrivez|envoyez|ecrire)(?: plus| pas)?",
      "ne plus (?:me |m')?(?:contacter|recevoir|ecrire|solliciter)",
      "arretez de m(?:e |')(?:envoyer|ecrire|contacter|solliciter)",
      "(?:je )?ne (?:souhaite|veux|desire) plus (?:recevoir|etre contacte)",
    ],
    commands: ["desabonner", "desinscrire"],
    footerLines: ["pour vous desinscrire"],
    linkOnlyWords: ["desabonner", "desinscription"],
  },
  negation: {
    negators: ["ne", "pas", "jamais"],
    interestWords: ["interesse\\p{L}*", "merci"],
  },
};
