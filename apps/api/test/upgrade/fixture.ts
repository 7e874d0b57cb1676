import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A populated database kept from a release: `fixtures/<NNNN>.sql` is a dump of it at migration NNNN
 * (the newest migration that release shipped), and `fixtures/<NNNN>.json` what its API answered then.
 * The upgrade test loads every dump into an empty database, migrates it to today's schema and reads
 * the same answers back.
 */
export const FIXTURES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

/** The fixtures' secrets key (Buffer.alloc(32, 7), as every API test uses): their sealed values open with it. */
export const FIXTURE_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');

/** One GET of the API as one of the tenant's users, and the body it answered when the fixture was made. */
export interface RecordedRead {
  as: 'admin' | 'member';
  path: string;
  body: unknown;
}

export interface FixtureTenant {
  name: string;
  tenantId: string;
  adminId: string;
  memberId: string;
  /** The tenant's resources by kind, to ask another tenant for them. */
  ids: Record<string, string>;
  /** Sealed values and what they open to. */
  sealed: { table: string; column: string; id: string; plain: string }[];
  /** Whether the tenant's IP ranges admit only the office (ip-ranges.test-helpers' OFFICE_RANGE). */
  hasIpRanges: boolean;
  reads: RecordedRead[];
}

export interface Fixture {
  /** The newest migration the dump has applied, e.g. "0013". */
  migration: string;
  tenants: FixtureTenant[];
}

/** Every committed fixture, oldest first: its name, dump and expectations. */
export function committedFixtures(): { name: string; sql: string; fixture: Fixture }[] {
  return readdirSync(FIXTURES_DIR)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.sql'.length);
      return {
        name,
        sql: readFileSync(path.join(FIXTURES_DIR, file), 'utf8'),
        fixture: JSON.parse(readFileSync(path.join(FIXTURES_DIR, `${name}.json`), 'utf8')) as Fixture,
      };
    });
}
