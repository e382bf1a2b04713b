// What `npm run admin -- …` was asked, read from its arguments (pure, for admin.ts and its tests).
import { normalizeStaffName } from '../auth/staff-name';

export const ADMIN_USAGE = [
  'usage: npm run admin -- grant EMAIL --name "First Last" | name EMAIL "First Last" | revoke EMAIL',
  '  grant   give the account the admin role and a staff name (--name may be left out when the',
  '          account already has one; granting an admin again with --name renames them)',
  '  name    change an admin\'s staff name',
  '  revoke  take the admin role away and sign the account out everywhere (the name is kept)',
].join('\n');

export type AdminCommand =
  | { kind: 'grant'; email: string; name?: string }
  | { kind: 'name'; email: string; name: string }
  | { kind: 'revoke'; email: string }
  | { kind: 'help' };

/** The command, or the problem to print above the usage. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | { kind: 'usage'; problem: string } {
  const usage = (problem: string) => ({ kind: 'usage' as const, problem });
  const [action, ...rest] = args;
  if (action === undefined) return usage('Say what to do: grant, name or revoke.');
  if (action === '--help' || action === '-h' || action === 'help') return { kind: 'help' };
  if (action !== 'grant' && action !== 'revoke' && action !== 'name') return usage(`Unknown command "${action}".`);

  const positional: string[] = [];
  let givenName: string | undefined;
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i]!;
    if (arg === '--name' || arg.startsWith('--name=')) {
      if (action !== 'grant') return usage(`--name goes with grant; to rename: npm run admin -- name EMAIL "First Last".`);
      if (givenName !== undefined) return usage('--name is given twice.');
      const value = arg === '--name' ? rest[(i += 1)] : arg.slice('--name='.length);
      if (value === undefined) return usage('--name needs a name: --name "First Last".');
      givenName = value;
    } else if (arg.startsWith('--')) {
      return usage(`Unknown option "${arg}".`);
    } else {
      positional.push(arg);
    }
  }
  const [email, ...words] = positional;
  if (email === undefined || email === '') return usage(`${action} needs the account's email.`);
  if (!email.includes('@')) return usage(`"${email}" is not an email address.`);

  if (action === 'revoke') {
    return words.length > 0 ? usage(`Unexpected "${words.join(' ')}" after the email.`) : { kind: 'revoke', email };
  }
  if (action === 'grant') {
    if (words.length > 0) {
      return usage(`Unexpected "${words.join(' ')}" after the email (a name of several words is quoted: --name "Priya Shah").`);
    }
    if (givenName === undefined) return { kind: 'grant', email };
  } else {
    // `name EMAIL Priya Shah`: the words after the email are the name, quoted or not.
    if (words.length === 0) return usage('name needs the new name: npm run admin -- name EMAIL "First Last".');
    givenName = words.join(' ');
  }
  const normalized = normalizeStaffName(givenName);
  if (!normalized.ok) return usage(normalized.problem);
  return { kind: action, email, name: normalized.name };
}
