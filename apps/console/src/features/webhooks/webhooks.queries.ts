import { type WebhookCreate, type WebhookDeliveryListQuery, webhookEndpoints } from '@skyvault/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../core/api/client';
import { resourceQueries } from '../../core/api/resourceQueries';
import { FORM_META } from '../../core/queryClient';

const webhooks = resourceQueries('webhooks', webhookEndpoints);

export const webhookKeys = {
  ...webhooks.keys,
  deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
  deliveryPage: (id: string, query: WebhookDeliveryListQuery) =>
    ['webhooks', 'deliveries', id, query] as const,
  attempts: (id: string, deliveryId: string) =>
    ['webhooks', 'deliveries', id, 'attempts', deliveryId] as const,
};

/** Every endpoint of the tenant (a short list, not paginated). */
export const useWebhooks = () =>
  useQuery({
    queryKey: webhookKeys.lists(),
    queryFn: ({ signal }) => callApi(webhookEndpoints.list, { signal }),
  });
export const useWebhook = webhooks.useOne;
/**
 * The create answer holds the signing secret and the whole URL, this once: the screen shows the secret
 * and nothing keeps either (the lists are read again, masked).
 */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookCreate) => callApi(webhookEndpoints.create, { body }),
    onSuccess: () => webhooks.refreshLists(queryClient),
    meta: FORM_META,
  });
}
/** Edits, and Enable or Disable (a patch of `enabled`). */
export const useUpdateWebhook = webhooks.useUpdate;
export const useDeleteWebhook = webhooks.useRemove;

/** One page of an endpoint's delivery log, newest first; the current page stays while the next loads. */
export const useWebhookDeliveries = (id: string, query: WebhookDeliveryListQuery) =>
  useQuery({
    queryKey: webhookKeys.deliveryPage(id, query),
    queryFn: ({ signal }) => callApi(webhookEndpoints.deliveries, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

/** Queues a delivered or failed event again; the log is reloaded to show it pending. */
export function useResendDelivery(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => callApi(webhookEndpoints.resend, { params: { id, deliveryId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/** A delivery's attempts, first first: each one's time, answer or error, and duration. */
export const useDeliveryAttempts = (id: string, deliveryId: string) =>
  useQuery({
    queryKey: webhookKeys.attempts(id, deliveryId),
    queryFn: ({ signal }) => callApi(webhookEndpoints.attempts, { params: { id, deliveryId }, signal }),
  });

/**
 * Sends a test event and answers its delivery, attempted once; the log is reloaded to show it. A
 * refusal of the call itself (a missing endpoint) goes to the shared handler.
 */
export function useSendTestEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(webhookEndpoints.sendTest, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }),
  });
}

/**
 * A new signing secret, answered once: the screen shows it and the cache keeps the endpoint without it
 * (with the previous secret's end).
 */
export function useRotateWebhookSecret(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(webhookEndpoints.rotateSecret, { params: { id } }),
    onSuccess: ({ secret: _shownOnce, ...webhook }) => webhooks.store(queryClient, webhook),
  });
}
