import { describe, expect, it } from 'vitest';
import {
  addDevopsConnections,
  chooseDevopsLevel,
  emptyPermissions,
  forProducts,
  pipelineOptions,
  pullRequestOptions,
  setDevopsRight,
  setPipelines,
} from './rolePermissionsForm';

const ORG = { id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'acme-prod' };

describe('role permissions form', () => {
  it('makes the DevOps levels a radio, Read restricting what was granted', () => {
    let p = addDevopsConnections(chooseDevopsLevel(emptyPermissions(), 'full'), [ORG]);
    p = setPipelines(setDevopsRight(p, ORG.id, 'deploy', true), 'Manage');
    const read = chooseDevopsLevel(p, 'read');
    expect(read.licenses).toMatchObject({ devopsFullAccess: false, devopsReadAccess: true });
    expect(read.devops.permissions).toEqual({
      pipelines: 'ReadAndExecute',
      pullRequests: 'Read',
      connections: [{ ...ORG, retrieve: false, validate: false, deploy: false }],
    });
  });

  it('shrinks the option lists to their first option with Read access', () => {
    expect(pipelineOptions('read')).toEqual(['ReadAndExecute']);
    expect(pullRequestOptions('read')).toEqual(['Read']);
    expect(pipelineOptions('full')).toEqual(['ReadAndExecute', 'Manage']);
    expect(pullRequestOptions(null)).toEqual(['Read', 'Contribute']);
  });

  it('adds a connection once, every right off', () => {
    const p = addDevopsConnections(addDevopsConnections(emptyPermissions(), [ORG]), [ORG]);
    expect(p.devops.permissions.connections).toEqual([
      { ...ORG, retrieve: false, validate: false, deploy: false },
    ]);
  });

  it('sends a product the tenant lacks empty', () => {
    const p = addDevopsConnections(chooseDevopsLevel(emptyPermissions(), 'full'), [ORG]);
    expect(forProducts(p, ['backup'])).toEqual(emptyPermissions());
  });
});
