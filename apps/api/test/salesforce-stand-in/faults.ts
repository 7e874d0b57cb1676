/**
 * Outages on demand: an endpoint that answers a 5xx, or answers late (a client's time-out), once or
 * until cleared. A late answer still does its work when it comes, as a slow Salesforce does: a
 * refresh that a client gave up on has rotated the refresh token all the same.
 */

export type Endpoint =
  | 'authorize'
  | 'token'
  | 'revoke'
  | 'introspect'
  | 'versions'
  | 'resources'
  | 'limits'
  | 'query'
  | 'identity'
  | 'userinfo';

/** The REST API's resources under /services/data. */
export const REST_ENDPOINTS: Endpoint[] = ['versions', 'resources', 'limits', 'query'];

export interface FaultOptions {
  /** Where: one endpoint, several, or 'rest' for all of /services/data. */
  on: Endpoint | 'rest' | Endpoint[];
  /** The 5xx status to answer (503 when neither status nor delay is given). */
  status?: number;
  /** Answer this late (then normally, or with `status` when given). */
  delayMs?: number;
  /** How many calls it hits: 1 by default, `Infinity` until cleared (sticky). */
  times?: number;
}

interface Fault {
  endpoints: Set<Endpoint>;
  status?: number;
  delayMs: number;
  remaining: number;
}

export function createFaults() {
  let faults: Fault[] = [];

  return {
    add(options: FaultOptions) {
      const on = options.on === 'rest' ? REST_ENDPOINTS : [options.on].flat();
      const fault: Fault = {
        endpoints: new Set(on),
        status: options.status ?? (options.delayMs === undefined ? 503 : undefined),
        delayMs: options.delayMs ?? 0,
        remaining: options.times ?? 1,
      };
      faults.push(fault);
      return {
        clear: () => {
          faults = faults.filter((f) => f !== fault);
        },
      };
    },
    clear() {
      faults = [];
    },
    /** The fault that hits this call, used up by it. */
    take(endpoint: Endpoint): { status?: number; delayMs: number } | null {
      const fault = faults.find((f) => f.endpoints.has(endpoint) && f.remaining > 0);
      if (!fault) return null;
      fault.remaining -= 1;
      if (fault.remaining <= 0) faults = faults.filter((f) => f !== fault);
      return { status: fault.status, delayMs: fault.delayMs };
    },
  };
}

export type Faults = ReturnType<typeof createFaults>;
