// The offline core's problems in the interface's language: by code when the app made the words,
// the server's own words as they came otherwise.
import { textsOf } from '../i18n/i18n';
import { problemOf, type Problem } from '../offline/problem';
import { problemMessages } from './problem.messages';

export type ProblemTexts = ReturnType<typeof problemMessages.get>;

/** `problem` in words, or `fallback` (the server's words) when there is none. */
export function problemWords(texts: ProblemTexts, problem: Problem | null | undefined, fallback: string): string;
export function problemWords(texts: ProblemTexts, problem: Problem | null | undefined, fallback: string | null): string | null;
export function problemWords(texts: ProblemTexts, problem: Problem | null | undefined, fallback: string | null): string | null {
  if (!problem) return fallback;
  const words = texts[problem.code];
  return typeof words === 'function' ? words({ status: String(problem.status) }) : words;
}

/** `problemWords` in the language of the moment (a toast raised after the work, outside React). */
export function problemWordsNow(problem: Problem | null | undefined, fallback: string): string {
  return problemWords(textsOf(problemMessages), problem, fallback);
}

/** A thrown error in words, now: the app's by code, else its message. */
export function errorWords(error: unknown): string {
  return problemWordsNow(problemOf(error), error instanceof Error ? error.message : String(error));
}
