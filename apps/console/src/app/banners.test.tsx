import {
  CONNECTION_HEALTH_TEXTS,
  DOMAIN_MESSAGES,
  type SessionUser,
  STORAGE_MESSAGES,
} from '@skyvault/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BANNER_LABEL as CONNECTIONS_BANNER_LABEL } from '../features/connections/UnhealthyConnectionsBanner';
import { MISSING_DOMAINS_LABEL } from '../features/domains/MissingDomainsBanner';
import { STORAGES_BANNER_LABEL } from '../features/storages/UnhealthyStoragesBanner';
import type { FetchRoute } from '../test/fetchStub';
import { adminUser, memberUser } from '../test/fixtures';
import { askedPaths, openConsole } from '../test/openConsole';

const UNHEALTHY_CONNECTIONS = '/api/v1/connections/unhealthy';
const UNHEALTHY_STORAGES = '/api/v1/storages/unhealthy';
const DOMAINS = '/api/v1/domains';

const domain = (name: string, missingSince: string | null) => ({
  id: crypto.randomUUID(),
  domain: name,
  status: 'Verified',
  txtName: `_skyvault-verification.${name}`,
  txtValue: 'skyvault-verification=abc',
  verifiedAt: '2026-11-01T10:00:00.000Z',
  checkedAt: '2026-11-20T10:00:00.000Z',
  lastFound: [],
  lastError: missingSince ? `No DNS name _skyvault-verification.${name} exists yet (NXDOMAIN).` : null,
  missingSince,
  lapsesAt: missingSince ? '2026-11-27T10:00:00.000Z' : null,
  createdAt: '2026-11-01T09:00:00.000Z',
});

/** Every banner's read, with nothing to report: each case below gives its own something. */
const QUIET: Record<string, FetchRoute> = {
  'GET /api/v1/mfa': { body: { rows: [], count: 0 } },
  [`GET ${UNHEALTHY_CONNECTIONS}`]: { body: { rows: [], count: 0 } },
  [`GET ${UNHEALTHY_STORAGES}`]: { body: { rows: [], count: 0 } },
  [`GET ${DOMAINS}`]: { body: { domains: [], total: 0 } },
};

interface BannerCase {
  name: string;
  label: string;
  /** The read the banner is drawn from. */
  read: string;
  answer: unknown;
  says: string;
  /** What it must not name (a healthy item beside the unhealthy one). */
  omits?: string;
  /** A signed-in person who never gets it (nor asks for it). */
  notFor: { who: string; session: SessionUser };
}

const BANNERS: BannerCase[] = [
  {
    name: 'unhealthy connections',
    label: CONNECTIONS_BANNER_LABEL,
    read: UNHEALTHY_CONNECTIONS,
    answer: {
      rows: [
        {
          id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
          name: 'acme-prod',
          status: 'ReauthRequired',
          reason: 'user_inactive',
        },
      ],
      count: 1,
    },
    says: CONNECTION_HEALTH_TEXTS.banner(['acme-prod'], 0),
    notFor: { who: 'a user who is not an administrator', session: memberUser },
  },
  {
    name: 'unhealthy storages',
    label: STORAGES_BANNER_LABEL,
    read: UNHEALTHY_STORAGES,
    answer: {
      rows: [{ id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', name: 'aws-main', problem: 'BucketNotFound' }],
      count: 1,
    },
    says: STORAGE_MESSAGES.banner(['aws-main'], 0),
    notFor: { who: 'a tenant without Backup', session: { ...adminUser, services: ['devOps'] } },
  },
  {
    name: 'missing domain records',
    label: MISSING_DOMAINS_LABEL,
    read: DOMAINS,
    answer: {
      domains: [domain('acme.com', '2026-11-20T10:00:00.000Z'), domain('fine.example.com', null)],
      total: 2,
    },
    says: DOMAIN_MESSAGES.banner(['acme.com']),
    omits: 'fine.example.com',
    notFor: { who: 'a user who is not an administrator', session: memberUser },
  },
];

const open = (session: SessionUser, banner: BannerCase) =>
  openConsole('/mfa', {
    ...QUIET,
    'GET /api/v1/auth/session': { body: session },
    [`GET ${banner.read}`]: { body: banner.answer },
  });

describe.each(BANNERS)('the $name banner', (banner) => {
  it("shows on an administrator's pages, naming what needs attention", async () => {
    open(adminUser, banner);
    const shown = await screen.findByRole('status', { name: banner.label }, { timeout: 10_000 });
    expect(shown).toHaveTextContent(banner.says);
    if (banner.omits) expect(shown).not.toHaveTextContent(banner.omits);
  }, 15_000);

  it(`is not asked for by ${banner.notFor.who}`, async () => {
    const fetchMock = open(banner.notFor.session, banner);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'MFA Devices' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(askedPaths(fetchMock)).not.toContain(banner.read);
    expect(screen.queryByRole('status', { name: banner.label })).not.toBeInTheDocument();
  }, 15_000);
});
