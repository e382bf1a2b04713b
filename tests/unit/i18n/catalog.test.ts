// Every English text of the interface has its French (Canada) version, with the same
// placeholders and plural forms: a text added without one fails here.
import type { ComponentsJSON, TranslationJSON } from '@nanostores/i18n';
import { describe, expect, it } from 'vitest';
import { FR } from '../../../src/client/i18n/fr';

interface MessageGroup {
  component: string;
  base: Record<string, unknown>;
}

const modules = import.meta.glob<Record<string, unknown>>('/src/client/**/*.messages.ts', { eager: true });

function groups(): MessageGroup[] {
  return Object.values(modules).flatMap((exports) =>
    Object.values(exports).filter(
      (value): value is MessageGroup =>
        Boolean(value && typeof value === 'object' && 'component' in value && 'base' in value),
    ),
  );
}

/** The English of a message: a string, or for `params`/`count` the string(s) they were given. */
function english(value: unknown): TranslationJSON {
  if (typeof value === 'string') return value;
  const input = (value as { input?: unknown }).input;
  return input as TranslationJSON;
}

function placeholders(text: TranslationJSON): string[] {
  const all = typeof text === 'string' ? [text] : Object.values(text).map(String);
  return [...new Set(all.flatMap((one) => [...one.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)))].sort();
}

describe('the French catalogue', () => {
  const defined = groups();

  it('finds the message groups', () => {
    expect(defined.length).toBeGreaterThan(0);
    const names = defined.map((group) => group.component);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('has every text of every group, with the same placeholders and plural forms', () => {
    const problems: string[] = [];
    for (const { component, base } of defined) {
      const french = (FR as ComponentsJSON)[component] as Record<string, TranslationJSON> | undefined;
      if (!french) {
        problems.push(`${component}: no French`);
        continue;
      }
      for (const [key, value] of Object.entries(base)) {
        const en = english(value);
        const fr = french[key];
        if (fr === undefined || fr === '') {
          problems.push(`${component}.${key}: missing`);
          continue;
        }
        if (typeof en !== typeof fr) problems.push(`${component}.${key}: ${typeof en} in English, ${typeof fr} in French`);
        else if (typeof en === 'object' && typeof fr === 'object') {
          const forms = (text: object) => Object.keys(text).filter((form) => form !== 'few').sort();
          if (!forms(fr).includes('one') || !forms(fr).includes('many')) problems.push(`${component}.${key}: plural forms`);
        }
        if (placeholders(en).join() !== placeholders(fr).join()) problems.push(`${component}.${key}: placeholders differ`);
      }
      for (const key of Object.keys(french)) {
        if (!(key in base)) problems.push(`${component}.${key}: in French only`);
      }
    }
    const known = new Set(defined.map((group) => group.component));
    for (const component of Object.keys(FR)) if (!known.has(component)) problems.push(`${component}: in French only`);
    expect(problems).toEqual([]);
  });
});
