import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  macAsPreviousRelease,
  openAsPreviousRelease,
} from '../../../test/previous-release/secrets-reader.js';
import { SHARED_SCOPE, SIGNING_KEY_SCOPE, sealedAt } from './sealed-at.js';
import { createSecretBox } from './secrets.js';

/**
 * Expand/contract: this build writes only what the previous release reads, so that release goes on
 * serving beside it during a rolling upgrade and after a rollback. A new sealed form (another
 * version, other associated data, another cipher) is taught to the reader in one release and
 * written from the next one on; writing it earlier fails here.
 */
describe('what this build seals, the previous release opens', () => {
  const key = randomBytes(32);
  const places = [
    sealedAt.applicationClientSecret('7d5f0b5e-0000-4000-8000-000000000001', 'app-1'),
    sealedAt.webhookUrl('7d5f0b5e-0000-4000-8000-000000000001', 'hook-1'),
    sealedAt.storageCredentials(null, 'storage-1'),
    sealedAt.outboxBody(null, 'message-1'),
    sealedAt.signingKey('kid-1'),
  ];

  it('opens every sealed place with the same key, in every phase of a rotation', () => {
    const other = randomBytes(32);
    for (const box of [
      createSecretBox(key),
      createSecretBox(key, other),
      createSecretBox(key, undefined, other),
    ]) {
      for (const at of places) {
        expect(openAsPreviousRelease(key, at, box.seal(at, 'secret ✓'))).toBe('secret ✓');
      }
    }
    expect([places[2]!.scope, places[4]!.scope]).toEqual([SHARED_SCOPE, SIGNING_KEY_SCOPE]);
  });

  it('computes the MACs the previous release stored and compares', () => {
    const box = createSecretBox(key);
    expect(box.mac('login-code:a@example.com:123456')).toBe(
      macAsPreviousRelease(key, 'login-code:a@example.com:123456'),
    );
    expect(box.macEquals('known-browser:x', macAsPreviousRelease(key, 'known-browser:x'))).toBe(true);
  });

  it('the frozen reader is strict: a form it does not know does not open', () => {
    const sealed = createSecretBox(key).seal(places[0]!, 'x');
    expect(() => openAsPreviousRelease(key, places[0]!, sealed.replace(/^v2/, 'v3'))).toThrow();
    expect(() => openAsPreviousRelease(key, places[1]!, sealed)).toThrow();
  });
});
