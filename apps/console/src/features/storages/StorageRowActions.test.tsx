import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { StorageRowActions } from './StorageRowActions';
import { awsRow } from './storages.fixtures';

const renderAs = (role: Parameters<typeof administrator>[0]) =>
  renderWithProviders(<StorageRowActions storage={awsRow} onEdit={() => {}} onDelete={() => {}} />, {
    session: administrator(role),
  });

describe('StorageRowActions', () => {
  it('gives an Auditor neither Edit nor Delete', () => {
    renderAs('Auditor');
    expect(screen.queryByRole('button', { name: `Edit ${awsRow.name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Delete ${awsRow.name}` })).toBeNull();
  });

  it('gives an Environment administrator both', () => {
    renderAs('EnvironmentAdministrator');
    expect(screen.getByRole('button', { name: `Edit ${awsRow.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete ${awsRow.name}` })).toBeInTheDocument();
  });
});
