import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

interface InjectOptions {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
}

/**
 * `app.inject` over real HTTP, so the test browser (InjectBrowser) can sign in to and call a
 * Mailroom running in another process (tests that send it signals). Redirects are left to the
 * browser, as inject leaves them.
 */
export function overHttp(baseUrl: string): FastifyInstance {
  const inject = async (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const response = await fetch(new URL(options.url, baseUrl), {
      method: options.method,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.payload === undefined ? {} : { body: options.payload }),
      redirect: 'manual',
    });
    const body = await response.text();
    const headers: Record<string, string | string[]> = {};
    response.headers.forEach((value, key) => {
      headers[key] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    return { statusCode: response.status, headers, body, payload: body, json: () => JSON.parse(body) as unknown } as unknown as LightMyRequestResponse;
  };
  return { inject } as unknown as FastifyInstance;
}
