import { describe, expect, it } from "vitest";
import {
  clickUrl,
  personalBookingUrl,
  signBookingToken,
  signClickToken,
  signToken,
  trackingUrls,
  verifyBookingToken,
  verifyClickToken,
  verifyToken,
} from "./tokens.ts";

const secret = "s".repeat(40);
const id = "6f1c2b2e-8a3d-4c1e-9f0a-1b2c3d4e5f60";

describe("tracking tokens", () => {
  it("round-trips and binds the kind", () => {
    const token = signToken(secret, "open", id);
    expect(verifyToken(secret, "open", token)).toBe(id);
    expect(verifyToken(secret, "unsubscribe", token)).toBeNull();
  });
  it("rejects forged, truncated and foreign tokens", () => {
    const token = signToken(secret, "open", id);
    expect(verifyToken(secret, "open", `${id}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(verifyToken(secret, "open", token.slice(0, -1))).toBeNull();
    expect(verifyToken("t".repeat(40), "open", token)).toBeNull();
    expect(verifyToken(secret, "open", "garbage")).toBeNull();
  });
  it("builds the public URLs", () => {
    const urls = trackingUrls("https://app.example.com", secret, id);
    expect(urls.openPixel).toMatch(new RegExp(`^https://app.example.com/t/o/${id}\\.[\\w-]{22}\\.gif$`));
    expect(urls.unsubscribe).toMatch(new RegExp(`^https://app.example.com/u/${id}\\.[\\w-]{22}$`));
  });
});

describe("click tokens", () => {
  const url = "https://acme.test/pricing?plan=pro&ref=mail#top";

  it("carry the send and the URL, and only as signed", () => {
    const token = signClickToken(secret, id, url);
    expect(verifyClickToken(secret, token)).toEqual({ sendId: id, url });
    expect(verifyClickToken("t".repeat(40), token)).toBeNull();
    expect(verifyToken(secret, "open", token)).toBeNull();
  });

  it("refuse a token whose URL or send was changed", () => {
    const token = signClickToken(secret, id, url);
    const [send, encoded, mac] = token.split(".");
    const otherUrl = Buffer.from("https://evil.test/").toString("base64url");
    expect(verifyClickToken(secret, `${send}.${otherUrl}.${mac}`)).toBeNull();
    expect(verifyClickToken(secret, `7f1c2b2e-8a3d-4c1e-9f0a-1b2c3d4e5f60.${encoded}.${mac}`)).toBeNull();
    expect(verifyClickToken(secret, `${send}.${encoded}`)).toBeNull();
  });

  it("build the redirect's URL on the base given", () => {
    expect(clickUrl("https://track.acme.test", secret, id, url)).toMatch(
      new RegExp(`^https://track.acme.test/t/c/${id}\\.[\\w-]+\\.[\\w-]{22}$`),
    );
  });
});

describe("booking tokens", () => {
  const linkId = "0b7e3c1a-2f4d-4e5a-8b6c-7d8e9f0a1b2c";
  const otherLink = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
  it("prove the contact on the link they were made for, and on no other", () => {
    const token = signBookingToken(secret, linkId, id);
    expect(verifyBookingToken(secret, linkId, token)).toBe(id);
    expect(verifyBookingToken(secret, otherLink, token)).toBeNull();
  });
  it("are no other kind of token, and no other kind is one", () => {
    const booking = signBookingToken(secret, linkId, id);
    expect(verifyToken(secret, "meeting", booking)).toBeNull();
    expect(verifyBookingToken(secret, linkId, signToken(secret, "meeting", id))).toBeNull();
    expect(verifyBookingToken(secret, linkId, signToken(secret, "booking", `${linkId}:${id}`))).toBeNull();
  });
  it("reject forged, truncated and foreign tokens", () => {
    const token = signBookingToken(secret, linkId, id);
    expect(verifyBookingToken(secret, linkId, `${id}.AAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
    expect(verifyBookingToken(secret, linkId, token.slice(0, -1))).toBeNull();
    expect(verifyBookingToken("t".repeat(40), linkId, token)).toBeNull();
    expect(verifyBookingToken(secret, linkId, "")).toBeNull();
    // Another contact's id with this token's MAC.
    const other = "11111111-2222-4333-8444-555555555555";
    expect(verifyBookingToken(secret, linkId, `${other}${token.slice(id.length)}`)).toBeNull();
  });
  it("make the personal page's URL", () => {
    const url = personalBookingUrl("https://app.example.com", secret, { id: linkId, code: "Ab3dEf7h" }, id);
    expect(url).toMatch(new RegExp(`^https://app.example.com/schedule/Ab3dEf7h\\?t=${id}\\.[\\w-]{22}$`));
  });
});
