import { DOMAIN_MESSAGES, type Domain } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DomainsPage } from './DomainsPage';

const pending: Domain = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  domain: 'acme.com',
  status: 'Pending',
  txtName: '_skyvault-verification.acme.com',
  txtValue: 'skyvault-verification=0123456789abcdefghijklmnopqrstuv',
  verifiedAt: null,
  checkedAt: null,
  lastFound: [],
  lastError: null,
  missingSince: null,
  lapsesAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};

describe('DomainsPage', () => {
  it('explains why to verify a domain while there is none', async () => {
    stubFetch({ 'GET /api/v1/domains': { body: { domains: [], total: 0 } } });
    renderWithProviders(<DomainsPage />, { path: '/domains' });
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
    expect(screen.getByText(/nobody else can sign up a separate organization/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add domain' })).toBeInTheDocument();
  });

  it('adds a domain and shows the TXT record to publish', async () => {
    let added = false;
    const fetchMock = stubFetch({
      'GET /api/v1/domains': () => ({
        body: added ? { domains: [pending], total: 1 } : { domains: [], total: 0 },
      }),
      'POST /api/v1/domains': () => {
        added = true;
        return { status: 201, body: pending };
      },
    });
    renderWithProviders(<DomainsPage />, { path: '/domains' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add domain' }));
    const add = await screen.findByRole('dialog', { name: 'Add domain' });
    fireEvent.input(within(add).getByLabelText(/Domain/), { target: { value: 'gmail.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    expect(await within(add).findByText(DOMAIN_MESSAGES.domainFreeMail)).toBeInTheDocument();

    fireEvent.input(within(add).getByLabelText(/Domain/), { target: { value: 'Acme.com' } });
    fireEvent.click(within(add).getByRole('button', { name: 'Add' }));
    const record = await screen.findByRole('dialog', { name: 'DNS record for acme.com' });
    expect(within(record).getByText(pending.txtName)).toBeInTheDocument();
    expect(within(record).getByText(pending.txtValue)).toBeInTheDocument();
    expect(within(record).getByRole('button', { name: "Copy the record's value" })).toBeInTheDocument();
    const posted = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(JSON.parse(String((posted![1] as RequestInit).body))).toEqual({ domain: 'acme.com' });
  });

  it('shows what a Verify found when the domain stays pending', async () => {
    const looked = {
      ...pending,
      checkedAt: '2026-11-28T10:00:00.000Z',
      lastFound: ['skyvault-verification=an-old-one'],
      lastError: DOMAIN_MESSAGES.lookup.otherValues,
    };
    let verified = false;
    stubFetch({
      'GET /api/v1/domains': () => ({ body: { domains: [verified ? looked : pending], total: 1 } }),
      [`POST /api/v1/domains/${pending.id}/verify`]: () => {
        verified = true;
        return { body: looked };
      },
    });
    renderWithProviders(<DomainsPage />, { path: '/domains' });
    const table = await screen.findByRole('table', { name: 'Domains' });
    fireEvent.click(await within(table).findByRole('button', { name: 'DNS record of acme.com' }));
    const record = await screen.findByRole('dialog', { name: 'DNS record for acme.com' });
    fireEvent.click(within(record).getByRole('button', { name: 'Verify' }));
    const found = await within(record).findByRole('status');
    expect(found).toHaveTextContent(DOMAIN_MESSAGES.lookup.otherValues);
    expect(found).toHaveTextContent('skyvault-verification=an-old-one');
  });

  it('deletes a domain after a confirmation', async () => {
    let deleted = false;
    const fetchMock = stubFetch({
      'GET /api/v1/domains': () => ({
        body: deleted ? { domains: [], total: 0 } : { domains: [pending], total: 1 },
      }),
      [`DELETE /api/v1/domains/${pending.id}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderWithProviders(<DomainsPage />, { path: '/domains' });
    const table = await screen.findByRole('table', { name: 'Domains' });
    fireEvent.click(await within(table).findByRole('button', { name: 'Delete acme.com' }));
    const confirm = await screen.findByRole('dialog', { name: DOMAIN_MESSAGES.deleteConfirm });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No domains yet')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE'),
      ).toBe(true),
    );
  });
});

describe('DomainsPage by administrator role', () => {
  const renderAs = (session: ReturnType<typeof administrator>) => {
    stubFetch({ 'GET /api/v1/domains': { body: { domains: [pending], total: 1 } } });
    renderWithProviders(<DomainsPage />, { path: '/domains', session });
  };

  it('shows an Auditor the domains and their record, without Add, Verify or Delete', async () => {
    renderAs(administrator('Auditor'));
    expect(await screen.findByRole('button', { name: 'DNS record of acme.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify acme.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete acme.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add domain' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'DNS record of acme.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
  });

  it('gives a Security administrator Verify and Delete', async () => {
    renderAs(administrator('SecurityAdministrator'));
    expect(await screen.findByRole('button', { name: 'Verify acme.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete acme.com' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'DNS record of acme.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Verify' })).toBeInTheDocument();
  });
});
