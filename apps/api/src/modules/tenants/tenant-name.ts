/** Mail providers whose domain says nothing about the organisation: the address's local part is used instead. */
const PUBLIC_MAIL_DOMAINS = new Set([
  'gmail',
  'googlemail',
  'outlook',
  'hotmail',
  'live',
  'msn',
  'yahoo',
  'icloud',
  'me',
  'aol',
  'proton',
  'protonmail',
  'gmx',
  'mail',
  'yandex',
  'zoho',
]);

const MIN = 4;
const MAX = 32;

/**
 * A first tenant name for a sign-up, from its e-mail: the organisation's domain label (acme.com →
 * acme) or, for public mail providers, the local part; only Latin letters, digits, '-' and '_', 4 to
 * 32 long. The administrator can rename it later.
 */
export function baseTenantName(email: string): string {
  const [local = '', domain = ''] = email.toLowerCase().split('@');
  const label = domain.split('.')[0] ?? '';
  const source = label && !PUBLIC_MAIL_DOMAINS.has(label) ? label : local;
  let name = source
    .normalize('NFKD')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
  if (!name) name = 'org';
  if (name.length < MIN) name = `${name}-org`;
  return name.slice(0, MAX - 4);
}

/** The base itself, or base-2, base-3 … — the first one not in `taken` (lower-cased names). */
export function firstFreeName(base: string, taken: Set<string>): string {
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`.slice(0, MAX);
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
