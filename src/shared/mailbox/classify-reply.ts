// Email Classification of a person's reply: transparent rules, tried in a fixed
// order, each naming what it found ("phrase "let's schedule a call" (meeting
// request)"), shown on hover. The order is the precedence:
//   1. unsubscribe request: the writer wants no more mail, whatever else they say;
//   2. wrong person: they are not the one to talk to (or have left);
//   3. not interested: a refusal, also "not right now, maybe in Q3" (a polite
//      no with a date is still a no today: the user decides whether to come back);
//   4. meeting request: a call, a meeting, a time;
//   5. interested: wants to know more;
//   6. other.
// Bounces and auto-replies are decided before this, from headers and formats
// (#shared/mailbox/analyze-inbound.ts); this reads only the writer's own text.
import type { ReplyClass } from "../db-enums.ts";
import { personLeftPatterns } from "./auto-reply.ts";
import { cjk, findAll, foldText, isNegated, words } from "./phrase-matching.ts";
import { detectUnsubscribeRequest } from "./unsubscribe-request.ts";

export type ReplyClassification = { replyClass: ReplyClass; classRule: string };

/** How a class is named in a rule. */
export const replyClassLabels: Readonly<Record<ReplyClass, string>> = {
  interested: "interested",
  not_interested: "not interested",
  meeting_request: "meeting request",
  out_of_office: "out of office",
  unsubscribe_request: "unsubscribe request",
  wrong_person: "wrong person",
  bounce: "bounce",
  other: "other",
};

const WRONG_PERSON = [
  ...words([
    // English
    "(?:i'm|i am|im) not the (?:right|best|correct|appropriate|relevant) (?:person|contact|one)",
    "wrong (?:person|contact|e-?mail address|address|guy|department)",
    "not (?:responsible|in charge) (?:for|of)",
    "(?:doesn't|does not|don't|do not) (?:handle|deal with|look after|manage) (?:this|that|these)",
    "the (?:right|best|correct) (?:person|contact) (?:is|would be|to (?:talk|speak) to)",
    "(?:contact|reach out to|get in touch with|speak (?:to|with)|talk to) my colleague",
    "(?:i've|i have|i'll|i will) (?:forwarded|forward|passed|pass) (?:this|your (?:e-?mail|message|note)|it) (?:on )?to",
    "you (?:should|might want to|may want to|could) (?:contact|reach out to|talk to|speak (?:to|with)|e-?mail) (?:my|our|\\p{L}+ at)",
    // German
    "nicht (?:der|die) (?:richtige|passende|zustandige) (?:ansprechpartner(?:in)?|person|kontakt)",
    "falsche(?:n|r)? (?:ansprechpartner(?:in)?|person|adresse|kontakt)",
    "nicht zustandig",
    "(?:wenden sie sich|wende dich) (?:bitte )?an",
    "(?:habe|hab) (?:ihre|die|deine) (?:e-?mail|nachricht|anfrage) (?:an \\p{L}+ )?weitergeleitet",
    // French
    "pas (?:la bonne personne|le bon interlocuteur|la bonne interlocutrice|le bon contact)",
    "(?:ne suis pas|ne m'occupe pas|ne gere pas) (?:en charge|responsable|de (?:ce|cela|ces))",
    "(?:contactez|adressez-vous a|voyez avec) (?:plutot )?mon (?:collegue|responsable)",
    "(?:je transmets|j'ai transmis|je transfere|j'ai transfere) (?:votre|ton|ce) (?:message|e-?mail|mail)",
    // Spanish
    "no soy (?:la persona|el contacto) (?:adecuad[oa]|indicad[oa]|correct[oa]|responsable)",
    "no soy (?:el|la) responsable",
    "persona equivocada",
    "(?:contacte|contacta|hable|habla|escriba|escribe) (?:con|a) mi (?:companer[oa]|colega|jefe)",
    "(?:le|te) (?:paso|reenvio|he reenviado|reenvie) (?:su|tu|el) (?:correo|mensaje)",
    // Portuguese
    "nao sou (?:a pessoa|o contato) (?:cert[oa]|indicad[oa]|corret[oa]|responsavel)",
    "nao sou (?:o|a) responsavel",
    "pessoa errada",
    "(?:fale|entre em contato|contate) com (?:o meu|meu|a minha|minha) (?:colega|gestor|gestora)",
    "(?:encaminhei|vou encaminhar|repassei|vou repassar) (?:seu|o seu|o|a sua|sua) (?:e-?mail|mensagem|contato)",
    // Dutch
    "niet de (?:juiste|goede|aangewezen) (?:persoon|contactpersoon)",
    "verkeerde (?:persoon|contactpersoon)",
    "(?:neem|neemt u) contact op met (?:mijn collega|onze)",
    "(?:doorgestuurd|doorgezet) naar (?:mijn collega|de juiste)",
    "niet verantwoordelijk voor",
    // Italian
    "non sono (?:la persona|il referente|il contatto) (?:giust[oa]|corrett[oa]|adatt[oa])",
    "non sono (?:il|la) referente",
    "persona sbagliata",
    "(?:contatti|contatta|scriva|scrivi|senta|senti) (?:il mio|la mia) (?:collega|responsabile)",
    "(?:ho inoltrato|inoltro|ho girato|giro) (?:la (?:sua|tua) (?:e-?mail|mail)|il (?:suo|tuo) messaggio)",
    "non (?:mi occupo|sono responsabile) di",
  ]),
  ...cjk([
    "不是(?:这方面的)?负责人",
    "我不负责",
    "不负责(?:这|此)",
    "找错人",
    "不是合适的人",
    "请联系(?:我的)?同事",
    "已(?:经)?转发给",
    "我(?:已经)?转给",
  ]),
  ...personLeftPatterns,
];

