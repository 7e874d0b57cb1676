import { ipRangeEndpoints } from '@skyvault/contract';
import { resourceQueries } from '../../core/api/resourceQueries';

const ipRanges = resourceQueries('ip-ranges', ipRangeEndpoints);

export const ipRangeKeys = ipRanges.keys;
/** Every range of the tenant (the list is not paginated), filtered by the search. */
export const useIpRanges = ipRanges.useList;
export const useIpRange = ipRanges.useOne;
/** The dialogs show field errors and the lock-out explanation themselves. */
export const useCreateIpRange = ipRanges.useCreate;
export const useUpdateIpRange = ipRanges.useUpdate;
/** A refusal (the lock-out guard) is the shared handler's toast, with the server's explanation. */
export const useDeleteIpRange = ipRanges.useRemove;
