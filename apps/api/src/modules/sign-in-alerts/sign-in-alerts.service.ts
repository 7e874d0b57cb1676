import type { Brand, SignInMethod } from '@skyvault/contract';
import type { Database, Tx } from '../../db/client.js';
import type { RequestMeta } from '../../lib/context.js';
import { recordAudit } from '../../platform/audit/audit.service.js';
import { templates, type UnusualSignInMail } from '../../platform/mail/templates.js';
import type { OneTimeTokens } from '../../platform/one-time-tokens/one-time-tokens.service.js';
import type { MailOutbox } from '../../platform/outbox/index.js';
import { describeDevice } from '../sessions/index.js';
import { networkOf } from './networks.js';
import * as repo from './sign-in-alerts.repository.js';

/** Why a sign-in is unusual; the audit event's `after.reasons` and the mail's words. */
export type UnusualReason = 'new-browser' | 'unusual-network';

/** How long the mailed link can end the session: as long as a session can live unnoticed. */
const LINK_DAYS = 7;

/** The landing page of the mailed link (served by this module's routes). */
export const END_SESSION_PATH = '/api/v1/auth/end-session';

const METHOD_WORDS: Record<SignInMethod, string> = {
  password: 'password',
  'email-code': 'e-mail code and password',
  sso: 'single sign-on',
  oauth: 'a Connected App',
  passkey: 'passkey',
};

const REASON_WORDS: Record<UnusualReason, string> = {
  'new-browser': 'from a browser it was not signed in with before',
  'unusual-network': "from a network outside your organization's usual ones",
};

/**
 * A request's meta on the sign-in paths that learn the address only once the person is proven (single
 * sign-on): how to ask whether the browser is known for it (knownBrowserCheck).
 */
export type SignInMeta = RequestMeta & { knownBrowserFor?: (email: string) => boolean };

/** A sign-in that succeeded, as every sign-in path hands it over. */
export interface SignedIn {
  tenantId: string;
  userId: string;
  sessionId: string;
  method: SignInMethod;
  /** Whether the browser carries the known-browser cookie for the user's address (known-browser.ts). */
  knownBrowser: boolean;
  meta: RequestMeta;
}

/**
 * Unusual sign-ins: after every successful sign-in (password, passkey, single sign-on), one check. A
 * browser without the known-browser cookie for the address, or an address outside the tenant's usual
 * networks (see repository: the /24 or /48 its users signed in from in the last 30 days; none while
 * the tenant has an IP allow-list, which already keeps everyone else out, or has no sign-in recorded
 * yet), makes it unusual; a user's very first sign-in never is (nothing of theirs to compare it with).
 * An unusual sign-in is an audit event `unusual-sign-in` (counted by the trail's action index), and,
 * when the tenant asks, one e-mail to the user with a link that ends that session, and for an
 * administrator a copy to the Security administrators. Nothing of it runs on a refused sign-in. It runs
 * in the sign-in's own transaction where there is one (passkey, single sign-on), so that the mail is
 * sent only for a sign-in that committed; after the password login's one statement, in its own.
 */
export function createSignInAlerts(deps: {
  database: Database;
  tokens: OneTimeTokens;
  outbox: MailOutbox;
  brand: Brand;
  publicUrl: string;
}) {
  const { database, tokens, outbox, brand, publicUrl } = deps;

  /** The user's e-mail, with its link to end that session, and the Security administrators' copies. */
  async function mailUnusual(tx: Tx, signedIn: SignedIn, state: repo.AlertState, reasons: UnusualReason[]) {
    const { tenantId, userId, sessionId, meta } = signedIn;
    const facts: UnusualSignInMail = {
      tenantName: state.tenantName,
      why: reasons.map((reason) => REASON_WORDS[reason]).join(' and '),
      method: METHOD_WORDS[signedIn.method],
      device: describeDevice(meta.userAgent),
      when: `${new Date().toISOString().replace('T', ' ').slice(0, 16)} UTC`,
      address: meta.ip,
    };
    const token = await tokens.issue(tx, { tenantId, userId }, 'end-session', LINK_DAYS * 86_400, sessionId);
    const url = `${publicUrl}${END_SESSION_PATH}?token=${encodeURIComponent(token)}`;
    const mail = templates.unusualSignIn(brand, {
      ...facts,
      firstName: state.firstName,
      url,
      days: LINK_DAYS,
    });
    await outbox.enqueueMail(tx, { to: state.email, ...mail }, tenantId);
    if (state.isAdmin && state.notifySecurityAdmins) {
      for (const admin of await repo.findSecurityAdministrators(tenantId, tx, userId)) {
        const copy = templates.unusualAdminSignIn(brand, {
          ...facts,
          firstName: admin.firstName,
          who: state.email,
        });
        await outbox.enqueueMail(tx, { to: admin.email, ...copy }, tenantId);
      }
    }
  }

  async function check(tx: Tx, signedIn: SignedIn): Promise<UnusualReason[]> {
    const { tenantId, userId, sessionId, meta } = signedIn;
    const network = networkOf(meta.ip);
    const state = await repo.findAlertState(tenantId, tx, userId, network);
    if (!state) return [];
    if (network && !state.networkSeenThisHour) await repo.touchNetwork(tenantId, tx, network);
    // A user's very first sign-in has nothing to compare with (no browser of theirs is known yet): it
    // is the baseline, not an alert.
    if (!state.signedInBefore) {
      await repo.rememberSignedIn(tenantId, tx, userId);
      return [];
    }
    const reasons: UnusualReason[] = [];
    if (!signedIn.knownBrowser) reasons.push('new-browser');
    if (network && !state.hasAllowList && state.knowsNetworks && !state.usualNetwork) {
      reasons.push('unusual-network');
    }
    if (reasons.length === 0) return reasons;
    if (state.notifyUnusualSignIns) await mailUnusual(tx, signedIn, state, reasons);
    // The event last: it takes the tenant's audit chain, which every other change and sign-in of the
    // tenant waits for until this transaction ends.
    await recordAudit(tx, meta, {
      tenantId,
      actorId: userId,
      action: 'unusual-sign-in',
      method: signedIn.method,
      targetType: 'user',
      targetId: userId,
      targetName: state.email,
      after: { reasons, sessionId },
    });
    return reasons;
  }

  return {
    /** The check in the sign-in's transaction (the session is opened in `tx`). */
    inTransaction: check,

    /** The check after a sign-in that committed in one statement of its own (the password login). */
    async afterSignIn(signedIn: SignedIn): Promise<UnusualReason[]> {
      const reasons = await database.tenant(signedIn.tenantId, (tx) => check(tx, signedIn));
      // Delivery is not awaited: a slow mail server must not hold the sign-in.
      if (reasons.length > 0) outbox.nudge();
      return reasons;
    },

    nudge: () => outbox.nudge(),
  };
}

export type SignInAlerts = ReturnType<typeof createSignInAlerts>;
