/** The tenant's authentication policy: MFA requirement, grace period, breached and common passwords. */
export { authPolicyRoutes } from './auth-policy.routes.js';
export {
  type AuthPolicyService,
  createAuthPolicyService,
  mfaEnrolmentFor,
  mfaEnrolmentOf,
  mfaEnrolmentStateFor,
} from './auth-policy.service.js';
export {
  isBreachedPassword,
  refuseBreachedPassword,
  refusesBreachedPasswords,
} from './breached-passwords.js';
export { type EnrolmentState, enrolmentDue, graceEndsAt, policyCovers } from './enrolment.js';
export { type ProvenAccount, signInEnrolment, signInRefusal } from './sign-in-rules.js';
