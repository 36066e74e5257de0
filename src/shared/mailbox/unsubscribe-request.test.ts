import { describe, expect, it } from "vitest";
import { detectUnsubscribeRequest } from "./unsubscribe-request.ts";

describe("detectUnsubscribeRequest", () => {
  it.each([
    ["Unsubscribe"],
    ["STOP\n\nBob Stone\nHead of Sales"],
    ["Remove."],
    ["unsubscribe me please"],
    ["I already unsubscribed twice, why am I still getting these?"],
    ["Please opt me out."],
    ["Remove me from this list."],
    ["Take me off your list"],
    ["Please stop contacting me."],
    ["Do not email me again."],
    ["Not interested, please don't contact me again."],
    ["Please delete my data (GDPR)."],
    ["Bitte abmelden."],
    ["Bitte tragen Sie mich aus."],
    ["Keine weiteren E-Mails mehr, danke."],
    ["Merci de me retirer : désabonnez-moi."],
    ["Je ne souhaite plus recevoir vos messages."],
    ["Arrêtez de m'envoyer des mails."],
    ["Por favor, dame de baja."],
    ["Dejen de enviarme correos."],
    ["Quero me descadastrar."],
    ["Parem de me enviar e-mails."],
    ["Haal me van de mailinglijst."],
    ["Neem geen contact meer met mij op."],
    ["Disiscrivetemi, grazie."],
    ["Smettete di scrivermi."],
    ["请把我从邮件列表中删除"],
    ["取消订阅"],
  ])("%s", (text) => {
    expect(detectUnsubscribeRequest(text)).toMatch(/\(unsubscribe request\)$/);
  });

  it.each([
    ["I don't want to unsubscribe, just send fewer emails."],
    ["Please do not remove me, this is useful."],
    ["No need to unsubscribe me, I'm interested."],
    ["Ich möchte mich nicht abmelden."],
    ["Je ne veux pas me désabonner."],
    ["No quiero darme de baja."],
    ["Não quero me descadastrar."],
    ["Ik wil me niet afmelden."],
    ["Non voglio disiscrivermi."],
    ["我不想退订。"],
  ])("is not fooled by a negation: %s", (text) => {
    expect(detectUnsubscribeRequest(text)).toBeNull();
  });

  it.each([
    ["Interested!\n\nUnsubscribe: https://app.coldreach.test/u/42.abc"],
    ["Interested!\nUnsubscribe [https://app.coldreach.test/u/42.abc]"],
    ["Interested!\nUnsubscribe <https://app.coldreach.test/u/42.abc>"],
    ["Interested!\nTo unsubscribe from these emails, click here."],
    ["Interested!\nIf you no longer wish to receive these emails, unsubscribe here."],
    ["Sounds good. Our newsletter: https://prospect.test/newsletter?unsubscribe=1"],
    ["Reply to unsubscribe@prospect.test? No, I'm interested."],
  ])("ignores a footer or a link: %s", (text) => {
    expect(detectUnsubscribeRequest(text)).toBeNull();
  });

  it("reads the List-Unsubscribe mailto subject", () => {
    expect(detectUnsubscribeRequest("", "unsubscribe")).toBe('subject "unsubscribe" (unsubscribe request)');
    expect(detectUnsubscribeRequest("", "Re: Unsubscribe")).toBe('subject "Re: Unsubscribe" (unsubscribe request)');
    expect(detectUnsubscribeRequest("", "Re: Unsubscribe link broken?")).toBeNull();
  });

  it("names the phrase as written", () => {
    expect(detectUnsubscribeRequest("Bitte KONTAKTIEREN Sie mich nicht mehr!")).toBe(
      'phrase "KONTAKTIEREN Sie mich nicht mehr" (unsubscribe request)',
    );
  });

  it("leaves out an address the writer quotes, and reads a 64 KB word without '@' (hostile mail) at once", () => {
    // "unsubscribe" alone is a request; inside an address it is not.
    expect(detectUnsubscribeRequest("unsubscribe")).not.toBeNull();
    expect(detectUnsubscribeRequest("unsubscribe@acme.test")).toBeNull();
    expect(detectUnsubscribeRequest("<unsubscribe@acme.test>")).toBeNull();
    expect(detectUnsubscribeRequest("Please unsubscribe me <me@acme.test>")).toMatch(/unsubscribe request/);
    // /\S+@\S+\.\S+/ tried at every position took minutes on this (quadratic): the test's timeout would end it.
    expect(detectUnsubscribeRequest("a".repeat(64 * 1024))).toBeNull();
  });
});
