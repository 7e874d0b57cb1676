/** Server-side sessions: opened at sign-in, resolved on every call, ended at sign-out. */

export { describeDevice } from './device.js';
export { createSessionControl, type PasskeyRemover, type SessionControl } from './session-control.js';
export { clearSessionCookie, sessionCookieName, setSessionCookie } from './session-cookie.js';
export { endUserSession } from './session-end.js';
export { liftEnrolmentRestriction } from './session-enrolment.js';
export { adminRightsOf, findSignedInUser, toSessionUser } from './session-user.js';
export { sessionRoutes } from './sessions.routes.js';
export { createSessionService, type SessionService, type SessionSettings } from './sessions.service.js';
