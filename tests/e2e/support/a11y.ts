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
  /** Only the rules with these tags (e.g. the WCAG A and AA levels); every rule otherwise. */
  tags?: string[];
}

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what issue 20 holds the app to. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
/** Every impact axe gives: with the WCAG tags, any violation fails. */
export const EVERY_IMPACT = ['minor', 'moderate', 'serious', 'critical'];

/** Fails on serious and critical violations, printing each with its elements. */
export async function checkA11y(page: Page, options: A11yOptions = {}): Promise<AxeViolation[]> {
  const failOn = options.failOn ?? ['serious', 'critical'];
  axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
  const source = await axeSource;
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(
    async ({ exclude, tags }) => {
      const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      const runOnly = tags.length > 0 ? { runOnly: { type: 'tag', values: tags } } : {};
      const result = await axe.run(context, { resultTypes: ['violations'], ...runOnly });
      return result.violations;
    },
    { exclude: options.exclude ?? [], tags: options.tags ?? [] },
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
    throw new Error(`axe-core found ${failing.length} violation(s) (${failOn.join('/')}) on ${page.url()}:\n${report}`);
  }
  return violations;
}