const NOT_INTERESTED = [
  ...words([
    // English
    "(?:not|[a-z]*n't|never) (?:be )?(?:really |very |currently |at all |at this time |too |that )?interested",
    "no,? thanks?",
    "no,? thank you",
    "(?:we're|we are) (?:all )?set",
    "all set",
    "(?:already|currently) (?:have|use|using|work with|working with|signed with|got) (?:a|an|one|our|some|someone|something)",
    "not (?:a|the right|a good) fit",
    "not a priority",
    "(?:we'll|we will|i'll|i will|going to) pass",
    "not looking (?:for|to|at)",
    "(?:don't|do not) (?:need|want) (?:this|it|your|any|that)",
    "no need for (?:this|it|your|a|that)",
    "not for us",
    "not (?:right )?now",
    "not at (?:the|this) (?:moment|time)",
    "maybe (?:later|next (?:year|quarter|month))",
    "(?:reach|circle|check) (?:out |back )?(?:again )?in (?:q[1-4]|a few months|six months|\\p{L}+ months|the new year|next year)",
    "no budget",
    "no interest",
    // German
    "kein(?:e|en)? (?:interesse|bedarf)",
    "nicht interessiert",
    "nein,? danke",
    "(?:haben|nutzen|verwenden) (?:bereits|schon) (?:eine?n?|unsere?n?)",
    "(?:derzeit|aktuell|im moment|momentan|zurzeit) nicht",
    "passt (?:leider )?nicht",
    "vielleicht (?:spater|nachstes jahr|im nachsten quartal)",
    // French
    "pas interesse(?:e|s|es)?",
    "(?:ca|cela) ne (?:m'|nous )interesse pas",
    "non,? merci",
    "pas besoin",
    "(?:nous avons|on a|j'ai) deja",
    "pas pour (?:le moment|l'instant|nous)",
    "pas (?:une|la) priorite",
    "peut-etre (?:plus tard|l'annee prochaine)",
    // Spanish
    "no (?:me|nos) interesa",
    "no (?:estoy|estamos) interesad[oa]s?",
    "no,? gracias",
    "no (?:lo )?necesitamos",
    "ya (?:tenemos|contamos con|trabajamos con|usamos)",
    "(?:por ahora|de momento|ahora mismo|por el momento) no",
    "ahora no es (?:buen|el) momento",
    "no es (?:una )?prioridad",
    "(?:quizas|quiza|tal vez) (?:mas adelante|el proximo ano)",
    // Portuguese
    "nao (?:tenho|temos) interesse",
    "nao (?:estou|estamos) interessad[oa]s?",
    "nao,? obrigad[oa]",
    "nao precisamos",
    "ja (?:temos|usamos|trabalhamos com)",
    "(?:no momento|por enquanto|agora) nao",
    "nao e (?:uma )?prioridade",
    "talvez (?:mais (?:para a )?frente|no proximo ano)",
    // Dutch
    "geen (?:interesse|behoefte)",
    "niet geinteresseerd",
    "nee,? (?:dank(?:je|u)(?: wel)?|bedankt)",
    "(?:we|wij) hebben al",
    "(?:op dit moment|momenteel|nu) niet",
    "misschien later",
    "geen prioriteit",
    // Italian
    "non (?:mi|ci) interessa",
    "non (?:sono|siamo) interessat[oi]",
    "no,? grazie",
    "non (?:ne )?abbiamo bisogno",
    "(?:abbiamo|usiamo|utilizziamo) gia",
    "(?:per ora|al momento|per il momento) no",
    "non (?:e )?una priorita",
    "(?:forse|magari) piu avanti",
  ]),
  ...cjk([
    "不感兴趣",
    "不感興趣",
    "没有兴趣",
    "沒有興趣",
    "没兴趣",
    "不需要",
    "不用了",
    "暂时不考虑",
    "目前不考虑",
    "已经有(?:合作|供应商|了)",
  ]),
];

