import type { OrganizationType } from '@skyvault/contract';
import type { Config } from '../../config.js';

/** The configured login server of an org type (SALESFORCE_LOGIN_URL or SALESFORCE_SANDBOX_LOGIN_URL). */
export const loginBaseFor = (settings: Config['salesforce'], type: OrganizationType) =>
  (type === 'Sandbox' ? settings.sandboxLoginUrl : settings.loginUrl).replace(/\/+$/, '');

/** Whether a failed fetch gave up at its timeout. */
export const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** A JSON answer's body, or undefined when it is none. */
export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * Calls to Salesforce as both its clients make them (the login flow, the connections' upkeep): with
 * the configured timeout (SALESFORCE_TIMEOUT_MS), never following a redirect elsewhere; a call that
 * gets no answer throws what `unreachable` makes of its error (each client words it its own way).
 */
export function createSalesforceHttp(settings: Config['salesforce'], unreachable: (error: unknown) => Error) {
  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
    } catch (error) {
      throw unreachable(error);
    }
  }

  const postForm = (url: string, form: Record<string, string>) =>
    send(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form),
    });

  return { send, postForm };
}
