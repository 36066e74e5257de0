// Portuguese: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const pt: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "nao sou (?:a pessoa|o contato) (?:cert[oa]|indicad[oa]|corret[oa]|responsavel)",
      "nao sou (?:o|a) responsavel",
      "pessoa errada",
      "(?:fale|entre em contato|contate) com (?:o meu|meu|a minha|minha) (?:colega|gestor|gestora)",
      "(?:encaminhei|vou encaminhar|repassei|vou repassar) (?:seu|o seu|o|a sua|sua) (?:e-?mail|mensagem|contato)",
    ],
    notInterested: [
      "nao (?:tenho|temos) interesse",
      "nao (?:estou|estamos) interessad[oa]s?",
      "nao,? obrigad[oa]",
      "nao precisamos",
      "ja (?:temos|usamos|trabalhamos com)",
      "(?:no momento|por enquanto|agora) nao",
      "nao e (?:uma )?prioridade",
      "talvez (?:mais (?:para a )?frente|no proximo ano)",
    ],
    meetingRequest: [
      "(?:agendar|marcar|ter|fazer) (?:uma )?(?:reuniao|chamada|ligacao|call|conversa|demo)",
      "(?:podemos|poderiamos) (?:conversar|falar|nos reunir|marcar)",
      "(?:me ligue|ligue-me|me liga)",
      "(?:voce esta|esta|estaria) disponivel",
      "convite (?:no|de|para o) calendario",
      "vamos conversar",
    ],
    interested: [
      "(?:tenho|temos) interesse",
      "(?:estou|estamos|estaria) (?:muito )?interessad[oa]s?",
      "mais informacoes",
      "(?:parece|soa) (?:interessante|bom|otimo)",
      "(?:me envie|envie-me|mande|me mande) (?:mais )?(?:informacoes|detalhes|precos|uma proposta)",
      "quanto custa",
    ],
  },
  autoReply: {
    outOfOfficeSubject: ["resposta automatica", "fora do escritorio"],
    machineSentences: ["(?:esta e|este e) (?:uma resposta|uma mensagem|um e-?mail) automatic[oa]"],
    outOfOfficeSentences: [
      "(?:estou|estarei|me encontro) (?:atualmente )?(?:fora do escritorio|ausente|de ferias|em viagem)",
      "acesso limitado (?:ao|a) (?:meu )?e-?mail",
    ],
    personLeft: ["nao (?:trabalha|faz parte) mais", "ja nao (?:trabalha|faz parte)", "(?:deixou a|saiu da) empresa"],
    mailboxUnread: [
      "(?:esta caixa(?: de (?:correio|e-?mail))?|este (?:e-?mail|endereco)(?: de e-?mail)?) (?:nao e|nao esta|ja nao e) mais (?:monitorad[oa]|em uso|ativ[oa]|utilizad[oa]|lid[oa])",
    ],
  },
  unsubscribe: {
    requests: [
      "descadastr\\p{L}*",
      "(?:cancelar|cancele|cancelem) (?:a |minha )?(?:inscricao|assinatura)",
      "(?:remova|removam|retire|retirem|tire|tirem|exclua|excluam)[- ]me",
      "me (?:remova|removam|retire|retirem|tire|tirem|exclua|excluam)",
      "nao me (?:contate|contatem|contacte|contactem|envie|enviem|mande|mandem|escreva|escrevam|procure|procurem) mais",
      "(?:parem|pare) de me (?:enviar|mandar|contatar|contactar|escrever)",
      "nao quero (?:mais )?receber",
    ],
    commands: ["descadastrar"],
    footerLines: ["para cancelar (?:a|sua) inscricao"],
    linkOnlyWords: ["descadastrar"],
  },
  negation: {
    negators: ["nao", "nunca"],
    interestWords: ["interessad[oa]s?", "obrigad[oa]"],
  },
};