const WEEKDAYS_EN = "monday|tuesday|wednesday|thursday|friday|tomorrow|next week|this week";

const MEETING_REQUEST = [
  ...words([
    // English
    "(?:schedule|set up|setup|book|arrange|organi[sz]e|have|hop on|jump on|get on|grab) (?:a |an |some )?(?:quick |short |brief |15[- ]min(?:ute)? |30[- ]min(?:ute)? )?(?:call|meeting|chat|demo|zoom|teams call|video call|phone call)",
    "let's (?:talk|chat|meet|connect|speak|set up|schedule|book|find a time)",
    "(?:can|could|shall) we (?:talk|chat|meet|speak|set up|schedule|hop on|jump on|find a time)",
    "(?:give me|give us) a (?:call|ring)",
    "call me (?:back|tomorrow|today|this (?:week|afternoon|morning)|next week|(?:on )?(?:monday|tuesday|wednesday|thursday|friday))",
    "(?:are|would) you (?:be )?(?:free|available)",
    "(?:when|what time) (?:are you|would you be|works|is good|suits)",
    `(?:how|what) about (?:${WEEKDAYS_EN})`,
    "(?:monday|tuesday|wednesday|thursday|friday|tomorrow) (?:at|@|works|afternoon|morning)",
    "(?:calendar|meeting) (?:invite|invitation|link)",
    "send (?:me |over )?(?:an? )?invite",
    "calendly",
    "book (?:a )?(?:time|slot)",
    "happy to (?:talk|chat|meet|jump on|hop on)",
    "(?:free|available) (?:for a call|to talk|to chat|to meet)",
    // German
    "(?:termin|telefonat|gesprach|call|meeting|videocall|anruf) (?:vereinbaren|ausmachen|machen|einplanen|planen|abstimmen)",
    "(?:lassen sie uns|lass uns) (?:gerne )?(?:telefonieren|sprechen|reden|treffen)",
    "(?:konnen|wollen) wir (?:kurz |gerne |uns )?(?:telefonieren|sprechen|treffen)",
    "rufen sie mich (?:gerne |bitte )?an",
    "(?:haben|hatten) sie (?:am \\p{L}+ |nachste woche |diese woche |morgen )?zeit",
    "terminvorschlag\\p{L}*",
    "kalendereinladung",
    // French
    "(?:prendre|fixer|caler|organiser|planifier|programmer) (?:un |une )?(?:rendez-vous|rdv|appel|call|creneau|reunion|echange|visio)",
    "(?:etes-vous|seriez-vous|es-tu|serais-tu) disponible",
    "disponible (?:mardi|lundi|mercredi|jeudi|vendredi|demain|la semaine prochaine|pour un appel|pour echanger)",
    "on peut (?:s'appeler|se parler|en parler|echanger|se voir)",
    "appelez-moi",
    "(?:envoyez|envoyer)(?:-moi)? une invitation",
    // Spanish
    "(?:agendar|programar|concertar|organizar|tener|fijar|hacer) (?:una )?(?:llamada|reunion|cita|videollamada|demo)",
    "(?:hablemos|llamame|llameme|reunamonos)",
    "(?:podemos|podriamos) (?:hablar|hacer una llamada|reunirnos|tener una llamada)",
    "(?:estas|esta|estaria|estarias) disponible",
    "(?:te|le) (?:va bien|viene bien) (?:el )?(?:lunes|martes|miercoles|jueves|viernes|manana)",
    "invitacion (?:de|al|en el) calendario",
    // Portuguese
    "(?:agendar|marcar|ter|fazer) (?:uma )?(?:reuniao|chamada|ligacao|call|conversa|demo)",
    "(?:podemos|poderiamos) (?:conversar|falar|nos reunir|marcar)",
    "(?:me ligue|ligue-me|me liga)",
    "(?:voce esta|esta|estaria) disponivel",
    "convite (?:no|de|para o) calendario",
    "vamos conversar",
    // Dutch
    "(?:een )?(?:afspraak|belafspraak|gesprek|call|meeting|videogesprek|kennismaking|kennismakingsgesprek) (?:inplannen|plannen|maken|inschieten)",
    "(?:laten we|zullen we) (?:even )?(?:bellen|afspreken|praten|een call)",
    "(?:kunnen we|kunnen wij) (?:even |binnenkort |volgende week )?(?:bellen|afspreken|praten|een afspraak)",
    "bel (?:me|mij)",
    "(?:ben je|bent u|heb je|heeft u) (?:\\p{L}+ )?(?:beschikbaar|tijd)",
    "agenda-?uitnodiging",
    // Italian
    "(?:fissare|organizzare|programmare|pianificare|fare) (?:una |un )?(?:call|chiamata|riunione|incontro|appuntamento|videochiamata|demo)",
    "(?:possiamo|potremmo) (?:sentirci|parlarne|vederci|fare una call|organizzare)",
    "(?:sentiamoci|chiamami|mi chiami)",
    "(?:sei|saresti|sarebbe) disponibile",
    "invito (?:in|nel|sul|al) calendario",
  ]),
  ...cjk([
    "约(?:个|一个)?(?:时间|电话|会议)",
    "安排(?:一个|一次)?(?:会议|电话|通话|时间)",
    "(?:开个|开一个)会",
    "电话(?:沟通|聊|交流)",
    "(?:视频|线上)会议",
    "什么时候(?:方便|有空)",
    "(?:周|星期)[一二三四五六日](?:下午|上午)?(?:有空|方便|可以)",
    "日历邀请",
    "聊一聊",
    "聊聊",
  ]),
];

