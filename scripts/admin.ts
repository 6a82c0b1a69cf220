/**
 * Admin CLI (README.md): `npm run admin -- create --email E --password P [--role R]` (default admin;
 * `owner` hands ownership over) and
 * `npm run admin -- reset-password --email E --password P [--keep-passkeys]` (ends the member's
 * sessions and, unless told to keep them, removes their passkeys); `npm run admin -- rebuild-site` asks
 * every running instance for a full build of its site; `npm run admin -- send-alerts` sends the due
 * alert digests now and prints how many it sent; `npm run admin -- reset-2fa --email E` removes a
 * member's second factors (a lost device) and ends their sessions; `npm run admin -- check-links` checks
 * every watched link once (docs/product.md, Trust) and prints what it found. Works while the server runs: on
 * the embedded database it joins the running process's socket.
 */
import { parseArgs } from 'node:util';
import { closeDb, getSql } from '../src/data/database/db';
import { migrate } from '../src/data/database/migrate';
import * as admins from '../src/data/signIn/admins';
import { hashPassword } from '../src/auth/passwords';
import { newCredentialsProblem } from '../src/domain/team/credentials';
import { requestFullRebuild } from '../src/data/publishing';
import { NOW_SCOPE, sendDueDigests } from '../src/services/alerts/alertDigests';
import { runLinkPass } from '../src/services/trust/linkHealth';
import { describePass } from '../src/domain/trust/linkHealth';
import { mailEnv } from '../src/settings';
import { closeMail, sendNow } from '../src/mail/sender';
import { resetTwoFactor } from '../src/auth/twoFactor';
import { addMember } from '../src/services/team/team';
import { resetPassword } from '../src/services/team/memberPasswords';
import { COMMAND_LINE } from '../src/auth/securityLog';
import { isRole, ROLES, ROLE_LABELS } from '../src/domain/team/roles';

const USAGE =
  'Usage: npm run admin -- create --email EMAIL --password PASSWORD [--role owner|admin|editor]\n       npm run admin -- reset-password --email EMAIL --password PASSWORD [--keep-passkeys]\n       npm run admin -- rebuild-site\n       npm run admin -- send-alerts\n       npm run admin -- reset-2fa --email EMAIL\n       npm run admin -- check-links';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
    'keep-passkeys': { type: 'boolean' },
  },
});
const [command] = positionals;
const email = values.email?.trim();
const password = values.password;

async function main(): Promise<number> {
  if (command === 'rebuild-site') {
    await migrate(await getSql());
    await requestFullRebuild();
    console.log('Full rebuild requested: every running instance rebuilds its whole site now.');
    return 0;
  }
  if (command === 'send-alerts') {
    await migrate(await getSql());
    // Daily alerts, and weekly ones whose week has passed (the scheduler sends those on Mondays).
    const run = await sendDueDigests(NOW_SCOPE);
    if (run.busy) {
      closeMail();
      console.log('Alert digests sent: 0 (another instance is sending them now)');
      return 0;
    }
    // One attempt now; a digest not sent stays in the outbox, and a running server tries it again.
    const { sent, notSent } = await sendNow(run.mailIds);
    closeMail();
    const failed = notSent ? `; not sent yet: ${notSent} (the server tries again; see the admin dashboard)` : '';
    console.log(`Alert digests sent: ${sent}${failed}`);
    return notSent ? 1 : 0;
  }
  if (command === 'check-links') {
    await migrate(await getSql());
    const pass = await runLinkPass();
    closeMail();
    if (pass.busy) {
      console.log('Links checked: 0 (another instance is checking them now)');
      return 0;
    }
    const lines = pass.checked.map((c) => ({
      kind: c.row.kind,
      listing: pass.listings.get(c.row.id) ?? '',
      url: c.row.url,
      state: c.row,
      outcome: c.outcome,
      cleared: c.cleared,
    }));
    for (const line of describePass(lines, mailEnv().siteTimeZone)) console.log(line);
    return 0;
  }
  if (command === 'reset-2fa') {
    if (!email) {
      console.error(USAGE);
      return 2;
    }
    await migrate(await getSql());
    const reset = await resetTwoFactor(email);
    if (!reset) {
      console.error(`No admin with the email ${email}. Nothing was changed.`);
      return 2;
    }
    closeMail();
    console.log(
      `Two-factor sign-in reset for ${reset.email}: their authenticator app, recovery codes and passkeys were removed and their sessions ended; they can sign in with their password.`,
    );
    console.log(reset.mailed ? 'They were mailed about it.' : 'The mail telling them could not be sent.');
    return 0;
  }
  if (!['create', 'reset-password'].includes(command ?? '') || !email || !password) {
    console.error(USAGE);
    return 2;
  }
  const role = values.role ?? 'admin';
  if (!isRole(role)) {
    console.error(`--role must be one of ${ROLES.join(', ')}. Nothing was changed.`);
    return 2;
  }
  const problem = newCredentialsProblem(email, password);
  if (problem) {
    console.error(`${problem}. Nothing was changed.`);
    return 2;
  }
  await migrate(await getSql());
  const existing = await admins.findByEmail(email);
  if (command === 'create') {
    if (existing) {
      console.error(`An admin with the email ${existing.email} already exists; use reset-password.`);
      return 1;
    }
    const { previousOwner } = await addMember(email, await hashPassword(password), role);
    console.log(`${ROLE_LABELS[role]} created: ${email}`);
    if (previousOwner) console.log(`Ownership handed over: ${previousOwner} is now an admin.`);
    return 0;
  }
  if (!existing) {
    console.error(`No admin with the email ${email}; use create.`);
    return 1;
  }
  const keepPasskeys = values['keep-passkeys'] === true;
  const reset = await resetPassword(existing, await hashPassword(password), COMMAND_LINE, { keepPasskeys });
  closeMail();
  console.log(`Password reset for ${reset.email}; their sessions were ended.`);
  if (keepPasskeys) console.log('Their passkeys were kept (--keep-passkeys).');
  else if (reset.passkeysRemoved > 0) {
    console.log(
      `Their ${reset.passkeysRemoved === 1 ? 'passkey was' : `${reset.passkeysRemoved} passkeys were`} removed (keep them with --keep-passkeys); ${reset.mailed ? 'they were mailed about it' : 'the mail telling them could not be sent'}.`,
    );
  }
  return 0;
}

const code = await main();
await closeDb();
process.exit(code);
