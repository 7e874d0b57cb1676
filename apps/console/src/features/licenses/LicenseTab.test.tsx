import {
  ACTION_LABELS,
  ADMIN_ROLE_MESSAGES,
  LICENSE_EXPIRED_TEXT,
  LICENSE_EXPIRED_TITLE,
  type License,
  type LicenseState,
  SUPPORT_MESSAGES,
} from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { administrator, capabilities } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { LicenseTab } from './LicenseTab';

const STATE = 'GET /api/v1/licenses/state/dbr';
const LICENSE = 'GET /api/v1/licenses';
const DEVOPS_STATE = 'GET /api/v1/licenses/state/devops';

// Local times, so the expected texts hold in any time zone.
const NEXT_YEAR = new Date(new Date().getFullYear() + 1, 5, 30, 12, 0);
const LAST_YEAR = new Date(new Date().getFullYear() - 1, 0, 15, 8, 30);
const shown = (date: Date) =>
  `${date.toLocaleString('en-US', { month: 'long' })} ${date.getDate()}, ${date.getFullYear()} at ${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;

const backupLicense = (overrides: Partial<License> = {}): License => ({
  edition: 'Enterprise',
  endDate: NEXT_YEAR.toISOString(),
  isTrial: false,
  limits: [
    { name: 'storage', label: 'Storage', available: 500_000, used: null },
    { name: 'retention', label: 'Retention', available: 2, used: null },
    { name: 'organizations', label: 'Organizations', available: 3, used: null },
  ],
  ...overrides,
});

/** The table's text row by row; `hidden` reads a table hidden from assistive technology too. */
const rowsOf = (table: HTMLElement, hidden = false) =>
  within(table)
    .getAllByRole('row', { hidden })
    .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));

const answer = (state: LicenseState) => ({ body: { state } });

describe('a licence tab', () => {
  it('without a licence offers the trial, and starting it shows the new trial licence', async () => {
    let state: LicenseState = 'No License';
    const trial = backupLicense({
      edition: 'Backup & Archive Trial',
      isTrial: true,
      limits: [
        { name: 'storage', label: 'Storage', available: 10_000, used: null },
        { name: 'retention', label: 'Retention', available: 1, used: null },
        { name: 'organizations', label: 'Organizations', available: 1, used: null },
      ],
    });
    const fetchMock = stubFetch({
      [STATE]: () => answer(state),
      'POST /api/v1/licenses/enable-trial': () => {
        state = 'Active License';
        return { status: 201, body: { license: trial } };
      },
      [LICENSE]: { body: { license: trial } },
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    const offer = await screen.findByRole('region', { name: '14-day FREE Trial' });
    expect(within(offer).getByText('$FREE')).toBeInTheDocument();
    expect(within(offer).getByText('per 14 days')).toBeInTheDocument();
    const features = within(offer).getByRole('list', { name: 'Included in the trial' });
    expect(
      within(features)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '10 GB of backup storage',
      '1 year of backup retention',
      '1 Salesforce organization backed up',
      'Starts at once, no payment details needed',
    ]);

    fireEvent.click(within(offer).getByRole('button', { name: 'START FREE TRIAL' }));

    const card = await screen.findByRole('region', { name: 'Backup & Archive Trial' });
    expect(within(card).getByText('14-day FREE Trial')).toBeInTheDocument();
    expect(await screen.findByText('Trial was successfully started')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ product: 'backup' });
    // The state was asked again after the start.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/state/dbr'))).toHaveLength(2);
  });

  it('with an active Backup licence shows its card and its limits in GB and years', async () => {
    const fetchMock = stubFetch({
      [STATE]: answer('Active License'),
      [LICENSE]: { body: { license: backupLicense() } },
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    const card = await screen.findByRole('region', { name: 'Enterprise' });
    expect(within(card).queryByText('14-day FREE Trial')).not.toBeInTheDocument();
    const date = within(card).getByText(shown(NEXT_YEAR));
    expect(date).not.toHaveTextContent('expired');
    const table = screen.getByRole('table', { name: 'Backup & Archive license limits' });
    expect(rowsOf(table)).toEqual([
      ['Resource', 'Limit'],
      ['Storage', '500 GB'],
      ['Retention', '2 years'],
      ['Organizations', '3'],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(String(fetchMock.mock.calls.find(([url]) => String(url).includes('service='))?.[0])).toBe(
      '/api/v1/licenses?service=Dbr',
    );
  });

  it('with an active DevOps trial shows the badge and the seats used and available', async () => {
    const license: License = {
      edition: 'DevOps Trial',
      endDate: NEXT_YEAR.toISOString(),
      isTrial: true,
      limits: [
        { name: 'devopsFullAccess', label: 'Full access', available: 5, used: 2 },
        { name: 'devopsReadAccess', label: 'Read access', available: 5, used: 0 },
      ],
    };
    stubFetch({ [DEVOPS_STATE]: answer('Active License'), [LICENSE]: { body: { license } } });
    renderWithProviders(<LicenseTab product="devOps" />, { path: '/licenses' });

    const card = await screen.findByRole('region', { name: 'DevOps Trial' });
    expect(within(card).getByText('14-day FREE Trial')).toBeInTheDocument();
    expect(rowsOf(screen.getByRole('table', { name: 'DevOps license limits' }))).toEqual([
      ['License Edition', 'Used', 'Available'],
      ['Full access', '2', '5'],
      ['Read access', '0', '5'],
    ]);
  });

  it('with an expired licence blurs the limits behind the blocking dialog and shows the date in red', async () => {
    stubFetch({
      ...capabilities(),
      [STATE]: answer('Expired License'),
      [LICENSE]: { body: { license: backupLicense({ endDate: LAST_YEAR.toISOString() }) } },
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    const dialog = await screen.findByRole('dialog', { name: LICENSE_EXPIRED_TITLE });
    // Without an operator's contact: who in the organization can tell whom to ask.
    await waitFor(() =>
      expect(dialog).toHaveAccessibleDescription(
        `${LICENSE_EXPIRED_TEXT} ${SUPPORT_MESSAGES.licenseNoContact}`,
      ),
    );
    expect(within(dialog).queryByRole('button')).not.toBeInTheDocument();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: LICENSE_EXPIRED_TITLE })).toBeInTheDocument();

    // Hidden from assistive technology behind the dialog; the values are placeholders.
    const table = screen.getByRole('table', { name: 'Backup & Archive license limits', hidden: true });
    expect(rowsOf(table, true)).toEqual([
      ['Resource', 'Limit'],
      ['Storage', '•••'],
      ['Retention', '•••'],
      ['Organizations', '•••'],
    ]);
    expect(table.closest('.MuiTableContainer-root')).toHaveStyle({ filter: 'blur(4px)' });
    const date = screen.getByText(`${shown(LAST_YEAR)} (expired)`);
    expect(date).toHaveStyle({ color: 'rgb(211, 47, 47)' });
  });

  it.each([
    ['renewals@platform.example.com', 'mailto:renewals@platform.example.com'],
    ['https://platform.example.com/renew', 'https://platform.example.com/renew'],
  ])("names the operator's contact %s in the expired licence's dialog", async (contact, href) => {
    stubFetch({
      ...capabilities({ supportContact: contact }),
      [STATE]: answer('Expired License'),
      [LICENSE]: { body: { license: backupLicense({ endDate: LAST_YEAR.toISOString() }) } },
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    const dialog = await screen.findByRole('dialog', { name: LICENSE_EXPIRED_TITLE });
    const link = await within(dialog).findByRole('link', { name: contact });
    expect(link).toHaveAttribute('href', href);
    expect(dialog).toHaveAccessibleDescription(
      `${LICENSE_EXPIRED_TEXT} ${SUPPORT_MESSAGES.licenseContact} ${contact} .`,
    );
  });

  it('says when the state cannot be loaded, and tries again', async () => {
    let fail = true;
    stubFetch({
      [STATE]: () => (fail ? apiError(500, 'INTERNAL_ERROR', 'Something went wrong') : answer('No License')),
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    expect(screen.getByLabelText('Loading the license')).toBeInTheDocument();
    expect(await screen.findByText('The license could not be loaded')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'START FREE TRIAL' })).toBeInTheDocument();
  });

  it('reloads the state when the trial is refused', async () => {
    let state: LicenseState = 'No License';
    stubFetch({
      [STATE]: () => answer(state),
      'POST /api/v1/licenses/enable-trial': () => {
        state = 'Expired License';
        return apiError(409, 'CONFLICT', 'The trial has already been started.');
      },
      [LICENSE]: { body: { license: backupLicense({ endDate: LAST_YEAR.toISOString(), isTrial: true }) } },
    });
    renderWithProviders(<LicenseTab product="backup" />, { path: '/licenses' });

    fireEvent.click(await screen.findByRole('button', { name: 'START FREE TRIAL' }));
    await waitFor(() =>
      expect(screen.getByRole('dialog', { name: LICENSE_EXPIRED_TITLE })).toBeInTheDocument(),
    );
  });
});

describe('a licence tab by administrator role', () => {
  it("shows whom organization:write is not open to the trial's button disabled, and why", async () => {
    stubFetch({ [STATE]: answer('No License') });
    renderWithProviders(<LicenseTab product="backup" />, {
      path: '/licenses',
      session: administrator('EnvironmentAdministrator'),
    });
    const offer = await screen.findByRole('region', { name: '14-day FREE Trial' });
    const start = within(offer).getByRole('button', { name: ACTION_LABELS.startFreeTrial });
    expect(start).toBeDisabled();
    expect(start).toHaveAccessibleDescription(ADMIN_ROLE_MESSAGES.missingPermission('organization:write'));
  });

  it('lets an Owner start it', async () => {
    stubFetch({ [STATE]: answer('No License') });
    renderWithProviders(<LicenseTab product="backup" />, {
      path: '/licenses',
      session: administrator('Owner'),
    });
    const offer = await screen.findByRole('region', { name: '14-day FREE Trial' });
    expect(within(offer).getByRole('button', { name: ACTION_LABELS.startFreeTrial })).toBeEnabled();
  });
});
