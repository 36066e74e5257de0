import { describe, expect, it } from "vitest";
import { ApiError } from "#web/lib/api-client.ts";
import { exchangeErrorMessage, readCallback } from "./gmail-callback.ts";

const state = encodeURIComponent(JSON.stringify({ senderEmail: "jane@gmail.test", nonce: "1.2.3" }));
const read = (query: string) => readCallback(new URLSearchParams(query));

describe("the Gmail authorization return page's parameters", () => {
  it("shows Google's error parameter, even beside a code", () => {
    expect(read(`error=access_denied&state=${encodeURIComponent(state)}`)).toEqual({
      kind: "error",
      message: "Gmail authorization failed: access_denied",
    });
    expect(read("error=invalid_scope&code=c")).toEqual({
      kind: "error",
      message: "Gmail authorization failed: invalid_scope",
    });
  });

  it("needs both the code and the state", () => {
    for (const query of ["", "code=abc", `state=${encodeURIComponent(state)}`, "code=&state=x"]) {
      expect(read(query), query).toEqual({ kind: "error", message: "Missing authorization code or state parameter" });
    }
  });

  it("needs a state that parses to JSON carrying senderEmail", () => {
    for (const bad of ["not-json", encodeURIComponent("{}"), encodeURIComponent('{"senderEmail":1,"nonce":"x"}')]) {
      expect(read(`code=abc&state=${encodeURIComponent(bad)}`), bad).toEqual({
        kind: "error",
        message: "Invalid state parameter",
      });
    }
  });

  it("exchanges the code with the state as Google returned it", () => {
    expect(read(`code=4%2Fabc&state=${encodeURIComponent(state)}&scope=x`)).toEqual({
      kind: "exchange",
      code: "4/abc",
      state,
      senderEmail: "jane@gmail.test",
    });
  });
});

describe("a failed exchange", () => {
  it("says the server's message, 'User not authenticated' without a session, else 'An unexpected error occurred'", () => {
    const refused = new ApiError(
      400,
      "bad_request",
      "No refresh token returned by Google. Please try again and ensure you grant consent.",
    );
    expect(exchangeErrorMessage(refused)).toBe(refused.message);
    expect(exchangeErrorMessage(new ApiError(404, "not_found", "Sender account not found"))).toBe(
      "Sender account not found",
    );
    expect(exchangeErrorMessage(new ApiError(502, "bad_gateway", "Failed to exchange code for token"))).toBe(
      "Failed to exchange code for token",
    );
    expect(exchangeErrorMessage(new ApiError(401, "unauthorized", "You must be signed in"))).toBe(
      "User not authenticated",
    );
    expect(exchangeErrorMessage(new ApiError(500, "internal_error", "Something went wrong"))).toBe(
      "An unexpected error occurred",
    );
    expect(exchangeErrorMessage(new TypeError("Failed to fetch"))).toBe("An unexpected error occurred");
  });
});
