/**
 * The texts of the few pages the API shows itself rather than the console: the authorization server's
 * errors, consent question and sign-out (for Connected Apps), and the answer to a plain GET of the
 * logout address. The API wraps them in HTML and escapes every value; texts that take values take them
 * ready to print (already escaped and marked up). All ours: the spec has no such pages.
 */
export const SERVER_PAGES = {
  error: {
    title: 'Sign-in failed',
    /** When the authorization server gives no description of its own. */
    unknown: 'The request could not be processed.',
    codeLabel: 'Error:',
    advice: 'Return to the application and try again, or contact its administrator.',
  },
  /** Why a sign-in through a Connected App stopped (on the error page, or to the app as error_description). */
  interaction: {
    expired: 'This sign-in request has expired or was already completed.',
    otherWindow: 'This sign-in request belongs to another browser window.',
    appUnavailable: 'The application is not available.',
    appOfOtherTenants: 'This application is not available to users of your tenant.',
    notFromConsentPage: 'This answer did not come from the sign-in page.',
    denied: 'The user did not allow the application.',
  },
  consent: {
    title: (app: string) => `Allow ${app}?`,
    question: (who: { app: string; appTenant: string; email: string; tenant: string }) =>
      `${who.app}, a Connected App of the tenant ${who.appTenant}, asks to sign you in as ${who.email} of the tenant ${who.tenant}. It will be able to:`,
    /** What each scope lets an app of another tenant learn or do. */
    scopes: {
      openid: 'Know who you are: your user and your tenant',
      profile: 'See your name',
      email: 'See your e-mail address',
      offline_access: 'Stay connected to your account while you are away (a refresh token)',
    } as Record<string, string>,
    warning: 'Allow it only if you trust that tenant with this information.',
    allow: 'Allow',
    deny: 'Deny',
  },
  signOut: {
    title: 'Sign out',
    /** The console's own sign-out question; with an app, the authorization server's. */
    question: (app?: string) => `Do you want to sign out of the console${app ? ` and from ${app}` : ''}?`,
    confirm: 'Sign out',
    stay: 'Stay signed in',
    yes: 'Yes, sign me out',
    no: 'No, stay signed in',
    doneTitle: 'Signed out',
    done: 'You were signed out. You can close this window.',
  },
  /** The link mailed with an unusual sign-in: it ends that one session (the page asks first, see docs/login.md). */
  endSession: {
    title: 'End this session',
    question: 'End the session this e-mail told you about? Whoever uses it is signed out at once.',
    confirm: 'End the session',
    doneTitle: 'Session ended',
    done: 'The session was ended. If you did not sign in yourself, change your password now.',
    alreadyEnded: 'This session has already ended.',
    invalidTitle: 'Link not valid',
    invalid: 'This link is not valid, has expired or was already used.',
  },
} as const;
