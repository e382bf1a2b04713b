// `npm run admin -- grant EMAIL --name "First Last"` / `name EMAIL "First Last"` / `revoke EMAIL`:
// gives or takes the admin role (the `role` custom claim) and sets the staff name beside it (the
// `staff_name` claim, issue 19). Against the running emulator (FIREBASE_AUTH_EMULATOR_HOST, or
// 127.0.0.1 on AUTH_EMULATOR_PORT) or the real project (FIREBASE_PROJECT_ID + application
// credentials). The server re-reads roles and names every ROLE_CACHE (30 s), so no new sign-in
// is needed. Exit codes: 2 usage, 3 no such account, 4 no emulator, 5 not an admin (name).
import { loadConfigOrExit, type IdentityConfig } from '../config';
import { createIdentityAdmin } from '../identity/firebase-admin';
import { identityReachable } from '../identity/identity-health';
import { grantAdmin, renameStaff, revokeAdmin } from '../auth/admin-role';
import { ADMIN_USAGE, parseAdminArgs } from './admin-args';
import { runCommand } from './run-command';

async function main(): Promise<number> {
  const command = parseAdminArgs(process.argv.slice(2));
  if (command.kind === 'help') {
    console.log(ADMIN_USAGE);
    return 0;
  }
  if (command.kind === 'usage') {
    console.error(`${command.problem}\n${ADMIN_USAGE}`);
    return 2;
  }
  const config = loadConfigOrExit();
  let identity: IdentityConfig = config.identity;
  if (identity.mode === 'emulator') {
    identity = { ...identity, host: identity.host ?? `127.0.0.1:${identity.port}` };
    if (!(await identityReachable(identity))) {
      console.error(
        `No Firebase Auth emulator answers at ${identity.host}: start the server (npm start) first, ` +
          'or set FIREBASE_AUTH_EMULATOR_HOST / AUTH_EMULATOR_PORT.',
      );
      return 4;
    }
  }
  const { email } = command;
  const admin = createIdentityAdmin(identity);
  const within = '(within 30 s, no new sign-in needed)';
  try {
    if (command.kind === 'grant') {
      const result = await grantAdmin(admin.auth, email, command.name);
      if (result.kind === 'unknown-email') {
        console.error(`No account has the email ${email}.`);
        return 3;
      }
      if (result.kind === 'needs-name') {
        console.error(
          `${email} (${result.uid}) has no staff name yet, and every admin has one: ` +
            `npm run admin -- grant ${email} --name "First Last". Nothing was changed.`,
        );
        return 2;
      }
      const renamed = result.previousName !== null && result.previousName !== result.name;
      if (!result.wasAdmin) {
        console.log(`${email} (${result.uid}) is now an admin, named "${result.name}" ${within}.`);
      } else if (result.name !== result.previousName) {
        console.log(
          `${email} (${result.uid}) is already an admin; ${renamed ? `renamed from "${result.previousName}" to` : 'now named'} ` +
            `"${result.name}" ${within}.`,
        );
      } else {
        console.log(`${email} (${result.uid}) is already an admin, named "${result.name}".`);
      }
      return 0;
    }
    if (command.kind === 'name') {
      const result = await renameStaff(admin.auth, email, command.name);
      if (result.kind === 'unknown-email') {
        console.error(`No account has the email ${email}.`);
        return 3;
      }
      if (result.kind === 'not-admin') {
        console.error(
          `${email} (${result.uid}) is not an admin (role ${result.role}): only admins have staff names. ` +
            `To make it one: npm run admin -- grant ${email} --name "${command.name}".`,
        );
        return 5;
      }
      console.log(
        result.previousName === result.name
          ? `${email} (${result.uid}) is already named "${result.name}".`
          : `${email} (${result.uid}) is now named "${result.name}"` +
              `${result.previousName === null ? '' : ` (was "${result.previousName}")`} ${within}.`,
      );
      return 0;
    }
    const change = await revokeAdmin(admin.auth, email);
    if (change.kind === 'unknown-email') {
      console.error(`No account has the email ${email}.`);
      return 3;
    }
    console.log(
      change.kind === 'unchanged'
        ? `${email} (${change.uid}) was not an admin; role stays ${change.role}.`
        : `${email} (${change.uid}) is no longer an admin: role ${change.role}; ` +
            'sessions revoked (signed out within 30 s).',
    );
    return 0;
  } finally {
    await admin.close();
  }
}

runCommand(main);
