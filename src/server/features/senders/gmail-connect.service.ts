// Gmail Sync for a saved sender: the Google consent URL, the authorization
// code → refresh token exchange when Google sends the user back to
// /gmail-callback, and Disconnect. The refresh token is stored encrypted
// (secret box), never logged and never returned; connecting schedules the
// sender's mailbox for the sync engine (mailbox_syncs), disconnecting revokes
// the token at Google and forgets where the Gmail sync stood.
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  GMAIL_CALLBACK_PATH,
  GMAIL_SYNC_SETTINGS,
  type GmailAuthUrlInput,
  type GmailSyncSettings,
  type GmailTokenExchangeInput,
  type GmailTokenExchangeResult,
  gmailSyncMessages as messages,
} from "#shared/senders/gmail-sync.schemas.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import { SecretDecryptError } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { mailboxFolders, mailboxSyncs } from "../../db/schema/mailbox.ts";
import { type SenderAccount, senderAccounts } from "../../db/schema/senders.ts";
import { isUuid } from "../../db/uuid.ts";
import { AppError } from "../../errors.ts";
import { exchangeAuthorizationCode, GMAIL_SCOPES, revokeGoogleToken } from "../../mail/google-oauth.ts";
// The mailbox_folders row where the Gmail source keeps its history id.
import { GMAIL_FOLDER } from "../../mailbox/gmail-source.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createGmailStateSigner } from "./gmail-oauth-state.ts";
import { claimGmailState } from "./gmail-state-claim.ts";
import { createSendersService } from "./senders.service.ts";

const GMAIL_TOKEN = secretPurposes.gmailRefreshToken;
const GOOGLE_TIMEOUT_MS = 15_000;

/** The signed-in user and the session a Gmail connect flow is bound to. */
export type GmailConnectSession = { userId: string; sessionId: string };

const senderNotFound = () => new AppError("not_found", messages.senderNotFound);

