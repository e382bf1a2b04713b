// `npm run admin -- grant EMAIL` / `revoke EMAIL`: gives or takes the admin role (the `role`
// custom claim). Against the running emulator (FIREBASE_AUTH_EMULATOR_HOST, or 127.0.0.1 on
// AUTH_EMULATOR_PORT) or the real project (FIREBASE_PROJECT_ID + application credentials).
// The server re-reads roles every 30 s, so no new sign-in is needed.
import { loadConfigOrExit, type IdentityConfig } from '../config';
import { createIdentityAdmin } from '../identity/firebase-admin';
import { identityReachable } from '../identity/identity-health';
import { changeAdminRole, type RoleChange } from '../auth/admin-role';
import { runCommand } from './run-command';

const USAGE = 'usage: npm run admin -- grant EMAIL | revoke EMAIL';

async function main(): Promise<number> {
  const [action, email, ...rest] = process.argv.slice(2);
  if ((action !== 'grant' && action !== 'revoke') || !email || rest.length > 0) {
    console.error(USAGE);
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
  const admin = createIdentityAdmin(identity);
  try {
    const change: RoleChange = await changeAdminRole(admin.auth, action, email);
    if (change.kind === 'unknown-email') {
      console.error(`No account has the email ${email}.`);
      return 3;
    }
    if (action === 'grant') {
      console.log(
        change.kind === 'unchanged'
          ? `${email} (${change.uid}) is already an admin.`
          : `${email} (${change.uid}) is now an admin (within 30 s, no new sign-in needed).`,
      );
    } else {
      console.log(
        change.kind === 'unchanged'
          ? `${email} (${change.uid}) was not an admin; role stays ${change.role}.`
          : `${email} (${change.uid}) is no longer an admin: role ${change.role}; ` +
              'sessions revoked (signed out within 30 s).',
      );
    }
    return 0;
  } finally {
    await admin.close();
  }
}

runCommand(main);
