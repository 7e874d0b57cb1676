import {
  type SetupGuide as Guide,
  SETUP_GUIDE_WORDS,
  SETUP_STEP_KEYS,
  type SetupStepKey,
} from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SetupGuide } from './SetupGuide';
import { setupGuideKey } from './setupGuide.queries';

const GET = 'GET /api/v1/setup-guide';

const guide = (done: Partial<Record<SetupStepKey, boolean>>, withStorage = true): Guide => {
  const keys = SETUP_STEP_KEYS.filter((key) => withStorage || key !== 'addStorage');
  const steps = keys.map((key) => ({ key, done: done[key] ?? false }));
  return { steps, complete: steps.every((step) => step.done), dismissed: false };
};

const region = () => screen.findByRole('region', { name: SETUP_GUIDE_WORDS.title });
const stepsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('the setup guide', () => {
  it('lists the steps in order, ticks off what is done and links to where the rest is done', async () => {
    stubFetch({ [GET]: { body: guide({ connectSalesforce: true, createRole: true }) } });
    renderWithProviders(<SetupGuide />, { path: '/licenses' });

    const section = await region();
    expect(stepsOf(section)).toEqual([
      'Connect Salesforce Done',
      'Add a storage',
      'Create a role and a group',
      'Invite users',
    ]);
    expect(within(section).getByText('1 of 4 steps done')).toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Create connection' })).not.toBeInTheDocument();
    // The role is there: only the group is left of that step.
    expect(within(section).queryByRole('link', { name: 'Create role' })).not.toBeInTheDocument();
    const links = within(section)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Add a storage', '/storages'],
      ['Create group', '/groups'],
      ['Invite users', '/users'],
    ]);
  });

  it('has no storage step without Backup, and offers both parts of the role step', async () => {
    stubFetch({ [GET]: { body: guide({}, false) } });
    renderWithProviders(<SetupGuide />, { path: '/licenses' });
    const section = await region();
    expect(stepsOf(section)).toEqual(['Connect Salesforce', 'Create a role and a group', 'Invite users']);
    expect(within(section).getByRole('link', { name: 'Create connection' })).toHaveAttribute(
      'href',
      '/connections',
    );
    expect(within(section).getByRole('link', { name: 'Create role' })).toHaveAttribute(
      'href',
      '/roles/create',
    );
    expect(within(section).getByText('0 of 3 steps done')).toBeInTheDocument();
  });

  it('is hidden for the organization with its close button, and says so', async () => {
    let sent: unknown;
    stubFetch({
      [GET]: { body: guide({}) },
      'PATCH /api/v1/setup-guide': (init) => {
        sent = bodyOf(init);
        return { body: { ...guide({}), dismissed: true } };
      },
    });
    renderWithProviders(<SetupGuide />, { path: '/licenses' });
    fireEvent.click(within(await region()).getByRole('button', { name: SETUP_GUIDE_WORDS.dismiss }));

    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
    expect(sent).toEqual({ dismissed: true });
    expect(await screen.findByText(SETUP_GUIDE_WORDS.dismissed)).toBeInTheDocument();
  });

  it.each([
    [
      'every step is done',
      {
        ...guide({
          connectSalesforce: true,
          addStorage: true,
          createRole: true,
          createGroup: true,
          inviteUsers: true,
        }),
      },
    ],
  ])('shows nothing once %s', async (_, answer) => {
    stubFetch({ [GET]: { body: answer } });
    const { queryClient } = renderWithProviders(<SetupGuide />, { path: '/licenses' });
    await waitFor(() => expect(queryClient.getQueryState(setupGuideKey)?.status).toBe('success'));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SETUP_GUIDE_WORDS.showAgain })).not.toBeInTheDocument();
  });

  it('hidden with steps left, offers to show it again, for the organization', async () => {
    let sent: unknown;
    stubFetch({
      [GET]: { body: { ...guide({}), dismissed: true } },
      'PATCH /api/v1/setup-guide': (init) => {
        sent = bodyOf(init);
        return { body: guide({}) };
      },
    });
    renderWithProviders(<SetupGuide />, { path: '/licenses' });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: SETUP_GUIDE_WORDS.showAgain }));
    expect(await region()).toBeInTheDocument();
    expect(sent).toEqual({ dismissed: false });
  });
});

describe('the setup guide by administrator role', () => {
  it('shows an Auditor the steps, without hiding the guide for everyone', async () => {
    stubFetch({ [GET]: { body: guide({}) } });
    renderWithProviders(<SetupGuide />, { path: '/licenses', session: administrator('Auditor') });
    expect(await region()).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SETUP_GUIDE_WORDS.dismiss })).not.toBeInTheDocument();
  });

  it('lets an Owner hide it', async () => {
    stubFetch({ [GET]: { body: guide({}) } });
    renderWithProviders(<SetupGuide />, { path: '/licenses', session: administrator('Owner') });
    expect(await region()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SETUP_GUIDE_WORDS.dismiss })).toBeInTheDocument();
  });
});
