import { RestError } from '@azure/storage-blob';
import { describe, expect, it } from 'vitest';
import { OutboundError } from '../../../platform/outbound/outbound.js';
import { classifyAzureError, classifyS3Error } from './classify.js';

/**
 * Answers of the real clouds that the local servers do not give, in the shapes the SDKs throw them:
 * Azure's RestError with the x-ms-error-code as `code`, and socket errors as Node raises them.
 */

const azure = (status: number, code: string) =>
  new RestError(`${code}: as Azure words it`, { statusCode: status, code });
const fresh = { credentialsProven: false };
const proven = { credentialsProven: true };
const socketError = (code: string) => Object.assign(new Error(`getaddrinfo ${code} example`), { code });

describe('classifying Azure Blob answers', () => {
  it('takes a refused key or SAS as invalid credentials', () => {
    // Real Azure: a wrong key, a SAS signed with another key or expired.
    expect(classifyAzureError(azure(403, 'AuthenticationFailed'), 'write', fresh)).toEqual({
      kind: 'InvalidCredentials',
    });
    expect(classifyAzureError(azure(400, 'InvalidAuthenticationInfo'), 'write', fresh).kind).toBe(
      'InvalidCredentials',
    );
  });

  it('takes a missing permission as that step’s, whatever the first step was', () => {
    expect(classifyAzureError(azure(403, 'AuthorizationPermissionMismatch'), 'write', fresh)).toEqual({
      kind: 'AccessDenied',
      permission: 'write',
    });
    expect(classifyAzureError(azure(403, 'AuthorizationResourceTypeMismatch'), 'list', fresh)).toEqual({
      kind: 'AccessDenied',
      permission: 'list',
    });
  });

  it('takes a refusal after the credentials have written as a missing permission', () => {
    expect(classifyAzureError(azure(403, 'AuthorizationFailure'), 'delete', proven)).toEqual({
      kind: 'AccessDenied',
      permission: 'delete',
    });
    expect(classifyAzureError(azure(403, 'AuthorizationFailure'), 'write', fresh).kind).toBe(
      'InvalidCredentials',
    );
  });

  it('says so when Azure is busy', () => {
    expect(classifyAzureError(azure(503, 'ServerBusy'), 'write', fresh).kind).toBe('Throttled');
    expect(classifyAzureError(azure(500, 'OperationTimedOut'), 'read', proven).kind).toBe('Throttled');
  });

  it('takes an account name that does not resolve, or no answer in time, as unreachable', () => {
    expect(
      classifyAzureError(new RestError('getaddrinfo ENOTFOUND', { code: 'ENOTFOUND' }), 'write', fresh).kind,
    ).toBe('Unreachable');
    const aborted = Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
    expect(classifyAzureError(aborted, 'read', proven).kind).toBe('Unreachable');
  });

  it('takes a missing container as such, even with a SAS', () => {
    expect(classifyAzureError(azure(404, 'ContainerNotFound'), 'write', fresh).kind).toBe(
      'ContainerNotFound',
    );
  });
});

describe('classifying S3 answers outside an HTTP exchange', () => {
  it('takes the outbound guard’s refusal as an endpoint not allowed', () => {
    const refused = new OutboundError('address', 'refused');
    expect(classifyS3Error(refused, 'write')).toEqual({ kind: 'EndpointNotAllowed' });
    // As the AWS SDK wraps a socket's error.
    expect(classifyS3Error(new Error('socket', { cause: refused }), 'write').kind).toBe('EndpointNotAllowed');
  });

  it('takes resolver and socket failures as unreachable', () => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT']) {
      expect(classifyS3Error(socketError(code), 'write').kind, code).toBe('Unreachable');
    }
  });

  it('takes ExpiredToken as invalid credentials and AllAccessDisabled as a refused step', () => {
    const awsError = (name: string, status: number) =>
      Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
    expect(classifyS3Error(awsError('ExpiredToken', 400), 'write')).toEqual({ kind: 'InvalidCredentials' });
    expect(classifyS3Error(awsError('AllAccessDisabled', 403), 'read')).toEqual({
      kind: 'AccessDenied',
      permission: 'read',
    });
    expect(classifyS3Error(awsError('InternalError', 500), 'read').kind).toBe('Unreachable');
  });
});
