// What the offline core has to say to people (a list that could not be refreshed, a change not
// sent), as a code rather than as words: the core runs in the service worker too, which does not
// know the interface's language, and a change's words stay on the device across a language
// switch. The screen says a code in its language (lib/problem-words.ts). The English below is
// also kept beside the code (a list's `error`, a change's `lastError`, a result's `message`) for
// logs and for anything that reads the words alone; the server's own words come with no code.

/** The English of each code (the base of the 'shell/problems' messages); `{status}`: the HTTP status. */
export const PROBLEM_WORDS = {
  offline: 'You are offline.',
  unreachable: 'The server could not be reached.',
  signInToRefresh: 'Sign in to refresh the lists.',
  unreadableList: 'The server sent a list this app cannot read.',
  noAnswer: 'The server could not be reached. It will be sent when the connection returns.',
  recordGone: 'This record no longer exists on the server.',
  recordChanged: 'The record changed on the server.',
  tooLarge: 'The change is too large for the server.',
  refused: 'The server refused this change.',
  refusedStatus: 'The server refused this change (status {status}).',
  sessionExpired: 'Your session has expired. Sign in again to send your changes.',
  notAllowed: 'This account may not make these changes. Sign in as an administrator to send them.',
  inProgress: 'The server is still working on this change.',
  busy: 'The server is busy. It will be sent shortly.',
  serverProblem: 'The server had a problem (status {status}). It will be sent again shortly.',
  unreadableEntry: 'Saved by an earlier version of this app in a form this one cannot send. Discard it and make the change again.',
  discarded: 'The change was discarded.',
  notSent: 'Not sent.',
  signInToChange: 'Sign in again to make changes.',
  wipeBlocked:
    'Patient data could not be removed from this device: another window of this app still has it open. ' +
    'Close the other windows of this app, then try again.',
} as const;

export type ProblemCode = keyof typeof PROBLEM_WORDS;

export interface Problem {
  code: ProblemCode;
  /** The HTTP status, for the codes whose words name it. */
  status?: number;
}

/** The English words of `problem`. */
export function problemEnglish(problem: Problem): string {
  return PROBLEM_WORDS[problem.code].replace('{status}', String(problem.status));
}

/** An error the screen can put in its own words (`problem`); its message is the English. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problemEnglish(problem));
    this.name = 'ProblemError';
  }
}

/** The code of a thrown error, when the offline core made it. */
export function problemOf(error: unknown): Problem | null {
  return error instanceof ProblemError ? error.problem : null;
}
