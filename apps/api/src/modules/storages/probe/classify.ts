import type { StoragePermission, StorageProblemKind } from '@skyvault/contract';
import { OutboundError, REFUSED_ADDRESS_MESSAGE } from '../../../platform/outbound/outbound.js';

/**
 * What an S3 or Azure error means for the administrator: one of the contract's problem kinds, with the
 * missing permission or the bucket's actual region where the cloud tells them. Pure functions over the
 * errors the official SDKs throw, so that answers local servers cannot give (AWS's WrongRegion,
 * throttling) are tested from their documented shapes.
 */

/** The probe's steps, in order; each needs the permission of the same name. */
export type ProbeStep = StoragePermission;

export interface Classified {
  kind: StorageProblemKind;
  /** AccessDenied: the permission the failing step needs. */
  permission?: StoragePermission;
  /** WrongRegion: the bucket's region, when AWS names it. */
  actualRegion?: string;
  /** InvalidCredentials: the access key ID itself is unknown (rather than its secret wrong). */
  unknownKeyId?: boolean;
}

/** Socket and resolver failures: nothing (or nothing usable) answered. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'REQUEST_SEND_ERROR',
]);
/** How the SDKs name a call cut short by a time-out or an abort. */
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError', 'RequestTimeout', 'RequestTimeoutException']);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  Code?: unknown;
  message?: unknown;
  cause?: unknown;
  statusCode?: unknown;
  Region?: unknown;
  $metadata?: { httpStatusCode?: number };
  $response?: { statusCode?: number; headers?: Record<string, string | undefined> };
  details?: { errorCode?: unknown };
}

const shape = (error: unknown): ErrorShape => (typeof error === 'object' && error !== null ? error : {});
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The error and the errors it wraps (SDKs wrap socket errors once or twice). */
function* chain(error: unknown): Generator<ErrorShape> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    yield shape(current);
    current = shape(current).cause;
  }
}

/**
 * The outbound guard refused the address the endpoint resolved to: its error itself, or an SDK's
 * error that kept only its message.
 */
export const isRefusedAddress = (error: unknown): boolean =>
  [...chain(error)].some(
    (link) =>
      (link instanceof OutboundError && link.reason === 'address') ||
      link.message === REFUSED_ADDRESS_MESSAGE,
  );

/** Nothing answered in time, or at all: refused, unknown name, reset, timed out, aborted. */
export const isNetworkFailure = (error: unknown): boolean =>
  [...chain(error)].some(
    (link) =>
      (typeof link.code === 'string' && NETWORK_CODES.has(link.code)) ||
      (typeof link.name === 'string' && TIMEOUT_NAMES.has(link.name)),
  );

// ---------------------------------------------------------------------------------------------------
// AWS S3 (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html)

const S3_CREDENTIAL_CODES = new Set([
  'SignatureDoesNotMatch',
  'InvalidToken',
  'ExpiredToken',
  'TokenRefreshRequired',
  'InvalidSecurity',
]);
const S3_ACCESS_CODES = new Set(['AccessDenied', 'AllAccessDisabled', 'AccountProblem', 'Forbidden']);
const S3_THROTTLE_CODES = new Set([
  'SlowDown',
  'ThrottlingException',
  'Throttling',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'ServiceUnavailable',
]);
const S3_REGION_CODES = new Set([
  'PermanentRedirect',
  'AuthorizationHeaderMalformed',
  'IllegalLocationConstraintException',
  'IncorrectEndpoint',
]);

const s3Status = (error: ErrorShape) => error.$metadata?.httpStatusCode ?? error.$response?.statusCode;

/**
 * The region AWS says the bucket is in: the x-amz-bucket-region header (sent with a redirect and most
 * region errors), else the error body's Region (AuthorizationHeaderMalformed), else its message
 * ("the region 'us-east-1' is wrong; expecting 'eu-west-1'").
 */
function bucketRegion(error: ErrorShape): string | undefined {
  const headers = error.$response?.headers ?? {};
  const header = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-amz-bucket-region')?.[1];
  return (
    text(header) ?? text(error.Region) ?? /expecting '([a-z0-9-]+)'/.exec(String(error.message ?? ''))?.[1]
  );
}

