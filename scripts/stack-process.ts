/**
 * Runs scripts/stack.ts as a child process and resolves with its URLs. The stack runs in its own
 * process so test runners never have to load the server's WASM database or native modules.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import type { LoopReport } from './loop-report';

export interface StackUrls {
  widgetsUrl: string;
  demoUrl: string;
  foreignUrl: string | null;
  /** An admin API key of every scope (--ephemeral stacks only). */
  adminKey: string | null;
}

export interface RunningStack extends StackUrls {
  /** The stack process (its memory is the server's). */
  pid: number | undefined;
  /** The server's event-loop delay since it listened or since the last report (needs `--loop-report`). */
  loopReport(): Promise<LoopReport>;
  stop(): Promise<void>;
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `env`: extra environment of the stack process (the payment provider settings of
 * apps/server/src/widget/providers, e.g. a spec pointing Stripe at a stand-in).
 */
export function startStack(
  args: string[] = ['--ephemeral'],
  options: { env?: Record<string, string> } = {},
): Promise<RunningStack> {
  // `source`: workspace packages written to be published (@foyer/node) resolve to their TypeScript.
  const node = ['--conditions=source', '--import', 'tsx'];
  const child: ChildProcess = spawn(process.execPath, [...node, join(ROOT, 'scripts/stack.ts'), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The stack did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`The stack exited early (code ${code})`)));
    const lines = createInterface({ input: child.stdout! });
    const reports: ((report: LoopReport) => void)[] = [];
    lines.on('line', (line) => {
      if (line.startsWith('loop-report ')) {
        reports.shift()?.(JSON.parse(line.slice('loop-report '.length)) as LoopReport);
        return;
      }
      if (!line.startsWith('{')) {
        console.log(`[stack] ${line}`);
        return;
      }
      clearTimeout(timer);
      const urls = JSON.parse(line) as StackUrls;
      resolve({
        ...urls,
        pid: child.pid,
        loopReport: () =>
          new Promise<LoopReport>((answer) => {
            reports.push(answer);
            child.stdin!.write('loop-report\n');
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

/** A process's resident memory in MB (Linux /proc), or null where it cannot be read. */
export function processRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}
