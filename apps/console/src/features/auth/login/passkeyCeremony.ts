import { PASSKEY_TEXTS, type PasskeyCredentialResponse } from '@skyvault/contract';

/** A refusal of the browser or the authenticator, rather than of the API; its message is for the user. */
export class PasskeyCeremonyError extends Error {
  override readonly name = 'PasskeyCeremonyError';
}

/**
 * The user closed the browser's prompt or let it time out (NotAllowedError, AbortError): a cancelled
 * request. Anything else keeps the library's own explanation.
 */
const ceremonyMessage = (error: unknown): string =>
  !(error instanceof Error) || error.name === 'NotAllowedError' || error.name === 'AbortError'
    ? PASSKEY_TEXTS.cancelled
    : error.message || PASSKEY_TEXTS.cancelled;

/**
 * The browser's part of signing in with a passkey, through @simplewebauthn/browser. The library loads
 * when a passkey is used, so it is never part of the login page's first load.
 */
export async function authenticateWithBrowser(
  options: Record<string, unknown>,
): Promise<PasskeyCredentialResponse> {
  try {
    const { startAuthentication } = await import('@simplewebauthn/browser');
    // The server made these options with @simplewebauthn/server, for this very function.
    const optionsJSON = options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'];
    return (await startAuthentication({ optionsJSON })) as unknown as PasskeyCredentialResponse;
  } catch (error) {
    throw new PasskeyCeremonyError(ceremonyMessage(error), { cause: error });
  }
}
