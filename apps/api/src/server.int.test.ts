/**
 * SIGTERM drill on a real process: a slow client in the middle of a request must not hold the
 * shutdown to the 25 s cap and exit code 1 (docs/security.md item 19). Runs the server from source
 * on embedded PGlite, once (the database plays no part).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const API = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Manto is running')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`server exited early (${code}): ${out}`)));
  });
}

describe.skipIf(process.env.TEST_DB === 'postgres')('SIGTERM', () => {
  it('drains, cuts a slow client after the drain period, and exits 0 well before the 25 s cap', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: API,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'manto-sigterm-')),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await started(child);

    // A client that starts a request and never finishes its body.
    const slow = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => slow.once('connect', resolve));
    slow.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    );
    slow.on('error', () => undefined);
    // And an idle keep-alive connection, which must not hold the shutdown at all.
    const idle = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(idle.status).toBe(200);

    const sent = Date.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    const code = await exited;
    const seconds = (Date.now() - sent) / 1000;
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(20);
    slow.destroy();
  }, 40_000);
});
