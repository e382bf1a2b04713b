// The offline core's problems reach the screen as codes, said in the language shown; the
// server's own words come as they are.
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage, textsOf } from '../../../src/client/i18n/i18n';
import { problemWords } from '../../../src/client/lib/problem-words';
import { problemMessages } from '../../../src/client/lib/problem.messages';
import { problemEnglish, type Problem } from '../../../src/client/offline/problem';

const refused: Problem = { code: 'refusedStatus', status: 418 };

describe('problemWords', () => {
  afterAll(() => switchLanguage(null));

  it('says a code in English as the offline core wrote it', async () => {
    await switchLanguage('en');
    const texts = textsOf(problemMessages);
    expect(problemWords(texts, refused, 'unused')).toBe(problemEnglish(refused));
    expect(problemWords(texts, { code: 'offline' }, null)).toBe('You are offline.');
  });

  it('says a code in French, and leaves the server’s words as they came', async () => {
    await switchLanguage('fr');
    const texts = textsOf(problemMessages);
    expect(problemWords(texts, refused, 'unused')).toBe('Le serveur a refusé cette modification (statut 418).');
    expect(problemWords(texts, null, 'Cannot complete a flagged transfer')).toBe('Cannot complete a flagged transfer');
  });
});
