import type { WebhookAttemptError } from '@skyvault/contract';
import { OutboundError } from '../outbound/outbound.js';

/** Certificate and handshake failures, by the code Node gives them (besides ERR_TLS_* and ERR_SSL_*). */
const TLS_CODES = new Set([
  'EPROTO',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_REVOKED',
  'HOSTNAME_MISMATCH',
]);
const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);

const codeOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** Our words for each kind: what the delivery log shows (never the receiver's body). */
const WORDS: Record<WebhookAttemptError, string> = {
  timeout: 'The server did not answer in time.',
  'connection-refused': 'The connection was refused.',
  tls: 'The TLS handshake failed.',
  dns: 'The host name could not be resolved.',
  'address-refused': 'The address is in a private or reserved network that this server may not reach.',
  'too-large': 'The answer was too large.',
  network: 'The server could not be reached.',
  'sealed-value': 'The signing secret or the URL could not be opened with SECRETS_KEY.',
};

/**
 * Why an attempt got no HTTP answer, from the outbound guard's error and the socket error under it:
 * a time-out, a refused connection and a TLS failure call for different fixes at the receiver.
 */
export function attemptFailure(error: unknown): { kind: WebhookAttemptError; message: string } {
  const kind = kindOf(error);
  const code = error instanceof OutboundError ? codeOf(error.cause) : codeOf(error);
  // A code names the failure (CERT_HAS_EXPIRED, ECONNRESET) without saying anything secret.
  const detail = code && (kind === 'tls' || kind === 'network') ? ` (${code})` : '';
  return { kind, message: `${WORDS[kind]}${detail}` };
}

function kindOf(error: unknown): WebhookAttemptError {
  if (error instanceof OutboundError) {
    if (error.reason === 'timeout') return 'timeout';
    if (error.reason === 'address') return 'address-refused';
    if (error.reason === 'too-large') return 'too-large';
    return kindOfCode(codeOf(error.cause));
  }
  return kindOfCode(codeOf(error));
}

function kindOfCode(code: string | undefined): WebhookAttemptError {
  if (!code) return 'network';
  if (code === 'ECONNREFUSED') return 'connection-refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (DNS_CODES.has(code)) return 'dns';
  if (TLS_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_')) return 'tls';
  return 'network';
}

/** The attempt's failure when the signing secret or the URL does not open (a key rotated away, say). */
export const sealedValueFailure = () => ({
  kind: 'sealed-value' as const,
  message: WORDS['sealed-value'],
});
