import { GROUP_MAPPING_MESSAGES, type GroupMapping } from '@skyvault/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyOf, stubFetch } from '../../test/fetchStub';
import { administrator, adminUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { GroupMappingCard } from './GroupMappingCard';
import { groupsAnswer, oktaProvider, providerUrl, salesGroup } from './identity-providers.fixtures';

const OTHER_GROUP = { ...salesGroup, id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b', name: 'Backup admins' };
const saved: GroupMapping = {
  rules: [
    { claim: 'groups', operator: 'contains', value: 'staff', groupId: salesGroup.id },
    { claim: 'groups', operator: 'contains', value: 'sf-backup-admins', groupId: OTHER_GROUP.id },
  ],
};

function renderCard(session = adminUser) {
  const puts: unknown[] = [];
  stubFetch({
    [`GET ${providerUrl}/group-mapping`]: { body: saved },
    [`PUT ${providerUrl}/group-mapping`]: (init) => {
      puts.push(bodyOf(init));
      return { body: bodyOf(init) };
    },
    [`GET /api/v1/groups/${salesGroup.id}`]: { body: salesGroup },
    [`GET /api/v1/groups/${OTHER_GROUP.id}`]: { body: OTHER_GROUP },
    'GET /api/v1/groups': groupsAnswer,
  });
  renderWithProviders(<GroupMappingCard provider={oktaProvider} />, { session });
  return { puts };
}

const ruleValues = () =>
  within(screen.getByRole('list', { name: 'Group mapping rules' }))
    .getAllByLabelText(/^Value/)
    .map((input) => (input as HTMLInputElement).value);

describe('GroupMappingCard', () => {
  it('tries the edited rules against pasted claims before saving, then saves them in their new order', async () => {
    const { puts } = renderCard();
    await waitFor(() => expect(ruleValues()).toEqual(['staff', 'sf-backup-admins']));

    const claims = screen.getByLabelText('Claims to try (JSON)');
    fireEvent.change(claims, { target: { value: '{"groups": ["staff", "sf-backup-admins"]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try rules' }));
    expect(await screen.findByText(/Rule 1 matches: the user joins/)).toHaveTextContent(salesGroup.name);

    fireEvent.click(screen.getByRole('button', { name: 'Move rule 2 up' }));
    expect(ruleValues()).toEqual(['sf-backup-admins', 'staff']);
    expect(screen.getByRole('button', { name: 'Move rule 1 up' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Try rules' }));
    expect(await screen.findByText(/Rule 1 matches: the user joins/)).toHaveTextContent('Backup admins');
    // Nothing was saved by trying.
    expect(puts).toEqual([]);

    fireEvent.change(claims, { target: { value: '{"groups": ["contractors"]}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try rules' }));
    expect(await screen.findByText(/No rule matches/)).toHaveTextContent(salesGroup.name);
    fireEvent.change(claims, { target: { value: '["not", "an object"]' } });
    fireEvent.click(screen.getByRole('button', { name: 'Try rules' }));
    expect(await screen.findByText(GROUP_MAPPING_MESSAGES.claimsNotJson)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({ rules: [saved.rules[1], saved.rules[0]] });
  });

  it('adds and deletes rules, and shows what is missing at its field without saving', async () => {
    const { puts } = renderCard();
    await waitFor(() => expect(ruleValues()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Delete rule 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(ruleValues()).toEqual(['sf-backup-admins', '']);
    fireEvent.click(screen.getByRole('button', { name: 'Save rules' }));
    expect(await screen.findByText(GROUP_MAPPING_MESSAGES.valueRequired)).toBeInTheDocument();
    expect(screen.getByText(GROUP_MAPPING_MESSAGES.groupRequired)).toBeInTheDocument();
    expect(puts).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(ruleValues()).toEqual(['staff', 'sf-backup-admins']);
  });
});

describe('GroupMappingCard by administrator role', () => {
  it('shows an Auditor the rules as saved, to try but not to change', async () => {
    renderCard(administrator('Auditor'));
    await waitFor(() => expect(ruleValues()).toEqual(['staff', 'sf-backup-admins']));
    const rules = screen.getByRole('list', { name: 'Group mapping rules' });
    for (const input of within(rules).getAllByLabelText(/^Value/)) expect(input).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rules' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add rule' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete rule 1' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Claims to try (JSON)')).toBeInTheDocument();
  });

  it('lets a Security administrator edit and save them', async () => {
    renderCard(administrator('SecurityAdministrator'));
    await waitFor(() => expect(ruleValues()).toEqual(['staff', 'sf-backup-admins']));
    expect(screen.getByRole('button', { name: 'Save rules' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete rule 1' })).toBeInTheDocument();
  });
});
