import { describe, expect, it } from "vitest";
import { ownText, splitQuotedText } from "./quoted-text.ts";

const QUOTED = "> Hi Bob,\n> Would you be open to a quick call?\n> Unsubscribe: https://app.test/u/1.abc";

describe("ownText", () => {
  it.each([
    ["English Gmail", "On Tue, Dec 3, 2024 at 10:00 AM Alice Martin <alice@sender.test> wrote:"],
    [
      "English Gmail, wrapped",
      "On Tue, Dec 3, 2024 at 10:00 AM Alice Martin with a long name <\nalice@sender.test> wrote:",
    ],
    ["Apple Mail", "On Dec 3, 2024, at 10:00, Alice Martin <alice@sender.test> wrote:"],
    ["German", "Am Di., 3. Dez. 2024 um 10:00 Uhr schrieb Alice Martin <alice@sender.test>:"],
    ["German Apple Mail", "Am 03.12.2024 um 10:00 schrieb Alice Martin <alice@sender.test>:"],
    ["French", "Le mar. 3 déc. 2024 à 10:00, Alice Martin <alice@sender.test> a écrit :"],
    ["Spanish", "El mar, 3 dic 2024 a las 10:00, Alice Martin (<alice@sender.test>) escribió:"],
    ["Portuguese, wrapped", "Em ter., 3 de dez. de 2024 às 10:00, Alice Martin <alice@sender.test>\nescreveu:"],
    ["Dutch", "Op di 3 dec 2024 om 10:00 schreef Alice Martin <alice@sender.test>:"],
    ["Italian", "Il giorno mar 3 dic 2024 alle ore 10:00 Alice Martin <alice@sender.test> ha scritto:"],
    ["Chinese (Gmail)", "Alice Martin <alice@sender.test> 于2024年12月3日周二 10:00写道："],
    ["Chinese (Foxmail)", '在 2024-12-03 10:00:00，"Alice Martin" <alice@sender.test> 写道：'],
    ["Swedish", "Den 3 dec. 2024 kl. 10:00 skrev Alice Martin <alice@sender.test>:"],
  ])("drops the quote under a %s attribution", (_client, attribution) => {
    const split = splitQuotedText(`Sounds good, let's talk.\n\nBob\n\n${attribution}\n${QUOTED}\n`);
    expect(split.own).toBe("Sounds good, let's talk.\n\nBob");
    expect(split.quoted).toContain("Unsubscribe");
  });

  it.each([
    [
      "English",
      "From: Alice Martin <alice@sender.test>\nSent: Tuesday, December 3, 2024 10:00 AM\nTo: Bob\nSubject: Quick question",
    ],
    [
      "English, bold labels",
      "*From:* Alice Martin <alice@sender.test>\n*Sent:* Tuesday, December 3, 2024 10:00 AM\n*To:* Bob\n*Subject:* Quick question",
    ],
    [
      "German",
      "Von: Alice Martin <alice@sender.test>\nGesendet: Dienstag, 3. Dezember 2024 10:00\nAn: Bob\nBetreff: Kurze Frage",
    ],
    [
      "French",
      "De : Alice Martin <alice@sender.test>\nEnvoyé : mardi 3 décembre 2024 10:00\nÀ : Bob\nObjet : Question rapide",
    ],
    [
      "Spanish",
      "De: Alice Martin <alice@sender.test>\nEnviado el: martes, 3 de diciembre de 2024 10:00\nPara: Bob\nAsunto: Pregunta rápida",
    ],
    [
      "Portuguese",
      "De: Alice Martin <alice@sender.test>\nEnviada em: terça-feira, 3 de dezembro de 2024 10:00\nPara: Bob\nAssunto: Pergunta rápida",
    ],
    [
      "Dutch",
      "Van: Alice Martin <alice@sender.test>\nVerzonden: dinsdag 3 december 2024 10:00\nAan: Bob\nOnderwerp: Korte vraag",
    ],
    [
      "Italian",
      "Da: Alice Martin <alice@sender.test>\nInviato: martedì 3 dicembre 2024 10:00\nA: Bob\nOggetto: Domanda veloce",
    ],
    ["Chinese", "发件人: Alice Martin <alice@sender.test>\n发送时间: 2024年12月3日 10:00\n收件人: Bob\n主题: 快速问题"],
    ["separator", "-----Original Message-----\nFrom: Alice Martin"],
    ["German separator", "-----Ursprüngliche Nachricht-----"],
    ["French separator", "-------- Message d'origine --------"],
    ["Spanish separator", "-----Mensaje original-----"],
    ["Dutch separator", "-----Oorspronkelijk bericht-----"],
    ["Italian separator", "-----Messaggio originale-----"],
    ["QQ Mail separator", "------------------ 原始邮件 ------------------"],
    ["forward", "---------- Forwarded message ---------"],
    [
      "underscores and header",
      "________________________________\nFrom: Alice Martin <alice@sender.test>\nSent: Tuesday\nTo: Bob",
    ],
  ])("drops an Outlook-style original under a %s header block", (_kind, header) => {
    const text = `Sounds good, let's talk.\n\n${header}\n\nHi Bob,\nWould you be open to a quick call?\nUnsubscribe: https://app.test/u/1.abc`;
    expect(ownText(text)).toBe("Sounds good, let's talk.");
  });

  it("keeps the reply line right above an attribution (HTML converted to text has no blank line)", () => {
    const text = `Sounds good, let's schedule a call on Thursday.\nOn Tue, Dec 3, 2024 at 10:00 AM Alice <alice@sender.test> wrote:\n\n${QUOTED}`;
    expect(ownText(text)).toBe("Sounds good, let's schedule a call on Thursday.");
  });

  it("keeps a bottom-posted answer below the quote", () => {
    const text = `On Tue, Dec 3, 2024 at 10:00 AM Alice <alice@sender.test> wrote:\n${QUOTED}\n\nYes, Thursday works.`;
    expect(ownText(text)).toBe("Yes, Thursday works.");
  });

  it("keeps inline answers between quoted lines", () => {
    const text = "> Would Tuesday work?\nNo, Wednesday.\n> Do you use a CRM?\nYes, HubSpot.";
    expect(ownText(text)).toBe("No, Wednesday.\nYes, HubSpot.");
  });

  it("cuts the '-- ' signature and a trailing 'Sent from my iPhone'", () => {
    expect(ownText("Interested.\n\n-- \nBob Stone\nAcme")).toBe("Interested.");
    expect(ownText("Interested.\n\nSent from my iPhone")).toBe("Interested.");
    expect(ownText("Interessiert.\n\nVon meinem iPhone gesendet")).toBe("Interessiert.");
    expect(ownText("Ok.\n\nEnviado desde mi iPhone\n")).toBe("Ok.");
  });

  it("cuts everything after an attribution whose quote has no '>' marks", () => {
    const text =
      "Interested.\n\nOn Tue, Dec 3, 2024 at 10:00 AM Alice <alice@sender.test> wrote:\n\nHi Bob,\nUnsubscribe: https://x";
    expect(ownText(text)).toBe("Interested.");
  });

  it("leaves prose that only looks like an attribution", () => {
    const text = "On Monday we can talk about what you wrote.\nOn second thought, Tuesday.";
    expect(ownText(text)).toBe(text);
    expect(ownText("From: our side, all good.\nThanks")).toBe("From: our side, all good.\nThanks");
  });

  it("normalises line ends and blank runs", () => {
    expect(ownText("\r\n\r\nYes.\r\n\r\n\r\n\r\nBob\r\n")).toBe("Yes.\n\nBob");
  });
});
