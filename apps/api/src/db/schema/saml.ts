import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { identityProviders } from './security.js';
import { tenants } from './tenants.js';

const when = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A SAML 2.0 identity provider's settings (migration 0035), beside its identity_providers row: what its
 * metadata said, how to read its assertions, and our SP key pair (the private key sealed). Its
 * identity_providers row says type 'OpenId' for the previous release's sake: this row is what makes it
 * SAML (see the migration).
 */
export const samlIdentityProviders = pgTable(
  'saml_identity_providers',
  {
    tenantId: uuid('tenant_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    /** The metadata as given or as last fetched from `metadataUrl`. */
    metadataXml: text('metadata_xml').notNull(),
    metadataUrl: text('metadata_url'),
    idpEntityId: text('idp_entity_id').notNull(),
    ssoUrl: text('sso_url').notNull(),
    ssoBinding: text('sso_binding', { enum: ['Redirect', 'Post'] }).notNull(),
    /** Base64 DER of each signing certificate. */
    signingCertificates: jsonb('signing_certificates').$type<string[]>().notNull().default([]),
    /** The first of them to expire: expiry warnings read it. */
    certificateNotAfter: when('certificate_not_after'),
    emailAttribute: text('email_attribute').notNull().default(''),
    firstNameAttribute: text('first_name_attribute').notNull().default(''),
    lastNameAttribute: text('last_name_attribute').notNull().default(''),
    clockSkewSeconds: integer('clock_skew_seconds').notNull().default(60),
    wantAssertionsSigned: boolean('want_assertions_signed').notNull().default(true),
    allowIdpInitiated: boolean('allow_idp_initiated').notNull().default(false),
    spPrivateKey: text('sp_private_key').notNull(),
    spCertificate: text('sp_certificate').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId], name: 'saml_identity_providers_pk' }),
    foreignKey({
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
      name: 'saml_identity_providers_tenant_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
      name: 'saml_identity_providers_provider_fk',
    }).onDelete('cascade'),
    index('saml_identity_providers_not_after_idx').on(t.certificateNotAfter),
  ],
);

/** Assertion ids already accepted, until the assertion expires: each is accepted once, by any process. */
export const samlAssertionsSeen = pgTable(
  'saml_assertions_seen',
  {
    tenantId: uuid('tenant_id').notNull(),
    providerId: uuid('provider_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: when('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.providerId, t.assertionId], name: 'saml_assertions_seen_pk' }),
    foreignKey({
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
      name: 'saml_assertions_seen_tenant_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
      name: 'saml_assertions_seen_provider_fk',
    }).onDelete('cascade'),
    index('saml_assertions_seen_expires_idx').on(t.expiresAt),
  ],
);

/** What a test sign-in received, for its result page (a few minutes). */
export const samlTestResults = pgTable(
  'saml_test_results',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    providerId: uuid('provider_id').notNull(),
    userId: uuid('user_id'),
    result: jsonb('result').$type<Record<string, unknown>>().notNull(),
    expiresAt: when('expires_at').notNull(),
    createdAt: when('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id], name: 'saml_test_results_pk' }),
    foreignKey({
      columns: [t.tenantId],
      foreignColumns: [tenants.id],
      name: 'saml_test_results_tenant_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.tenantId, t.providerId],
      foreignColumns: [identityProviders.tenantId, identityProviders.id],
      name: 'saml_test_results_provider_fk',
    }).onDelete('cascade'),
    index('saml_test_results_expires_idx').on(t.expiresAt),
  ],
);
