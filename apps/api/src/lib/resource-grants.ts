import type { EndpointDef, Permission } from '@skyvault/contract';

/** A permission on one resource held for a time (migration 0040), as the session carries it. */
export interface ResourceGrantRef {
  permission: string;
  resourceType: string;
  resourceId: string;
}

/** The endpoints of one connection: the resource is the connection named by the path. */
const CONNECTION_PATH = /^\/api\/v1\/connections\/:(id|connectionId)(\/|$)/;

/** A write grant on a resource lets its holder read it too. */
const covers = (granted: string, wanted: Permission) =>
  granted === wanted || (wanted.endsWith(':read') && granted === wanted.replace(/:read$/, ':write'));

/**
 * Whether the actor's grants on one resource let them call this endpoint for the resource in the
 * path: e.g. connections:write on connection X opens PATCH /connections/X, not /connections/Y, nor
 * the list of connections.
 */
export function grantedOnResource(
  grants: readonly ResourceGrantRef[] | undefined,
  endpoint: EndpointDef,
  params: unknown,
): boolean {
  if (!grants?.length || endpoint.access !== 'admin') return false;
  const match = CONNECTION_PATH.exec(endpoint.path);
  if (!match) return false;
  const id = (params as Record<string, unknown> | undefined)?.[match[1]!];
  return grants.some(
    (grant) =>
      grant.resourceType === 'connection' &&
      grant.resourceId === id &&
      covers(grant.permission, endpoint.permission),
  );
}