const INTERESTED = [
  ...words([
    // English
    "(?:i'm|i am|we're|we are|i'd be|we'd be|would be|very|definitely|quite|really|could be|might be) interested",
    "interested",
    "sounds (?:good|great|interesting|promising)",
    "looks (?:good|great|interesting|promising)",
    "tell me more",
    "(?:send|share) (?:me |us |over )?(?:some |the |your )?(?:more )?(?:info|information|details|pricing|prices|price list|a quote|a proposal|deck|the deck|a deck|case studies|a brochure)",
    "(?:learn|hear|know) more",
    "(?:i'd|i would|we'd|we would) (?:love|like) to (?:learn|hear|know|see|try)",
    "how much (?:does|is|would|do)",
    "what (?:does it|would it|do you) (?:cost|charge)",
    "what(?:'s| is| are) (?:the |your )?(?:price|pricing|cost|rates)",
    "keen to",
    "yes,? please",
    "count (?:me|us) in",
    // German
    "(?:klingt|hort sich) (?:sehr )?(?:interessant|gut|spannend)(?: an)?",
    "(?:bin|sind|waren|ware) (?:sehr |durchaus )?interessiert",
    "interesse (?:an|daran)",
    "(?:mehr|weitere) (?:infos|informationen|details)",
    "(?:schicken|senden) sie (?:mir |uns )?(?:gerne |bitte )?(?:die |ihre )?(?:mehr |weitere )?(?:infos|informationen|unterlagen|preise|preisliste|ein angebot)",
    "was kostet",
    // French
    "(?:ca|cela) (?:m'|nous )interesse",
    "(?:je suis|nous sommes|je serais|nous serions) (?:tres |plutot )?interesse(?:e|s|es)?",
    "(?:plus d'|davantage d')(?:informations|infos|details)",
    "envoyez(?:-moi|-nous)? (?:plus d'informations|une proposition|un devis|vos tarifs|la documentation)",
    "(?:ca|cela) a l'air (?:interessant|bien)",
    "quel (?:est (?:le|votre) )?(?:prix|tarif)",
    "combien (?:ca coute|coute)",
    // Spanish
    "(?:me|nos) interesa",
    "(?:estoy|estamos|estaria|estariamos) (?:muy )?interesad[oa]s?",
    "mas informacion",
    "(?:suena|parece) (?:bien|interesante|genial)",
    "(?:envienme|enviame|mandame|mandenme) (?:mas )?(?:informacion|detalles|precios|una propuesta)",
    "cuanto cuesta",
    // Portuguese
    "(?:tenho|temos) interesse",
    "(?:estou|estamos|estaria) (?:muito )?interessad[oa]s?",
    "mais informacoes",
    "(?:parece|soa) (?:interessante|bom|otimo)",
    "(?:me envie|envie-me|mande|me mande) (?:mais )?(?:informacoes|detalhes|precos|uma proposta)",
    "quanto custa",
    // Dutch
    "(?:ik ben|wij zijn|we zijn|ben ik|zijn wij) (?:zeer |erg |wel )?geinteresseerd",
    "(?:klinkt|lijkt) (?:me )?(?:interessant|goed)",
    "meer (?:informatie|info|details)",
    "(?:stuur|stuurt) (?:me|mij|ons) (?:meer )?(?:informatie|info|een offerte|prijzen)",
    "wat kost",
    // Italian
    "(?:mi|ci) interessa",
    "(?:sono|siamo|sarei|saremmo) (?:molto )?interessat[oi]",
    "(?:maggiori|piu) informazioni",
    "(?:sembra|suona) (?:interessante|bene|ottimo)",
    "(?:inviatemi|mandatemi|mandami|inviami) (?:maggiori )?(?:informazioni|dettagli|prezzi|un preventivo)",
    "quanto costa",
  ]),
  ...cjk([
    "感兴趣",
    "感興趣",
    "有兴趣",
    "了解更多",
    "(?:发|发送|提供)(?:一下|一些)?(?:更多)?(?:的)?(?:资料|信息|报价|详情|价格)",
    "听起来不错",
    "多少钱",
  ]),
];

