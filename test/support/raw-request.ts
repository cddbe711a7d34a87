import { request, type Agent } from 'node:http';

export interface RawAnswer {
  status: number;
  contentType: string;
  location: string | undefined;
  body: string;
}

/** Raw node:http to the local stack, so paths and headers go out as generated (fetch would normalise them). */
export function sendRaw(baseUrl: string, agent: Agent, method: string, path: string, headers: Record<string, string | string[]>): Promise<RawAnswer> {
  const { port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), location: res.headers.location, body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}
