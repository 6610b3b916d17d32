import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';

const serverDir = new URL('..', import.meta.url).pathname;

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** Starts a server TypeScript entry (src/main.ts, src/cli.ts) in its own Node process with only PATH and `env`. */
export function spawnScript(file: string, args: string[], env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, ...env },
  });
}

/** Runs a server TypeScript entry to its end and collects what it printed. */
export function runScript(file: string, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve, reject) => {
    const child = spawnScript(file, args, env);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
