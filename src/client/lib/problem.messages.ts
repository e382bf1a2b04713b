// The offline core's words (offline/problem.ts), said in the interface's language.
import { i18n, params } from '../i18n/i18n';
import { PROBLEM_WORDS } from '../offline/problem';

export const problemMessages = i18n('shell/problems', {
  ...PROBLEM_WORDS,
  refusedStatus: params(PROBLEM_WORDS.refusedStatus),
  serverProblem: params(PROBLEM_WORDS.serverProblem),
});
