import { DOMAIN_MESSAGES, type Domain, type DomainCreate, domainEndpoints } from '@skyvault/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { FORM_META } from '../../core/queryClient';
import { notify } from '../../core/toasts/notify';

/**
 * A tenant keeps a few domains: one unpaginated list, which the Domains page and the shell's banner
 * share, so that a Verify or a delete on the page updates the banner too.
 */
export const domainKeys = { list: () => ['domains', 'list'] as const };

/** How often the banner asks again: the server re-checks each domain daily, so minutes suffice. */
export const DOMAINS_REFRESH_MS = 5 * 60_000;

export const useDomains = (options: { quiet?: boolean } = {}) =>
  useQuery({
    queryKey: domainKeys.list(),
    queryFn: ({ signal }) => callApi(domainEndpoints.list, { signal }),
    ...(options.quiet ? { refetchInterval: DOMAINS_REFRESH_MS, meta: { errorToast: false } } : {}),
  });

/** Puts the changed domain in the list at once, then asks the server for the list as it is now. */
function useStore() {
  const queryClient = useQueryClient();
  return (domain: Domain) => {
    queryClient.setQueryData(domainKeys.list(), (list: { domains: Domain[]; total: number } | undefined) => {
      if (!list) return list;
      const others = list.domains.filter((row) => row.id !== domain.id);
      return {
        domains: [...others, domain].sort((a, b) => a.domain.localeCompare(b.domain)),
        total: others.length + 1,
      };
    });
    void queryClient.invalidateQueries({ queryKey: domainKeys.list() });
  };
}

/** The Add dialog shows field errors itself. */
export function useAddDomain() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: DomainCreate) => callApi(domainEndpoints.create, { body }),
    onSuccess: store,
    meta: FORM_META,
  });
}

/** Verify: the toast says whether the domain is verified now; a refusal is the shared handler's toast. */
export function useVerifyDomain() {
  const store = useStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(domainEndpoints.verify, { params: { id } }),
    onSuccess: (domain) => {
      store(domain);
      if (domain.status === 'Verified' && !domain.missingSince) notify(DOMAIN_MESSAGES.verified, 'success');
      else notify(domain.lastError ?? DOMAIN_MESSAGES.stillPending, 'warning');
    },
    // A refusal (another organization holds it) also stored the look-up: show the row as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: domainKeys.list() }),
  });
}

export function useDeleteDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(domainEndpoints.remove, { params: { id } }),
    onSuccess: () => notify(DOMAIN_MESSAGES.deleted, 'success'),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: domainKeys.list() }),
  });
}
