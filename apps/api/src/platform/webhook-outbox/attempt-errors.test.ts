import { describe, expect, it } from 'vitest';
import { OutboundError } from '../outbound/outbound.js';
import { attemptFailure } from './attempt-errors.js';

const socketError = (code: string) => Object.assign(new Error(`socket ${code}`), { code });
const unreachable = (code: string) =>
  new OutboundError('unreachable', 'The server could not be reached.', { cause: socketError(code) });

describe('why an attempt got no answer', () => {
  it('tells a time-out, a refusal, a certificate or handshake failure and a name that does not resolve apart', () => {
    const kinds = [
      [new OutboundError('timeout', 'The server did not answer in time.'), 'timeout'],
      [new OutboundError('address', 'private'), 'address-refused'],
      [new OutboundError('too-large', 'The answer was too large.'), 'too-large'],
      [unreachable('ECONNREFUSED'), 'connection-refused'],
      [unreachable('CERT_HAS_EXPIRED'), 'tls'],
      [unreachable('DEPTH_ZERO_SELF_SIGNED_CERT'), 'tls'],
      [unreachable('ERR_TLS_CERT_ALTNAME_INVALID'), 'tls'],
      [unreachable('ERR_SSL_WRONG_VERSION_NUMBER'), 'tls'],
      [unreachable('ENOTFOUND'), 'dns'],
      [unreachable('ECONNRESET'), 'network'],
      [new OutboundError('unreachable', 'The server could not be reached.'), 'network'],
    ] as const;
    for (const [error, kind] of kinds) expect(attemptFailure(error).kind, error.message).toBe(kind);
  });

  it('says it in our words, naming the code of a TLS or network failure and never the socket message', () => {
    expect(attemptFailure(unreachable('CERT_HAS_EXPIRED')).message).toBe(
      'The TLS handshake failed. (CERT_HAS_EXPIRED)',
    );
    expect(attemptFailure(unreachable('ECONNRESET')).message).toBe(
      'The server could not be reached. (ECONNRESET)',
    );
    expect(attemptFailure(unreachable('ECONNREFUSED')).message).toBe('The connection was refused.');
    expect(JSON.stringify(attemptFailure(unreachable('ENOTFOUND')))).not.toContain('socket');
  });
});
