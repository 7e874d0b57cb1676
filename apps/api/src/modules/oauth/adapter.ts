import { createHash } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { AppDb, Database } from '../../db/client.js';
import { kept } from '../../db/prepared.js';
import { oidcModels } from '../../db/schema/index.js';

/**
 * Ids of what oidc-provider stores are bearer secrets (authorization codes, access and refresh
 * tokens, session and interaction cookies): the table keeps their SHA-256 only, so a copy of it
 * lets nobody act as a user or a client.
 */
export const hashId = (id: string) => createHash('sha256').update(id).digest('base64url');

/**
 * The account (`tenant:user`) a row acts for: tokens, codes, grants and sessions name it; an
 * interaction names its session's, or the login it resumes with.
 */
function accountOf(payload: AdapterPayload): string | null {
  const candidates = [
    payload.accountId,
    (payload.session as { accountId?: unknown } | undefined)?.accountId,
    (payload.result as { login?: { accountId?: unknown } } | undefined)?.login?.accountId,
  ];
  const found = candidates.find((value) => typeof value === 'string');
  return typeof found === 'string' ? found : null;
}

/** The client a row belongs to, so that revoking an app removes all of it in one statement. */
function clientOf(payload: AdapterPayload): string | null {
  if (typeof payload.clientId === 'string') return payload.clientId;
  // An interaction in progress carries the authorization request's parameters only.
  const requested = (payload.params as { client_id?: unknown } | undefined)?.client_id;
  return typeof requested === 'string' ? requested : null;
}

const live = () => sql`(${oidcModels.expiresAt} is null or ${oidcModels.expiresAt} > now())`;

/** The columns a row is looked up by: its key (the id's hash), a session's uid, a device's user code. */
const LOOKUP_COLUMNS = { key: oidcModels.key, uid: oidcModels.uid, userCode: oidcModels.userCode } as const;
type LookupColumn = keyof typeof LOOKUP_COLUMNS;

const model = sql.placeholder('model');
const key = sql.placeholder('key');
const row = {
  payload: sql.placeholder('payload'),
  grantId: sql.placeholder('grantId'),
  uid: sql.placeholder('uid'),
  userCode: sql.placeholder('userCode'),
  clientId: sql.placeholder('clientId'),
  accountId: sql.placeholder('accountId'),
  expiresAt: sql.placeholder('expiresAt'),
};

/**
 * The adapter's statements, each built and prepared once (db/prepared.ts `kept`): a token grant makes
 * seven of them, and building their text anew on every call was a fifth of a grant's time in the API.
 */
const statements = {
  find: (db: AppDb, column: LookupColumn) =>
    kept(db, `oidc_models_find_by_${column}`, () =>
      db
        .select({ payload: oidcModels.payload })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(LOOKUP_COLUMNS[column], sql.placeholder('value')), live()))
        .limit(1),
    ),
  upsert: (db: AppDb) =>
    kept(db, 'oidc_models_upsert', () =>
      db
        .insert(oidcModels)
        .values({ model, key, ...row })
        .onConflictDoUpdate({
          target: [oidcModels.model, oidcModels.key],
          // The values the insert was given (PostgreSQL's `excluded` row), each once in the statement.
          set: Object.fromEntries(
            Object.keys(row).map((field) => {
              const column = oidcModels[field as keyof typeof row];
              return [field, sql.raw(`excluded."${column.name}"`)];
            }),
          ),
        }),
    ),
  consume: (db: AppDb) =>
    kept(db, 'oidc_models_consume', () =>
      db
        .update(oidcModels)
        .set({
          consumedAt: sql`now()`,
          payload: sql`${oidcModels.payload} || jsonb_build_object('consumed', floor(extract(epoch from now()))::bigint)`,
        })
        .where(and(eq(oidcModels.model, model), eq(oidcModels.key, key), isNull(oidcModels.consumedAt)))
        .returning({ key: oidcModels.key }),
    ),
  destroy: (db: AppDb) =>
    kept(db, 'oidc_models_destroy', () =>
      db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.key, key))),
    ),
  revokeByGrantId: (db: AppDb) =>
    kept(db, 'oidc_models_revoke_grant', () =>
      db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.grantId, sql.placeholder('grantId')))),
    ),
};

/**
 * oidc-provider's storage for one model (Session, Interaction, Grant, AuthorizationCode, AccessToken,
 * RefreshToken …) in the owner-only table oidc_models. It runs on the owner connection: requests run
 * as skyvault_app, which has no rights on the table. Each call is one statement, atomic by itself, so
 * none is wrapped in a transaction: a token grant makes eight of these calls, and BEGIN and COMMIT
 * around each would triple its round trips.
 */
export class OidcModelAdapter implements Adapter {
  /**
   * `alreadyUsed` is the refusal of a code or token another request consumed first: oidc-provider's
   * InvalidGrant, which it answers as invalid_grant (the package is imported on demand, provider.ts).
   */
  constructor(
    private readonly database: Database,
    private readonly model: string,
    private readonly alreadyUsed: () => Error = () => new Error(`${model} already used`),
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // The id is the token itself: keep only its hash, and give it back on find.
    const { jti, ...rest } = payload;
    const stored: AdapterPayload = jti === id ? rest : { ...payload };
    // Interactions note their session's id (the session cookie) without ever reading it back.
    if (stored.session?.cookie) stored.session = { ...stored.session, cookie: undefined };
    const values = {
      payload: stored as Record<string, unknown>,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      clientId: clientOf(payload),
      accountId: accountOf(payload),
      expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await statements.upsert(this.database.db).execute({ model: this.model, key: hashId(id), ...values });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const payload = await this.findWhere('key', hashId(id));
    return payload && { ...payload, jti: id };
  }

  /**
   * Sessions by their public uid (interactions and session-bound tokens look them up). The session's
   * own id exists only as a hash here, so the answer has none: those look-ups only read it.
   */
  findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.findWhere('userCode', userCode);
  }

  /**
   * Marks a code or refresh token used; a second use is how oidc-provider detects a replay. It reads
   * the token first and consumes it after: two requests with the same token at the same moment both
   * read it unused, so only the one whose update finds it still unused goes on, and the other is
   * refused as a used grant would be. Without that, one refresh token could start two token chains.
   */
  async consume(id: string): Promise<void> {
    const consumed = await statements
      .consume(this.database.db)
      .execute({ model: this.model, key: hashId(id) });
    if (consumed.length === 0) throw this.alreadyUsed();
  }

  async destroy(id: string): Promise<void> {
    await statements.destroy(this.database.db).execute({ model: this.model, key: hashId(id) });
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await statements.revokeByGrantId(this.database.db).execute({ model: this.model, grantId });
  }

  private async findWhere(column: LookupColumn, value: string): Promise<AdapterPayload | undefined> {
    const [found] = await statements.find(this.database.db, column).execute({ model: this.model, value });
    return found ? (found.payload as AdapterPayload) : undefined;
  }
}

/** Removes what has expired; consumed codes and tokens stay until then, for replay detection. */
export async function sweepExpiredModels(database: Database): Promise<number> {
  const result = await database.system((tx) =>
    tx.execute(
      sql`with removed as (delete from oidc_models where expires_at < now() returning 1) select count(*)::int as n from removed`,
    ),
  );
  // PGlite and node-postgres both answer { rows }.
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}
