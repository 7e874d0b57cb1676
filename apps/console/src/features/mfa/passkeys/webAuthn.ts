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
 * The browser's part of registering a passkey, through @simplewebauthn/browser. The library loads on the
 * way here only, so it is never part of the console's first load (the login page).
 */
export async function registerWithBrowser(
  options: Record<string, unknown>,
): Promise<PasskeyCredentialResponse> {
  try {
    const { startRegistration } = await import('@simplewebauthn/browser');
    // The server made these options with @simplewebauthn/server, for this very function.
    const optionsJSON = options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'];
    return (await startRegistration({ optionsJSON })) as unknown as PasskeyCredentialResponse;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error), { cause: error });
  }
}
