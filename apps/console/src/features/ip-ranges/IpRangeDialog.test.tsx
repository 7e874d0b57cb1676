import { MESSAGES } from '@skyvault/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetchStub';
import { renderWithProviders } from '../../test/renderWithProviders';
import { IpRangeDialog } from './IpRangeDialog';
import { office } from './ip-ranges.fixtures';

const LOCKOUT =
  'This change would block your own address. Add a range that includes your current address first.';

function open(range = undefined as typeof office | undefined) {
  const onClose = vi.fn();
  const rendered = renderWithProviders(<IpRangeDialog range={range} onClose={onClose} />, {
    path: '/ip-ranges',
  });
  const dialog = screen.getByRole('dialog');
  const field = (name: string) => within(dialog).getByRole('textbox', { name });
  return { ...rendered, dialog, field, onClose };
}

describe('IpRangeDialog', () => {
  it("checks the fields with the contract's messages before calling the server", async () => {
    const fetchMock = stubFetch({});
    const user = userEvent.setup();
    const { dialog, field } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MESSAGES.required('Name'))).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.startIpRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.endIpRequired)).toBeInTheDocument();

    await user.type(field('Name'), 'HQ');
    await user.type(field('Start IP address'), '300.1.1.1');
    await user.type(field('End IP address'), '10.0.0.1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MESSAGES.ipRangeNameMinLength)).toBeInTheDocument();
    expect(within(dialog).getByText(MESSAGES.startIpInvalid)).toBeInTheDocument();

    // The range itself is checked once each field is valid.
    await user.type(field('Name'), ' office');
    await user.clear(field('Start IP address'));
    await user.type(field('Start IP address'), '10.0.0.9');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MESSAGES.ipRangeOrder)).toBeInTheDocument();
    await user.clear(field('End IP address'));
    await user.type(field('End IP address'), '2001:db8::1');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(MESSAGES.ipRangeVersionMismatch)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the range, says so and closes', async () => {
    const fetchMock = stubFetch({ 'POST /api/v1/ip-ranges': { status: 201, body: office } });
    const user = userEvent.setup();
    const { dialog, field, onClose } = open();
    await user.type(field('Name'), ' Head office ');
    await user.type(field('Start IP address'), '198.51.100.0');
    await user.type(field('End IP address'), '198.51.100.255{Enter}');

    expect(await screen.findByText('Permitted IP was successfully created')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toEqual({
      name: 'Head office',
      startIPAddress: '198.51.100.0',
      endIPAddress: '198.51.100.255',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(dialog).not.toBeInTheDocument();
  });

  it('explains a lock-out above the fields and stays open; server field messages go to their fields', async () => {
    let answer = apiError(409, 'IP_RANGE_LOCKOUT', LOCKOUT);
    stubFetch({ 'POST /api/v1/ip-ranges': () => answer });
    const user = userEvent.setup();
    const { dialog, field, onClose } = open();
    await user.type(field('Name'), 'Elsewhere');
    await user.type(field('Start IP address'), '203.0.113.5');
    await user.type(field('End IP address'), '203.0.113.5');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LOCKOUT);
    expect(onClose).not.toHaveBeenCalled();

    answer = apiError(409, 'CONFLICT', 'Taken', { name: 'An IP range with this name already exists' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('An IP range with this name already exists')).toBeInTheDocument();
    expect(within(dialog).queryByText(LOCKOUT)).not.toBeInTheDocument();
  });

  it('edits a range from its current values and says so', async () => {
    const fetchMock = stubFetch({
      [`PATCH /api/v1/ip-ranges/${office.id}`]: { body: { ...office, endIPAddress: '198.51.100.127' } },
    });
    const user = userEvent.setup();
    const { dialog, field } = open(office);
    expect(screen.getByRole('dialog', { name: 'Edit IP range' })).toBe(dialog);
    expect(field('Name')).toHaveValue('Head office');
    await user.clear(field('End IP address'));
    await user.type(field('End IP address'), '198.51.100.127');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Permitted IP was successfully updated')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]!.body))).toMatchObject({
      endIPAddress: '198.51.100.127',
    });
  });
});
