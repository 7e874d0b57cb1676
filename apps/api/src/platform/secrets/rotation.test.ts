import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secrets.js';

describe('SECRETS_KEY rotation', () => {
  const here = { scope: 'tenant-a', table: 'applications', id: 'app-1', field: 'client_secret' };

  it('opens what the previous key sealed, seals with the new one only', () => {
    const previous = randomBytes(32);
    const current = randomBytes(32);
    const sealedBefore = createSecretBox(previous).seal(here, 'before');
    const box = createSecretBox(current, previous);
    expect(box.open(here, sealedBefore)).toBe('before');
    expect(box.isCurrent(here, sealedBefore)).toBe(false);
    const sealedNow = box.seal(here, 'now');
    expect(box.isCurrent(here, sealedNow)).toBe(true);
    expect(createSecretBox(current).open(here, sealedNow)).toBe('now');
    expect(() => createSecretBox(previous).open(here, sealedNow)).toThrow();
    // Without the previous key, its values no longer open.
    expect(() => createSecretBox(current).open(here, sealedBefore)).toThrow();
    // Codes MACed before the rotation still verify during it.
    expect(box.macEquals('login-code:x', createSecretBox(previous).mac('login-code:x'))).toBe(true);
    expect(box.macs('cookie')).toEqual([
      createSecretBox(current).mac('cookie'),
      createSecretBox(previous).mac('cookie'),
    ]);
  });
});

/**
 * The phases of a rotation from key A to key B (README "Rotating SECRETS_KEY"), each as the keys one
 * process is configured with. During a rolling change a process of one phase runs beside processes
 * of the phase before and the one after: each must open what the other seals and accept its MACs.
 */
describe('a phased SECRETS_KEY rotation', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);
  const phases = [
    { name: '0. before: SECRETS_KEY=A', box: () => createSecretBox(a) },
    { name: '1. opens B: SECRETS_KEY=A, SECRETS_KEY_NEXT=B', box: () => createSecretBox(a, undefined, b) },
    { name: '2. seals with B: SECRETS_KEY=B, SECRETS_KEY_PREVIOUS=A', box: () => createSecretBox(b, a) },
    // 3. `secrets reencrypt` runs with the keys of phase 2.
    { name: '4. A retired: SECRETS_KEY=B', box: () => createSecretBox(b) },
  ];
  const here = { scope: 'tenant-a', table: 'storages', id: 'storage-1', field: 'credentials' };

  for (let i = 0; i + 1 < phases.length; i += 1) {
    const [earlier, later] = [phases[i]!, phases[i + 1]!];
    it(`"${earlier.name}" and "${later.name}" open what the other seals`, () => {
      const [one, other] = [earlier.box(), later.box()];
      for (const [writer, reader] of [
        [one, other],
        [other, one],
      ] as const) {
        expect(reader.open(here, writer.seal(here, 'credentials'))).toBe('credentials');
        expect(reader.macEquals('login-code:x', writer.mac('login-code:x'))).toBe(true);
        // The authorization server's cookies: signed with the writer's first key, verified by any of the reader's.
        expect(reader.macs('cookie')).toContain(writer.macs('cookie')[0]);
      }
    });
  }

  it('only phase 2 and later seal with the new key', () => {
    expect(phases.map((p) => p.box().isCurrent(here, createSecretBox(b).seal(here, 'x')))).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });

  it('names the keys by fingerprint, never by value', () => {
    const box = createSecretBox(b, a, randomBytes(32));
    expect(box.keys.map((k) => k.role)).toEqual(['SECRETS_KEY', 'SECRETS_KEY_PREVIOUS', 'SECRETS_KEY_NEXT']);
    expect(box.keys[0]!.fingerprint).toBe(createHash('sha256').update(b).digest('hex').slice(0, 8));
    expect(JSON.stringify(box.keys)).not.toContain(b.toString('base64'));
  });
});
