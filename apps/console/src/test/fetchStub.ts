import { vi } from 'vitest';

export type FetchRoute =
  | { status?: number; body?: unknown }
  | ((init: RequestInit | undefined) => { status?: number; body?: unknown });

/**
 * Replaces fetch for one test: answers by "METHOD /path" (query string ignored) and fails loudly for
 * anything else, so a test never depends on a call it did not declare.
 */
export function stubFetch(answers: Record<string, FetchRoute>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const answer = answers[key];
    if (!answer) throw new Error(`Unexpected call: ${key}`);
    const { status = 200, body } = typeof answer === 'function' ? answer(init) : answer;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** An error answer as the API gives it (`{ statusCode, code, message, fields? }`), for stubFetch. */
export const apiError = (status: number, code: string, message: string, fields?: Record<string, string>) => ({
  status,
  body: { statusCode: status, code, message, ...(fields ? { fields } : {}) },
});

/** The JSON body a stubbed call was sent with. */
export const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