export function classifyS3Error(error: unknown, step: ProbeStep): Classified {
  if (isRefusedAddress(error)) return { kind: 'EndpointNotAllowed' };
  const e = shape(error);
  const status = s3Status(e);
  const code = text(e.Code) ?? text(e.name) ?? '';
  if (code === 'InvalidAccessKeyId') return { kind: 'InvalidCredentials', unknownKeyId: true };
  if (S3_CREDENTIAL_CODES.has(code)) return { kind: 'InvalidCredentials' };
  if (code === 'NoSuchBucket') return { kind: 'BucketNotFound' };
  if (S3_REGION_CODES.has(code) || status === 301) {
    const actualRegion = bucketRegion(e);
    return actualRegion ? { kind: 'WrongRegion', actualRegion } : { kind: 'WrongRegion' };
  }
  if (S3_THROTTLE_CODES.has(code) || status === 503 || status === 429) return { kind: 'Throttled' };
  if (S3_ACCESS_CODES.has(code) || status === 403) return { kind: 'AccessDenied', permission: step };
  // A HEAD-style answer without a body, or an S3-compatible service's own code for a missing bucket.
  if (status === 404) return { kind: 'BucketNotFound' };
  // Anything else the service answered (an odd 4xx of an S3-compatible service) still refuses this
  // step with credentials that were accepted; no answer, a time-out or a 5xx is the service's fault.
  if (status !== undefined && status >= 400 && status < 500 && !isNetworkFailure(error))
    return { kind: 'AccessDenied', permission: step };
  return { kind: 'Unreachable' };
}

// ---------------------------------------------------------------------------------------------------
// Azure Blob (https://learn.microsoft.com/rest/api/storageservices/blob-service-error-codes and
// common-rest-api-error-codes)

/** The key or SAS was refused as such: wrong, expired, or for another account or container. */
const AZURE_CREDENTIAL_CODES = new Set([
  'AuthenticationFailed',
  'InvalidAuthenticationInfo',
  'NoAuthenticationInformation',
  'AuthorizationFailure',
]);
/** The credentials were accepted but do not allow this operation. */
const AZURE_PERMISSION_CODES = new Set([
  'AuthorizationPermissionMismatch',
  'AuthorizationResourceTypeMismatch',
  'AuthorizationServiceMismatch',
  'AuthorizationProtocolMismatch',
  'AuthorizationSourceIPMismatch',
  'KeyBasedAuthenticationNotPermitted',
]);
const AZURE_THROTTLE_CODES = new Set([
  'ServerBusy',
  'OperationTimedOut',
  'IngressOverAccountLimit',
  'EgressOverAccountLimit',
  'TooManyRequests',
]);

export interface AzureContext {
  /**
   * An earlier step passed with the same credentials: a later refusal, whatever Azure calls it, is
   * about this step's permission. (Azurite answers a wrong key and a SAS without a permission alike:
   * 403 AuthorizationFailure; real Azure may too behind a firewall rule.)
   */
  credentialsProven: boolean;
}

const azureCode = (error: ErrorShape) => text(error.details?.errorCode) ?? text(error.code) ?? '';

export function classifyAzureError(error: unknown, step: ProbeStep, context: AzureContext): Classified {
  if (isRefusedAddress(error)) return { kind: 'EndpointNotAllowed' };
  const e = shape(error);
  const code = azureCode(e);
  const status = typeof e.statusCode === 'number' ? e.statusCode : undefined;
  if (code === 'ContainerNotFound' || code === 'ContainerBeingDeleted' || code === 'InvalidResourceName')
    return { kind: 'ContainerNotFound' };
  if (AZURE_THROTTLE_CODES.has(code) || status === 503 || status === 429) return { kind: 'Throttled' };
  if (AZURE_PERMISSION_CODES.has(code)) return { kind: 'AccessDenied', permission: step };
  if (AZURE_CREDENTIAL_CODES.has(code) || status === 401 || status === 403) {
    return context.credentialsProven
      ? { kind: 'AccessDenied', permission: step }
      : { kind: 'InvalidCredentials' };
  }
  // A name that is no account: Azure's DNS knows no such host (a network failure below); Azurite
  // answers 404 ResourceNotFound. A blob missing right after it was written is the step's failure.
  if (code === 'BlobNotFound') return { kind: 'AccessDenied', permission: step };
  if (status !== undefined && status >= 400 && status < 500 && status !== 404 && !isNetworkFailure(error))
    return { kind: 'AccessDenied', permission: step };
  return { kind: 'Unreachable' };
}
