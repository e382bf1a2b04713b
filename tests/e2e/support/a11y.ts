// axe-core in the page. The app's CSP forbids inline scripts, so the library is evaluated
// through the DevTools protocol (page.evaluate), which CSP does not govern.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
let axeSource: Promise<string> | null = null;

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

export interface A11yOptions {
  /** CSS selectors left out of the scan. */
  exclude?: string[];
  /** Impacts that fail the check. */
  failOn?: string[];
}

/** Fails on serious and critical violations, printing each with its elements. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<AxeViolation[]> {
  const failOn = options.failOn ?? ['serious', 'critical'];
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(
    async ({ exclude }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      const result = await axe.run(context, { resultTypes: ['violations'] });
      return result.violations;
    },
    { exclude: options.exclude ?? [] },
  ) as AxeViolation[];
  const failing = violations.filter((violation) => violation.impact && failOn.includes(violation.impact));
  if (failing.length > 0) {
    const report = failing
      .map(
        (violation) =>
          `[${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n` +
          violation.nodes
            .map((node) => `    ${JSON.stringify(node.target)} ${node.html}\n      ${node.failureSummary ?? ''}`)
            .join('\n'),
      )
      .join('\n');
    throw new Error(`axe-core found ${failing.length} serious/critical violation(s) on ${page.url()}:\n${report}`);
  }
  return violations;
}
