import { applicationEndpoints } from '@skyvault/contract';
import { resourceQueries } from '../../core/api/resourceQueries';

const applications = resourceQueries('applications', applicationEndpoints);

export const applicationKeys = applications.keys;
export const applicationsQuery = applications.listQuery;
export const useApplications = applications.useList;
export const useApplication = applications.useOne;
export const useCreateApplication = applications.useCreate;
export const useUpdateApplication = applications.useUpdate;
export const useDeleteApplication = applications.useRemove;

/** The Actions menu's calls that answer the changed app: Enable, Disable and Regenerate secret. */
export type ApplicationCommand = 'enable' | 'disable' | 'regenerate';
export const useApplicationCommand = () => applications.useCommand<ApplicationCommand>();
