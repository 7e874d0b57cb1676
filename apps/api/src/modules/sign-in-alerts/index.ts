/** Unusual sign-ins: the check every sign-in path runs after success, its e-mail and its end-session link. */
export { endSessionRoutes } from './end-session.routes.js';
export { isKnownBrowser, knownBrowserCheck, rememberBrowser } from './known-browser.js';
export { networkOf } from './networks.js';
export {
  createSignInAlerts,
  END_SESSION_PATH,
  type SignedIn,
  type SignInAlerts,
  type SignInMeta,
  type UnusualReason,
} from './sign-in-alerts.service.js';
