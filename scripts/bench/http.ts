import http from 'node:http';

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
  /** Milliseconds from asking to send the request to the end of the response (client-side queueing included). */
  ms: number;
  /** Milliseconds from the moment a connection was free to the end of the response (the server's share). */
  onWireMs: number;
}

/**
 * A small JSON client over node:http with a keep-alive agent: the pool of sockets bounds how many requests
 * are in flight at once (requests beyond it queue in the agent, and their latency includes that wait).
 */
export class JsonClient {
  private readonly agent: http.Agent;
  private readonly url: URL;

  constructor(
    baseUrl: string,
    maxSockets: number,
    private readonly timeoutMs = 60_000,
  ) {
    this.url = new URL(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }

  request<T = unknown>(
    method: string,
    path: string,
    options: { token?: string | undefined; body?: unknown } = {},
  ): Promise<JsonResponse<T>> {
    const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = performance.now();
    let onSocket = started;
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers,
          agent: this.agent,
          timeout: this.timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = text ? JSON.parse(text) : null;
            } catch {
              // Not JSON: keep the text.
            }
            const ended = performance.now();
            resolve({
              status: response.statusCode ?? 0,
              body: body as T,
              ms: ended - started,
              onWireMs: ended - onSocket,
            });
          });
          response.on('error', reject);
        },
      );
      request.on('socket', () => {
        onSocket = performance.now();
      });
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Runs `task` over `items` with at most `limit` at a time; answers the results in order. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (;;) {
      const index = next;
      next += 1;
      if (index >= items.length) return;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
