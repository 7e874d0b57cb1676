import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The setup guide on a new organization's first screen: what is left before the services can be used,
 * each step read from the organization's real data. `addStorage` is a step of Backup organizations only
 * (backups go to a storage); the console shows `createRole` and `createGroup` as one step, "Create a
 * role and a group", since a group hands its role to its users.
 */
export const SETUP_STEP_KEYS = [
  'connectSalesforce',
  'addStorage',
  'createRole',
  'createGroup',
  'inviteUsers',
] as const;
export type SetupStepKey = (typeof SETUP_STEP_KEYS)[number];

export const setupStepSchema = z.object({ key: z.enum(SETUP_STEP_KEYS), done: z.boolean() });
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupGuideSchema = z.object({
  steps: z.array(setupStepSchema),
  /** Every step is done: the guide is not shown any more. */
  complete: z.boolean(),
  /** An administrator hid it for the whole organization. */
  dismissed: z.boolean(),
});
export type SetupGuide = z.infer<typeof setupGuideSchema>;

export const SETUP_GUIDE_MESSAGES = {
  dismissedRequired: 'Dismissed is required',
  dismissedInvalid: 'Dismissed should be true or false',
} as const;

/** PATCH /v1/setup-guide: hides (or shows again) the guide for every administrator of the organization. */
export const setupGuidePatchSchema = z.object({
  dismissed: z.boolean({
    error: (issue) =>
      issue.input === undefined
        ? SETUP_GUIDE_MESSAGES.dismissedRequired
        : SETUP_GUIDE_MESSAGES.dismissedInvalid,
  }),
});
export type SetupGuidePatch = z.infer<typeof setupGuidePatchSchema>;

/** What the guide says, step by step (ours: SPEC.md has no setup guide). */
export const SETUP_GUIDE_WORDS = {
  title: 'Set up your organization',
  intro: 'A few steps before your team can use the services. Each one is ticked off as soon as it is done.',
  dismiss: 'Hide the setup guide',
  dismissed: 'The setup guide was hidden',
  /** The way back, where the hidden guide would be, while steps are left. */
  showAgain: 'Show the setup guide',
  progress: (done: number, total: number) => `${done} of ${total} steps done`,
  steps: {
    connectSalesforce: {
      title: 'Connect Salesforce',
      description: 'Link a Salesforce org, production or sandbox, through the Salesforce login.',
      action: 'Create connection',
    },
    addStorage: {
      title: 'Add a storage',
      description:
        'Choose where the backups of your orgs go: an AWS S3 bucket, an Azure Blob container or local storage.',
      action: 'Add a storage',
    },
    roleAndGroup: {
      title: 'Create a role and a group',
      description:
        'A role says what its holders may do in each service; a group gives its role to its users.',
      roleAction: 'Create role',
      groupAction: 'Create group',
    },
    inviteUsers: {
      title: 'Invite users',
      description: 'Add the people of your organization; each receives an e-mail to set a password.',
      action: 'Invite users',
    },
  },
  done: 'Done',
} as const;

export const setupGuideEndpoints = {
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/setup-guide',
    access: 'admin',
    permission: 'organization:read',
    summary: "The organization's setup steps, which are done, and whether the guide was hidden",
    tags: ['Setup guide'],
    response: setupGuideSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/v1/setup-guide',
    access: 'admin',
    permission: 'organization:write',
    summary: 'Hides the setup guide for the organization, or shows it again',
    tags: ['Setup guide'],
    body: setupGuidePatchSchema,
    response: setupGuideSchema,
  }),
} as const;