export function createGmailConnectService(deps: FeatureDeps) {
  const { db, config, secrets, log } = deps;
  const signer = createGmailStateSigner(config.appSecret);
  const senders = createSendersService(deps);
  const now = () => deps.now?.() ?? new Date();

  function google() {
    if (!config.google) {
      throw new AppError("bad_request", messages.notConfigured, { missingSettings: [...GMAIL_SYNC_SETTINGS] });
    }
    return config.google;
  }

  /**
   * Google sends the authorization code to the redirect URI, so it must be a
   * page of this app: one of its origins (PUBLIC_URL's, TRUSTED_ORIGINS) + /gmail-callback.
   */
  function checkRedirectUri(uri: string): void {
    let origin = "";
    try {
      origin = new URL(uri).origin;
    } catch {
      // refused below
    }
    if (!config.trustedOrigins.includes(origin) || uri !== `${origin}${GMAIL_CALLBACK_PATH}`) {
      const message = `redirectUri must be this app's address followed by ${GMAIL_CALLBACK_PATH}, e.g. ${config.publicUrl}${GMAIL_CALLBACK_PATH}`;
      throw new AppError("validation_error", message, { fields: { redirectUri: message } });
    }
  }

  /** The user's saved sender with this address (any case), or 404. */
  async function savedSenderByEmail(userId: string, email: string): Promise<SenderAccount> {
    const [row] = await db
      .select()
      .from(senderAccounts)
      .where(
        and(
          eq(senderAccounts.userId, userId),
          isNull(senderAccounts.campaignId),
          sql`lower(${senderAccounts.email}) = ${email.trim().toLowerCase()}`,
        ),
      );
    if (!row) throw senderNotFound();
    return row;
  }

  async function revoke(senderId: string, token: string): Promise<void> {
    const failure = await revokeGoogleToken({
      revokeUrl: config.googleEndpoints.revokeUrl,
      token,
      timeoutMs: GOOGLE_TIMEOUT_MS,
    });
    if (failure) log.warn({ senderId, reason: failure }, "could not revoke a Gmail token at Google");
  }

  return {
    /** Whether Gmail sync can be used here, and what to set up when not. */
    settings(): GmailSyncSettings {
      return {
        configured: config.google !== undefined,
        missingSettings: config.google ? [] : [...GMAIL_SYNC_SETTINGS],
        redirectUri: `${config.publicUrl}${GMAIL_CALLBACK_PATH}`,
      };
    },

    /** Google's consent URL for one of the user's saved senders. */
    async authUrl(session: GmailConnectSession, input: GmailAuthUrlInput): Promise<{ authUrl: string }> {
      const client = google();
      checkRedirectUri(input.redirectUri);
      const sender = await savedSenderByEmail(session.userId, input.senderEmail);
      const state = signer.issue({ ...session, redirectUri: input.redirectUri }, sender.email, now());
      const url = new URL(config.googleEndpoints.authUrl);
      url.search = new URLSearchParams({
        client_id: client.clientId,
        redirect_uri: input.redirectUri,
        response_type: "code",
        scope: GMAIL_SCOPES.join(" "),
        // A refresh token (offline), and a fresh one even if the account granted access before (consent).
        access_type: "offline",
        prompt: "consent",
        // Google preselects the sender's account.
        login_hint: sender.email,
        state,
      }).toString();
      return { authUrl: url.toString() };
    },

    /** Completes the connect: the code becomes the sender's stored (encrypted) refresh token. */
    async exchange(session: GmailConnectSession, input: GmailTokenExchangeInput): Promise<GmailTokenExchangeResult> {
      const client = google();
      checkRedirectUri(input.redirectUri);
      const verified = signer.verify(input.state, { ...session, redirectUri: input.redirectUri }, now());
      if (!verified) throw new AppError("bad_request", messages.invalidState);
      // Single use, across processes: a second return with this state (another code) is refused.
      if (!(await claimGmailState(db, verified.nonce, verified.expiresAt, now()))) {
        throw new AppError("bad_request", messages.invalidState);
      }
      const { senderEmail } = verified;
      // Before the code is spent: a sender deleted meanwhile gets no grant at Google.
      const sender = await savedSenderByEmail(session.userId, senderEmail);

      const result = await exchangeAuthorizationCode({
        tokenUrl: config.googleEndpoints.tokenUrl,
        clientId: client.clientId,
        clientSecret: client.clientSecret,
        code: input.code,
        redirectUri: input.redirectUri,
        timeoutMs: GOOGLE_TIMEOUT_MS,
      });
      if (result.kind === "refused") {
        log.warn({ senderId: sender.id, status: result.status, reason: result.reason }, "Google refused a Gmail code");
        throw new AppError("bad_request", messages.exchangeFailed);
      }
      if (result.kind === "unreachable") {
        log.warn({ senderId: sender.id, reason: result.detail }, "Google's token endpoint did not answer");
        throw new AppError("bad_gateway", messages.exchangeFailed);
      }
      if (!result.refreshToken) throw new AppError("bad_request", messages.noRefreshToken);
      const refreshToken = result.refreshToken;

      const at = now();
      const stored = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(senderAccounts)
          .set({
            gmailSyncEnabled: true,
            gmailRefreshTokenEncrypted: secrets.encrypt(refreshToken, GMAIL_TOKEN),
            lastSyncError: null,
          })
          .where(
            and(
              eq(senderAccounts.id, sender.id),
              eq(senderAccounts.userId, session.userId),
              isNull(senderAccounts.campaignId),
            ),
          )
          .returning({ id: senderAccounts.id, email: senderAccounts.email });
        if (!updated) return null;
        // Another Google account may stand behind the address now: the first sync starts afresh.
        await tx
          .delete(mailboxFolders)
          .where(and(eq(mailboxFolders.senderAccountId, sender.id), eq(mailboxFolders.folder, GMAIL_FOLDER)));
        // Due now, so the sync engine reads the mailbox on its next round; the old token's errors are history.
        await tx
          .insert(mailboxSyncs)
          .values({ senderAccountId: sender.id, userId: session.userId, nextSyncAt: at })
          .onConflictDoUpdate({
            target: mailboxSyncs.senderAccountId,
            set: { nextSyncAt: at, lastError: null, lastErrorAt: null, errorCount: 0 },
          });
        return updated;
      });
      if (!stored) {
        // Deleted while Google answered: the grant must not outlive it.
        await revoke(sender.id, refreshToken);
        throw senderNotFound();
      }
      log.info({ senderId: stored.id }, "Gmail sync enabled");
      return { senderId: stored.id, email: stored.email };
    },

    /**
     * Disconnect: the token is cleared and the Gmail sync's position forgotten
     * in one transaction, then revoked at Google (best effort: a failure is
     * logged; the app holds no token either way). A sender that also syncs over
     * IMAP keeps its mailbox_syncs row and its IMAP folders.
     */
    async disconnect(userId: string, senderId: string): Promise<Sender> {
      if (!isUuid(senderId)) throw senderNotFound();
      const previous = await db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            token: senderAccounts.gmailRefreshTokenEncrypted,
            imapHost: senderAccounts.imapHost,
          })
          .from(senderAccounts)
          .where(
            and(eq(senderAccounts.id, senderId), eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)),
          )
          .for("update");
        if (!row) return null;
        await tx
          .update(senderAccounts)
          .set({ gmailSyncEnabled: false, gmailRefreshTokenEncrypted: null })
          .where(eq(senderAccounts.id, senderId));
        await tx
          .delete(mailboxFolders)
          .where(and(eq(mailboxFolders.senderAccountId, senderId), eq(mailboxFolders.folder, GMAIL_FOLDER)));
        if (row.imapHost === null) await tx.delete(mailboxSyncs).where(eq(mailboxSyncs.senderAccountId, senderId));
        return row;
      });
      if (!previous) throw senderNotFound();
      if (previous.token) {
        let token: string | null = null;
        try {
          token = secrets.decrypt(previous.token, GMAIL_TOKEN);
        } catch (err) {
          if (!(err instanceof SecretDecryptError)) throw err;
          log.warn({ senderId }, "the stored Gmail token could not be decrypted, so it was not revoked at Google");
        }
        if (token) await revoke(senderId, token);
      }
      log.info({ senderId }, "Gmail sync disconnected");
      return senders.get(userId, senderId);
    },
  };
}

export type GmailConnectService = ReturnType<typeof createGmailConnectService>;
