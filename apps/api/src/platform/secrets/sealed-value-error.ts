import { isUuid } from '../../lib/sql.js';

/** A key as messages name it (secrets.ts' keys): its setting and its fingerprint, never the key. */
interface NamedKey {
  role: string;
  fingerprint: string;
}

/** Where the value is stored (secrets.ts' SealedAt). */
interface Place {
  scope: string;
  table: string;
  id: string;
  field: string;
}

/** The forms this build opens (secrets.ts); any other was written by another release, or is no sealed value. */
const KNOWN_FORMS = new Set(['v1', 'v2']);

/** Keys as messages name them: each by its setting and fingerprint, in the order they are tried. */
export const namedKeys = (keys: NamedKey[]) => keys.map((k) => `${k.role} ${k.fingerprint}`);

/**
 * A stored value that none of the configured keys opens. Its message goes to the log (never to the
 * API's answer, which says only that a stored secret could not be opened): it names the table,
 * column, row and tenant of the value, and the keys tried by fingerprint, never a key or the value.
 */
export class SealedValueError extends Error {
  override name = 'SealedValueError';
  readonly table: string;
  readonly column: string;
  readonly row: string;
  /** The owning tenant's id; null for a row of no tenant (its scope word is in `scope`). */
  readonly tenant: string | null;
  readonly scope: string;
  readonly keysTried: string[];
  /** The value's form (`v2`, `v1`), or what stands in its place when it is of no form this build reads. */
  readonly form: string;

  constructor(at: Place, sealed: string, keys: NamedKey[]) {
    const form = sealed.includes('.') ? sealed.slice(0, sealed.indexOf('.')).slice(0, 8) : '(none)';
    const tenant = isUuid(at.scope) ? at.scope : null;
    const keysTried = namedKeys(keys);
    const why = KNOWN_FORMS.has(form)
      ? 'sealed with another key, or moved from another row'
      : `its form ${form} is not one this build reads: written by a newer release?`;
    super(
      `A sealed value does not open: ${at.table}.${at.field} of row ${at.id}, ${
        tenant ? `tenant ${tenant}` : `scope ${at.scope}`
      } (${why}); keys tried: ${keysTried.join(', ')}.`,
    );
    this.table = at.table;
    this.column = at.field;
    this.row = at.id;
    this.tenant = tenant;
    this.scope = at.scope;
    this.keysTried = keysTried;
    this.form = form;
  }
}
