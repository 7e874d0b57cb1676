/**
 * Create and Update Token end in the Salesforce login, a page of another site: the browser leaves the
 * console for it and comes back through the API's callback.
 */
export function goToSalesforceLogin(loginUri: string): void {
  window.location.assign(loginUri);
}

const RENEWING_KEY = 'skyvault.connections.renewing';

/**
 * The callback answers `?connected=<id>` after a create and after an Update Token alike; the tab remembers
 * which connection it went to renew, so that the toast on return can say which it was.
 */
export const rememberRenewal = (connectionId: string): void => {
  sessionStorage.setItem(RENEWING_KEY, connectionId);
};

export function takeRenewal(): string | null {
  const id = sessionStorage.getItem(RENEWING_KEY);
  sessionStorage.removeItem(RENEWING_KEY);
  return id;
}
