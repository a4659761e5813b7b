/**
 * The login's time to its first field as the visitor's browser has it (issue 9): the frame's own
 * `foyer:first-field` mark (bootstrap/start.ts), on the clock of the top document's navigation,
 * read after the fact. Nothing watches the page while it loads.
 *
 * Why not Playwright: it attaches to every out-of-process iframe with `waitForDebuggerOnStart`
 * and keeps the frame's renderer paused until its own session is set up (several round trips to
 * a busy Node process), and it sees the field only by polling from outside the frame. A visitor
 * pays neither, and only the embedded path has such a frame.
 *
 * Figures (ms from the top document's navigation, medians), `BENCH_RUNS=7 npm run bench` at
 * commit 6889f9e (issue 9: lazyWidget), the machine shared but calm (load ~5 on 2 cores):
 *
 * | | frame navigation | frame document | start | connected | context-ready | first field |
 * |---|---|---|---|---|---|---|
 * | embedded | 172 | 198 | 447 | 531 | 560 | 620 |
 * | standalone | — | 18 | 267 | — | 291 | 676 |
 *
 * Embedded / standalone 0.92 here; as Playwright sees it 866 / 804 = 1.08. Before lazyWidget
 * (closing note of stop 20, quiet machine): 1,000 / 779 = 1.28, of which ~300 ms after
 * context-ready was React's Suspense throttle on the already loaded login chunk. The standalone
 * path still pays it: its context is ready before its chunk (see lazyWidget.ts). Under heavy
 * load (load 15–24) single runs vary 2×: compare variants A, B, A, B… and their medians only.
 *
 * So the bench drives its own Chromium over the DevTools pipe: each run is a fresh browser
 * context whose page is created with its URL (no session attached while it loads, the same for both paths), and the page and its
 * frame are attached only once the page has loaded and been left alone for a while, to read
 * the marks (`performance` entries are kept).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

/** The frame's marks (start.ts) and the browser's own navigation entries, ms from the top document's navigation. */
export type Timeline = Map<string, number>;

interface CdpMessage {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** A Chromium driven over --remote-debugging-pipe (fd 3 in, fd 4 out, NUL-separated JSON). */
class PipeBrowser {
  private nextId = 1;
  private readonly pending = new Map<number, (message: CdpMessage) => void>();

  constructor(
    private readonly process: ChildProcess,
    private readonly profile: string,
  ) {
    const output = process.stdio[4] as Readable;
    let buffer = '';
    output.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\0')) >= 0) {
        const message = JSON.parse(buffer.slice(0, end)) as CdpMessage;
        buffer = buffer.slice(end + 1);
        if (message.id !== undefined) this.pending.get(message.id)?.(message);
        if (message.id !== undefined) this.pending.delete(message.id);
      }
    });
  }

  send<T = Record<string, unknown>>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, (message) =>
        message.error ? reject(new Error(`${method}: ${message.error.message}`)) : resolve(message.result as T),
      );
      (this.process.stdio[3] as Writable).write(JSON.stringify({ id, method, params, sessionId }) + '\0');
    });
  }

  async evaluate<T>(sessionId: string, expression: string): Promise<T> {
    const { result } = await this.send<{ result: { value: T } }>(
      'Runtime.evaluate',
      { expression, returnByValue: true, awaitPromise: true },
      sessionId,
    );
    return result.value;
  }

  async close(): Promise<void> {
    await this.send('Browser.close').catch(() => {});
    await new Promise((resolve) => (this.process.exitCode === null ? this.process.once('exit', resolve) : resolve(0)));
    rmSync(this.profile, { recursive: true, force: true });
  }
}

/**
 * Playwright's own launch switches that bear on how a page loads (playwright-core's
 * chromiumSwitches), so this browser differs from the one the rest of the bench drives only in
 * what is attached to it. The project's flags come after them (its --disable-features wins).
 */
const PLAYWRIGHT_LIKE = [
  '--disable-field-trial-config',
  '--disable-background-networking',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
  '--disable-back-forward-cache',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  '--allow-pre-commit-input',
  '--disable-hang-monitor',
  '--disable-ipc-flooding-protection',
  '--disable-renderer-backgrounding',
  '--hide-scrollbars',
  '--mute-audio',
];

/** `args`: the project's Chromium flags (playwright.config.ts). */
export function launchPipeBrowser(executablePath: string, args: readonly string[]): PipeBrowser {
  const profile = mkdtempSync(join(tmpdir(), 'foyer-bench-'));
  const child = spawn(
    executablePath,
    [...PLAYWRIGHT_LIKE, ...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'] },
  );
  return new PipeBrowser(child, profile);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** In-page: the document's marks and navigation entry, relative to its own timeOrigin. */
const READ_TIMELINE = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  return {
    origin: performance.timeOrigin,
    entries: [
      ['document response', navigation ? navigation.responseStart : -1],
      ...performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]),
    ],
  };
})()`;

interface RawTimeline {
  origin: number;
  entries: [string, number][];
}

/**
 * Opens `url` in a fresh context and returns the timeline of the document that holds the login:
 * the page itself (standalone) or its one cross-origin frame (embedded), on the top document's
 * clock. Waits until the frame's `foyer:first-field` mark is there (up to `timeoutMs`).
 */
export async function firstFieldTimeline(
  browser: PipeBrowser,
  url: string,
  { embedded, timeoutMs = 20_000 }: { embedded: boolean; timeoutMs?: number },
): Promise<Timeline> {
  const { browserContextId } = await browser.send<{ browserContextId: string }>('Target.createBrowserContext', {
    disposeOnDetach: true,
  });
  try {
    const { targetId } = await browser.send<{ targetId: string }>('Target.createTarget', { url, browserContextId });
    const deadline = Date.now() + timeoutMs;
    // Left alone while it loads: the first look is well after a cold load on a loaded machine.
    await sleep(1500);
    const attach = async (id: string) =>
      (await browser.send<{ sessionId: string }>('Target.attachToTarget', { targetId: id, flatten: true })).sessionId;
    const top = await attach(targetId);
    const topOrigin = await browser.evaluate<number>(top, 'performance.timeOrigin');
    let session = embedded ? null : top;
    for (;;) {
      if (!session) {
        const { targetInfos } = await browser.send<{
          targetInfos: { targetId: string; type: string; browserContextId?: string }[];
        }>('Target.getTargets');
        const frame = targetInfos.find((info) => info.type === 'iframe' && info.browserContextId === browserContextId);
        if (frame) session = await attach(frame.targetId);
      }
      const raw = session ? await browser.evaluate<RawTimeline>(session, READ_TIMELINE) : null;
      if (raw?.entries.some(([name]) => name === 'foyer:first-field')) {
        const offset = raw.origin - topOrigin;
        return new Map([
          ...(embedded ? [['frame navigation', offset] as [string, number]] : []),
          ...raw.entries.map(([name, at]): [string, number] => [name.replace(/^foyer:/, ''), offset + at]),
        ]);
      }
      if (Date.now() > deadline) throw new Error(`bench: no first field in ${url} within ${timeoutMs} ms`);
      await sleep(250);
    }
  } finally {
    await browser.send('Target.disposeBrowserContext', { browserContextId }).catch(() => {});
  }
}
