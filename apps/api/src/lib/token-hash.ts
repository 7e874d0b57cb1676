import { createHash } from 'node:crypto';

/**
 * The digest kept in place of a bearer secret (session cookies, e-mailed links, OAuth round-trip
 * states): a database read gives away no usable token.
 */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
