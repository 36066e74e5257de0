// Spanish: what the mailbox rules look for in replies (./index.ts says how each list is read).
import type { Phrases } from "./phrases.ts";

export const es: Phrases = {
  wholeWords: true,
  reply: {
    wrongPerson: [
      "no soy (?:la persona|el contacto) (?:adecuad[oa]|indicad[oa]|correct[oa]|responsable)",
      "no soy (?:el|la) responsable",
      "persona equivocada",
      "(?:contacte|contacta|hable|habla|escriba|escribe) (?:con|a) mi (?:companer[oa]|colega|jefe)",
      "(?:le|te) (?:paso|reenvio|he reenviado|reenvie) (?:su|tu|el) (?:correo|mensaje)",
    ],
    notInterested: [
      "no (?:me|nos) interesa",
      "no (?:estoy|estamos) interesad[oa]s?",
      "no,? gracias",
      "no (?:lo )?necesitamos",
      "ya (?:tenemos|contamos con|trabajamos con|usamos)",
      "(?:por ahora|de momento|ahora mismo|por el momento) no",
      "ahora no es (?:buen|el) momento",
      "no es (?:una )?prioridad",
      "(?:quizas|quiza|tal vez) (?:mas adelante|el proximo ano)",
    ],
    meetingRequest: [
      "(?:agendar|programar|concertar|organizar|tener|fijar|hacer) (?:una )?(?:llamada|reunion|cita|videollamada|demo)",
      "(?:hablemos|llamame|llameme|reunamonos)",
      "(?:podemos|podriamos) (?:hablar|hacer una llamada|reunirnos|tener una llamada)",
      "(?:estas|esta|estaria|estarias) disponible",
      "(?:te|le) (?:va bien|viene bien) (?:el )?(?:lunes|martes|miercoles|jueves|viernes|manana)",
      "invitacion (?:de|al|en el) calendario",
    ],
    interested: [
      "(?:me|nos) interesa",
      "(?:estoy|estamos|estaria|estariamos) (?:muy )?interesad[oa]s?",
      "mas informacion",
      "(?:suena|parece) (?:bien|interesante|genial)",
      "(?:envienme|enviame|mandame|mandenme) (?:mas )?(?:informacion|detalles|precios|una propuesta)",
      "cuanto cuesta",
    ],
  },
  autoReply: {
    outOfOfficeSubject: [
      "fuera de (?:la )?oficina",
      "respuesta automatica",
      // Portuguese too (ausente, ausência).
      "ausente",
      "ausencia",
    ],
    machineSentences: ["(?:esta es|este es) (?:una respuesta|un mensaje|un correo) automatic[oa]"],
    outOfOfficeSentences: [
      "(?:estoy|estare|me encuentro) (?:actualmente )?(?:fuera de (?:la )?oficina|de vacaciones|ausente|de viaje)",
      "acceso limitado (?:a|al) (?:mi )?correo",
    ],
    personLeft: [
      "ya no (?:trabaja|forma parte|esta) (?:en|con|para|de)",
      "(?:ha dejado|dejo) (?:la empresa|la compania|nuestra empresa)",
    ],
    mailboxUnread: [
      "(?:este buzon|esta (?:direccion|cuenta)(?: de correo(?: electronico)?)?) (?:ya )?no (?:esta|se) (?:monitoread[oa]|supervisad[oa]|revisad[oa]|en uso|utiliza|activ[oa]|revisa|monitorea|consulta)",
    ],
  },
  unsubscribe: {
    requests: [
      "(?:dar(?:me|nos)?|denme|dame|darse) de baja",
      "desuscrib\\p{L}*",
      "(?:eliminenme|eliminarme|eliminame|borrenme|borrarme|borrame|quitenme|quitarme|quitame|saquenme|sacarme|sacame)",
      "no (?:me|nos) (?:contacten|contactes|escriban|escribas|envien|envies|manden|mandes|vuelvan a (?:contactar|escribir)) mas",
      "no (?:me|nos) vuelvan a (?:contactar|escribir)",
      "dejen de (?:enviarme|escribirme|contactarme|mandarme)",
      "no quiero recibir mas",
    ],
    commands: ["baja", "de baja"],
    footerLines: ["para (?:darse|dar) de baja"],
    linkOnlyWords: ["baja"],
  },
  negation: {
    negators: ["no", "nunca"],
    interestWords: ["interesad[oa]s?", "gracias"],
  },
};
