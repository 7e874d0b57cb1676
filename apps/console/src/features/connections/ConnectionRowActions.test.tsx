import { ACTION_LABELS } from '@skyvault/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productionConnection } from '../../test/connections.fixtures';
import { administrator } from '../../test/fixtures';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConnectionRowActions } from './ConnectionRowActions';

const renderAs = (role: Parameters<typeof administrator>[0]) =>
  renderWithProviders(
    <ConnectionRowActions
      connection={productionConnection}
      renewing={false}
      onRenew={() => {}}
      onDelete={() => {}}
    />,
    { session: administrator(role) },
  );
const name = productionConnection.name;

describe('ConnectionRowActions', () => {
  it('gives an Auditor neither Update Token nor Delete', () => {
    renderAs('Auditor');
    expect(screen.queryByRole('button', { name: `${ACTION_LABELS.updateToken} of ${name}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `${ACTION_LABELS.deleteConnection} ${name}` })).toBeNull();
  });

  it('gives an Environment administrator both', () => {
    renderAs('EnvironmentAdministrator');
    expect(
      screen.getByRole('button', { name: `${ACTION_LABELS.updateToken} of ${name}` }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `${ACTION_LABELS.deleteConnection} ${name}` }),
    ).toBeInTheDocument();
  });
});
