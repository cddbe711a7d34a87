import { readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { describeCliFailure } from '../../bin/cli-failure.js';

function thrownBy(work: () => unknown): unknown {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
}

describe('a CLI failure is one line a person can act on', () => {
  it('a busy port names the port and the fix', async () => {
    const first = createServer();
    await new Promise<void>((resolve) => first.listen(0, '127.0.0.1', () => resolve()));
    const port = (first.address() as { port: number }).port;
    const second = createServer();
    const error = await new Promise<unknown>((resolve) => {
      second.once('error', resolve);
      second.listen(port, '127.0.0.1');
    });
    await new Promise<void>((resolve) => first.close(() => resolve()));
    expect(describeCliFailure(error, 'npm start')).toBe(
      `Port ${port} is already in use (another \`npm start\`?). Start on a free port: PORT=${port + 1} npm start`,
    );
  });

  it('a missing folder is named, without a stack', () => {
    const line = describeCliFailure(
      thrownBy(() => readdirSync('/no/such/folder')),
      'npm run ingest',
    );
    expect(line).toBe('npm run ingest failed: no such file or folder: /no/such/folder');
  });

  it('any other error keeps its message and its cause', () => {
    const line = describeCliFailure(new Error('store unreachable', { cause: new Error('ECONNREFUSED') }), 'npm run key');
    expect(line).toBe('npm run key failed: store unreachable (ECONNREFUSED)');
    expect(line).not.toContain('\n');
    expect(describeCliFailure('plain', 'npm run smoke')).toBe('npm run smoke failed: plain');
  });
});
