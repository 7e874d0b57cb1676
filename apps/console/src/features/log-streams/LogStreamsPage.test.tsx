import { AUDIT_ACTION_GROUPS, LOG_STREAM_TEXTS, type LogStream } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACTION_LABELS } from '../../components/auditWords';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { actionsInWords } from './LogStreamActionsField';
import { LogStreamsPage, lagText } from './LogStreamsPage';

const T = LOG_STREAM_TEXTS;
const SECRET = `whsec_${'Q'.repeat(44)}`;

const stream = (changes: Partial<LogStream>): LogStream => ({
  id: '5b0c5f4e-7d0e-4c3a-9a51-0a4c2f0e9d11',
  name: 'SIEM',
  type: 'https',
  settings: {
    url: 'https://siem.example.com/in',
    service: null,
    source: null,
    storageId: null,
    prefix: null,
    hasSecret: true,
  },
  actions: [],
  state: 'active',
  lastError: null,
  failingSince: null,
  nextAttemptAt: null,
  deliveredSeq: 10,
  lastDeliveredAt: '2026-11-28T10:00:00.000Z',
  oldestUndeliveredAt: null,
  lagSeconds: 0,
  createdAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
  ...changes,
});

const healthy = stream({});
const failing = stream({
  id: '6c1d6a5f-8e1f-4d4b-8b62-1b5d3a1f0e22',
  name: 'Splunk',
  type: 'splunk',
  state: 'retrying',
  lastError: 'The receiver answered HTTP 503.',
  nextAttemptAt: '2026-11-28T10:05:00.000Z',
  lagSeconds: 600,
});

describe('LogStreamsPage', () => {
  it('lists the streams with their state, last error and lag', async () => {
    stubFetch({ 'GET /api/v1/log-streams': { body: { logStreams: [healthy, failing], total: 2 } } });
    renderWithProviders(<LogStreamsPage />, { path: '/log-streams' });
    const table = await screen.findByRole('table', { name: T.screenTitle });
    const row = (name: string) => within(table).getByText(name).closest('tr') as HTMLElement;
    expect(await within(table).findByText('SIEM')).toBeInTheDocument();
    expect(within(row('SIEM')).getByText('Active')).toBeInTheDocument();
    expect(within(row('SIEM')).getByText(T.upToDate)).toBeInTheDocument();
    expect(within(row('Splunk')).getByText('Retrying')).toBeInTheDocument();
    expect(
      within(row('Splunk')).getByText(`${T.lastError}: The receiver answered HTTP 503.`),
    ).toBeInTheDocument();
    expect(within(row('Splunk')).getByText('10 min')).toBeInTheDocument();
    expect(within(row('Splunk')).getByRole('button', { name: 'Pause Splunk' })).toBeInTheDocument();
  });

  it('says what streams are for while there is none', async () => {
    stubFetch({ 'GET /api/v1/log-streams': { body: { logStreams: [], total: 0 } } });
    renderWithProviders(<LogStreamsPage />, { path: '/log-streams' });
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('adds an HTTPS stream and shows its signing secret once', async () => {
    const fetchMock = stubFetch({
      'GET /api/v1/log-streams': { body: { logStreams: [], total: 0 } },
      'POST /api/v1/log-streams': { status: 201, body: { ...healthy, secret: SECRET } },
    });
    renderWithProviders(<LogStreamsPage />, { path: '/log-streams' });
    await userEvent.click((await screen.findAllByRole('button', { name: T.add }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: T.addTitle });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'SIEM');
    await userEvent.type(within(dialog).getByLabelText(/^URL/), 'https://siem.example.com/in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(T.secretShownOnce)).toBeInTheDocument();
    expect(screen.getByDisplayValue(SECRET)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'POST',
    );
    expect(bodyOf(post![1] as RequestInit)).toMatchObject({
      name: 'SIEM',
      settings: { type: 'https', url: 'https://siem.example.com/in' },
    });
  });

  it('sends only the kinds of event ticked, and lists them on the stream', async () => {
    const filtered = stream({ actions: [...AUDIT_ACTION_GROUPS.signIn] });
    const fetchMock = stubFetch({
      'GET /api/v1/log-streams': { body: { logStreams: [healthy], total: 1 } },
      [`PATCH /api/v1/log-streams/${healthy.id}`]: { body: filtered },
    });
    renderWithProviders(<LogStreamsPage />, { path: '/log-streams' });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit SIEM' }));
    const dialog = await screen.findByRole('dialog', { name: T.editTitle });
    const kinds = within(dialog).getByRole('group', { name: T.actions });
    expect(
      within(kinds)
        .getAllByRole('checkbox')
        .filter((box) => (box as HTMLInputElement).checked),
    ).toEqual([]);
    await userEvent.click(within(kinds).getByRole('checkbox', { name: 'Sign-in' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'PATCH'),
      ).toBe(true),
    );
    const patch = fetchMock.mock.calls.find(
      ([, init]) => (init as RequestInit | undefined)?.method === 'PATCH',
    );
    expect(bodyOf(patch![1] as RequestInit)).toMatchObject({ actions: [...AUDIT_ACTION_GROUPS.signIn] });
  });

  it("words a stream's filter: whole kinds by their name, single actions by theirs", () => {
    expect(actionsInWords([])).toBe(T.allActions);
    expect(actionsInWords(['sign-in'])).toBe(ACTION_LABELS['sign-in']);
    // In the order of the kinds: changes come first.
    expect(actionsInWords([...AUDIT_ACTION_GROUPS.signIn, 'create'])).toBe(
      `${ACTION_LABELS.create}, Sign-in`,
    );
  });

  it('resumes a suspended stream', async () => {
    const suspended = stream({ state: 'suspended', lastError: 'The connection was refused.' });
    const fetchMock = stubFetch({
      'GET /api/v1/log-streams': { body: { logStreams: [suspended], total: 1 } },
      [`POST /api/v1/log-streams/${suspended.id}/resume`]: { body: { ...suspended, state: 'active' } },
    });
    renderWithProviders(<LogStreamsPage />, { path: '/log-streams' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resume SIEM' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/resume'))).toBe(true),
    );
  });

  it('words a lag', () => {
    expect(lagText(0)).toBe(T.upToDate);
    expect(lagText(45)).toBe('45 s');
    expect(lagText(3 * 3600)).toBe('3 h');
    expect(lagText(3 * 86400)).toBe('3 days');
  });
});
