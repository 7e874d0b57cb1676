import type { IncomingMessage, ServerResponse } from 'node:http';

export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return new URLSearchParams(body);
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    'content-type': 'application/json;charset=UTF-8',
    'cache-control': 'no-store',
    ...headers,
  });
  response.end(JSON.stringify(body));
}

/** An OAuth error as Salesforce's login service words it: `{"error":…,"error_description":…}`. */
export interface OAuthErrorAnswer {
  status: number;
  error: string;
  error_description: string;
}

export const sendOAuthError = (response: ServerResponse, answer: OAuthErrorAnswer) =>
  sendJson(response, answer.status, { error: answer.error, error_description: answer.error_description });

/** A REST API error: Salesforce answers a list of `{message, errorCode}`. */
export const restError = (errorCode: string, message: string) => [{ message, errorCode }];
