import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/database.js';
import type { Database } from '../../db/client.js';
import { oidcModels } from '../../db/schema/index.js';
import { hashId, OidcModelAdapter, sweepExpiredModels } from './adapter.js';

describe('the authorization server store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const rows = () => database.system((tx) => tx.select().from(oidcModels));

  it('keeps a token under its hash, gives it back with its id, and marks it consumed', async () => {
    const tokens = new OidcModelAdapter(database, 'RefreshToken');
    await tokens.upsert(
      'rt-secret-1',
      { jti: 'rt-secret-1', kind: 'RefreshToken', clientId: 'c1', grantId: 'g1' },
      60,
    );
    const [row] = (await rows()).filter((r) => r.model === 'RefreshToken');
    expect(row).toMatchObject({
      key: hashId('rt-secret-1'),
      clientId: 'c1',
      grantId: 'g1',
      consumedAt: null,
    });
    expect(JSON.stringify(row)).not.toContain('rt-secret-1');

    expect(await tokens.find('rt-secret-1')).toMatchObject({ jti: 'rt-secret-1', clientId: 'c1' });
    expect(await tokens.find('rt-secret-2')).toBeUndefined();
    await tokens.consume('rt-secret-1');
    expect((await tokens.find('rt-secret-1'))?.consumed).toEqual(expect.any(Number));
  });

  it('finds sessions by uid, and keeps no session id in an interaction', async () => {
    const sessions = new OidcModelAdapter(database, 'Session');
    await sessions.upsert('session-cookie-1', { jti: 'session-cookie-1', uid: 'uid-1', accountId: 'a' }, 60);
    expect(await sessions.findByUid('uid-1')).toMatchObject({ uid: 'uid-1', accountId: 'a' });

    const interactions = new OidcModelAdapter(database, 'Interaction');
    await interactions.upsert(
      'int-1',
      { jti: 'int-1', session: { uid: 'uid-1', cookie: 'session-cookie-1' }, params: { client_id: 'c2' } },
      60,
    );
    const stored = (await rows()).find((r) => r.model === 'Interaction')!;
    expect(stored.clientId).toBe('c2');
    expect(JSON.stringify(stored.payload)).not.toContain('session-cookie-1');
    expect(await interactions.find('int-1')).toMatchObject({ session: { uid: 'uid-1' } });
  });

  it('revokes one model of a grant, and ignores what has expired until it is swept', async () => {
    const access = new OidcModelAdapter(database, 'AccessToken');
    const codes = new OidcModelAdapter(database, 'AuthorizationCode');
    await access.upsert('at-1', { jti: 'at-1', grantId: 'g9', clientId: 'c9' }, 60);
    await codes.upsert('code-1', { jti: 'code-1', grantId: 'g9', clientId: 'c9' }, 60);
    await access.revokeByGrantId('g9');
    expect(await access.find('at-1')).toBeUndefined();
    expect(await codes.find('code-1')).toMatchObject({ jti: 'code-1', grantId: 'g9' });

    await access.upsert('at-old', { jti: 'at-old' }, -5);
    expect(await access.find('at-old')).toBeUndefined();
    expect(await sweepExpiredModels(database)).toBe(1);
    expect((await rows()).some((r) => r.key === hashId('at-old'))).toBe(false);
  });
});
