// The lint rules that hold STYLE.md's boundaries catch what they are for (issue 10, item 12):
// a feature importing another feature, and the offline core importing React or the app.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve('.') });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('lint boundaries', () => {
  it('a feature may not import another feature, however the path is written', async () => {
    const code = "import { NOTIFY_LABEL } from '../prescriptions/record-actions';\nexport const x = NOTIFY_LABEL;\n";
    expect(await ruleIds(code, 'src/client/features/dashboard/uses-another.ts')).toContain('boundaries/dependencies');
  });

  it('a feature may import its own modules and the shared client code', async () => {
    const code =
      "import { allowedActions } from '../prescriptions/record-actions';\nimport { useOutbox } from '../../hooks/use-outbox';\nexport const x = [allowedActions, useOutbox];\n";
    expect(await ruleIds(code, 'src/client/features/prescriptions/uses-own.ts')).toEqual([]);
  });

  it('the offline core imports neither React nor dexie-react-hooks', async () => {
    const code = "import { useState } from 'react';\nimport { useLiveQuery } from 'dexie-react-hooks';\nexport const y = [useState, useLiveQuery];\n";
    expect(await ruleIds(code, 'src/client/offline/uses-react.ts')).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });

  it('the offline core imports only src/shared and itself, not the app around it (STYLE 2)', async () => {
    const code = "import { tokenHolder } from '../lib/auth-token';\nimport { useOutbox } from '../hooks/use-outbox';\nimport { actionDef } from '../../shared/actions/registry';\nimport { db } from './db';\nexport const z = [tokenHolder, useOutbox, actionDef, db];\n";
    expect(await ruleIds(code, 'src/client/offline/uses-the-app.ts')).toEqual(['no-restricted-imports', 'no-restricted-imports']);
  });
});
