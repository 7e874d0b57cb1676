import {
  APPROVAL_REASON_HEADER,
  approvalRequestSchema,
  buildPath,
  type EndpointBody,
  type EndpointDef,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
  ERROR_MESSAGES,
  type ErrorCode,
  errorBodySchema,
  type ProviderChoice,
} from '@skyvault/contract';
import { ApprovalPendingError, currentApprovalAsker } from './approvalGate';

/** Shown when the answer is not one the console understands; the server's own message is preferred. */
export const UNEXPECTED_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Check your connection and try again.';

/** Sent with every call: the API refuses state-changing requests without it (CSRF defence). */
export const REQUESTED_WITH = 'skyvault-console';

/** A non-2xx answer of the API, or a failure to reach it (status 0). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** Absent when the answer was not our error body (a proxy's page, a network failure). */
  readonly code?: ErrorCode;
  /** Field path → the spec's validation message. */
  readonly fields?: Record<string, string>;
  /** ForceResetPasswordException carries the change-password code. */
  readonly resetCode?: string;
  readonly requestId?: string;
  /** Seconds until asking again may succeed (503, 429): the body's, else the Retry-After header's. */
  readonly retryAfter?: number;
  /** SSO_REQUIRED: the identity providers to sign in with instead. */
  readonly providers?: ProviderChoice[];

  constructor(init: {
    status: number;
    message: string;
    code?: ErrorCode;
    fields?: Record<string, string>;
    resetCode?: string;
    requestId?: string;
    retryAfter?: number;
    providers?: ProviderChoice[];
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.fields = init.fields;
    this.resetCode = init.resetCode;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.providers = init.providers;
  }
}

type ParamsOption<E extends EndpointDef> =
  EndpointParams<E> extends undefined ? { params?: undefined } : { params: EndpointParams<E> };
type BodyOption<E extends EndpointDef> =
  EndpointBody<E> extends undefined ? { body?: undefined } : { body: EndpointBody<E> };

export type CallOptions<E extends EndpointDef> = ParamsOption<E> &
  BodyOption<E> & { query?: EndpointQuery<E>; signal?: AbortSignal };

/** The options argument may be left out only when the endpoint needs neither params nor a body. */
type CallArgs<E extends EndpointDef> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` asks "are all options optional?"
  {} extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

function toSearch(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function toRequestBody(body: unknown, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body; // the browser sets the multipart boundary itself
  headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Retry-After in seconds (the API sends seconds; a proxy may send a date, which is read as unknown). */
function retryAfterHeader(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  const parsed = errorBodySchema.safeParse(await readJson(response));
  const retryAfter = parsed.data?.retryAfter ?? retryAfterHeader(response);
  if (!parsed.success)
    return new ApiError({ status: response.status, message: UNEXPECTED_ERROR_MESSAGE, retryAfter });
  const { code, message, fields, resetCode, requestId, providers } = parsed.data;
  return new ApiError({
    status: response.status,
    code,
    message,
    fields,
    resetCode,
    requestId,
    retryAfter,
    providers,
  });
}

/**
 * A change that needs a second administrator's approval (approvalGate.ts): with the reason the user
 * gives, the same call again, which answers 202 with the request. Always rejects: the change is not
 * made now. An APPROVAL_REQUIRED that asking cannot answer (its own message says why) is left to the caller.
 */
async function requestApproval(error: ApiError, send: (reason: string) => Promise<Response>): Promise<void> {
  const asker = currentApprovalAsker();
  if (!asker || error.message !== ERROR_MESSAGES.APPROVAL_REQUIRED) return;
  const reason = await asker.askReason(error.message);
  if (reason === null) throw new ApprovalPendingError(null);
  const answer = await send(reason);
  if (!answer.ok) throw await toApiError(answer);
  const request = approvalRequestSchema.safeParse(await readJson(answer));
  if (!request.success) throw new ApiError({ status: answer.status, message: UNEXPECTED_ERROR_MESSAGE });
  asker.requested(request.data);
  throw new ApprovalPendingError(request.data);
}

/**
 * Calls one API endpoint described by the contract: fills the path, serialises query and body, and
 * validates the answer with the endpoint's response schema. Throws `ApiError` for error answers and
 * network failures; an aborted call rejects with the browser's AbortError, which the error handler ignores.
 */
export async function callApi<E extends EndpointDef>(
  endpoint: E,
  ...[options]: CallArgs<E>
): Promise<EndpointResponse<E>> {
  const { params, query, body, signal } = (options ?? {}) as CallOptions<EndpointDef> & {
    params?: Record<string, unknown>;
    body?: unknown;
  };
  const url = buildPath(endpoint.path, params) + toSearch(query);
  const send = async (approvalReason?: string): Promise<Response> => {
    const headers = new Headers({ Accept: 'application/json', 'X-Requested-With': REQUESTED_WITH });
    if (approvalReason !== undefined) headers.set(APPROVAL_REASON_HEADER, encodeURIComponent(approvalReason));
    try {
      return await fetch(url, {
        method: endpoint.method,
        headers,
        body: toRequestBody(body, headers),
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, message: NETWORK_ERROR_MESSAGE });
    }
  };

  const response = await send();
  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'APPROVAL_REQUIRED') await requestApproval(error, send);
    throw error;
  }
  if (!endpoint.response || response.status === 204) return undefined as EndpointResponse<E>;
  const parsed = endpoint.response.safeParse(await readJson(response));
  if (!parsed.success) {
    // The contract and the server disagree; show a generic message rather than a broken screen.
    throw new ApiError({ status: response.status, message: UNEXPECTED_ERROR_MESSAGE });
  }
  return parsed.data as EndpointResponse<E>;
}

/**
 * A multipart call (a file upload, e.g. POST /v1/icons/upload): the contract lists its text fields apart,
 * since a file is no JSON, so the body is the FormData itself. Everything else is callApi's: headers,
 * error answers and the response check.
 */
export function callApiWithForm<E extends EndpointDef>(
  endpoint: E,
  form: FormData,
  options: { params?: EndpointParams<E>; signal?: AbortSignal } = {},
): Promise<EndpointResponse<E>> {
  return callApi(endpoint, ...([{ ...options, body: form }] as unknown as CallArgs<E>));
}
