import { randomBytes } from 'node:crypto';

/**
 * A client id: public, but unguessable so that apps cannot be enumerated at the authorization server.
 * 24 random bytes (192 bits) give 32 URL-safe characters; the unique index catches the impossible twin.
 */
export const newClientId = () => randomBytes(24).toString('base64url');

/**
 * A client secret: 48 random bytes (384 bits) give 64 URL-safe characters. 64 bytes of text is also the
 * length the authorization server demands of a secret that keys HS512 (client_secret_jwt), so the same
 * secret works whichever client authentication an app is later given.
 */
export const newClientSecret = () => randomBytes(48).toString('base64url');
