import { PASSKEY_TEXTS, type PasskeyCredentialResponse } from '@skyvault/contract';

/** A refusal of the browser or the authenticator, rather than of the API; its message is for the user. */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
}

/**
 * The user closed the browser's prompt or let it time out (NotAllowedError, AbortError): a cancelled
 * request. Anything else keeps the library's own explanation (e.g. the passkey is registered already).
 */
const ceremonyMessage = (error: unknown): string =>
  !(error instanceof Error) || error.name === 'NotAllowedError' || error.name === 'AbortError'
    ? PASSKEY_TEXTS.cancelled
    : error.message || PASSKEY_TEXTS.cancelled;

/**
 * The browser's part of a passkey ceremony, through @simplewebauthn/browser. The library loads when a
 * passkey is used, so it is never part of the console's first load (the login page). The server made
 * the options with @simplewebauthn/server, for these very functions.
 */
async function ceremony(
  run: (browser: typeof import('@simplewebauthn/browser')) => Promise<unknown>,
): Promise<PasskeyCredentialResponse> {
  try {
    return (await run(await import('@simplewebauthn/browser'))) as PasskeyCredentialResponse;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error), { cause: error });
  }
}

type RegistrationOptions = Parameters<
  typeof import('@simplewebauthn/browser').startRegistration
>[0]['optionsJSON'];
type AuthenticationOptions = Parameters<
  typeof import('@simplewebauthn/browser').startAuthentication
>[0]['optionsJSON'];

/** Registers a new passkey (the MFA Devices page, the enrolment page). */
export const registerWithBrowser = (options: Record<string, unknown>) =>
  ceremony(({ startRegistration }) =>
    startRegistration({ optionsJSON: options as unknown as RegistrationOptions }),
  );

/** Signs in with a passkey: as the second factor, or alone (discoverable). */
export const authenticateWithBrowser = (options: Record<string, unknown>) =>
  ceremony(({ startAuthentication }) =>
    startAuthentication({ optionsJSON: options as unknown as AuthenticationOptions }),
  );
