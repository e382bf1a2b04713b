// `npm run test:e2e` after the build: the two e2e projects (vitest.config.ts) side by side, each
// in a vitest process of its own (vitest runs the projects of one process in one pool, which one
// file at a time would make one line again), every line of each marked with its project. Extra
// arguments (file filters, -t) go to both; a project they select nothing of passes. Fails when
// either fails.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const PROJECTS = ['e2e', 'e2e-own'] as const;
const args = process.argv.slice(2);

function run(project: string): Promise<number> {
  const child = spawn(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--passWithNoTests', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } },
  );
  const mark = `[${project}]`.padEnd(10);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${mark}${line}`));
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

const codes = await Promise.all(PROJECTS.map(run));
for (const [i, project] of PROJECTS.entries()) console.log(`${project}: ${codes[i] === 0 ? 'passed' : `failed (exit ${codes[i]})`}`);
process.exit(codes.some((code) => code !== 0) ? 1 : 0);