/** One rule of the classifier: what it looks for and the class it gives. */
export type ReplyRule = {
  replyClass: ReplyClass;
  /** The rule's text when it fires, or null. */
  test: (input: { subject: string; text: string }) => string | null;
};

function phraseRule(replyClass: ReplyClass, patterns: readonly RegExp[], negatable: boolean): ReplyRule {
  return {
    replyClass,
    test: ({ text }) => {
      const folded = foldText(text);
      for (const match of findAll(folded, patterns)) {
        if (negatable && isNegated(folded.folded, match)) continue;
        return `phrase "${match.phrase}" (${replyClassLabels[replyClass]})`;
      }
      return null;
    },
  };
}

/** The rules, in order of precedence: the first that fires decides. */
export const replyRules: readonly ReplyRule[] = [
  { replyClass: "unsubscribe_request", test: ({ text, subject }) => detectUnsubscribeRequest(text, subject) },
  phraseRule("wrong_person", WRONG_PERSON, false),
  phraseRule("not_interested", NOT_INTERESTED, false),
  phraseRule("meeting_request", MEETING_REQUEST, true),
  phraseRule("interested", INTERESTED, true),
];

/**
 * The class of a person's reply from its own text (without the quoted
 * original, #shared/mailbox/quoted-text.ts) and subject, with the rule that decided.
 */
export function classifyReply(input: { subject: string; text: string }): ReplyClassification {
  for (const rule of replyRules) {
    const fired = rule.test(input);
    if (fired) return { replyClass: rule.replyClass, classRule: fired };
  }
  return { replyClass: "other", classRule: "no rule matched" };
}
