// `npm run admin:create -- --email <address> [--name <full name>] [--password <password> | --password-stdin]`
// Creates an admin account, or makes an existing account admin, without the web form (production,
// docs/decisions/007, issue 27). An existing account always gets a new password and is signed out
// everywhere. Opens the database as the server does (DATABASE_URL, else PGlite in DATA_DIR) and
// applies the migrations first. A generated password is printed once, here, and nowhere else.
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/client.ts';
import { loadEnv } from '../server/env.ts';
import { notifySessionsEnded } from '../server/lib/message-bus/postgres-message-bus.ts';
import { checkAdminInput, createOrPromoteAdmin } from '../server/services/auth/admin.ts';
import { AuthError } from '../server/lib/auth-error.ts';

const USAGE = `Usage: npm run admin:create -- --email <address> [--name <full name>] [--password <password> | --password-stdin]

  --email           the admin's address (created if there is no account, promoted if there is)
  --name            full name of a new account (default: Administratör)
  --password        the password to set (visible in the shell history: prefer --password-stdin)
  --password-stdin  read the password from standard input, e.g. printf '%s' "$PW" | npm run admin:create -- ...

Without a password the account gets a generated one, printed once. An existing account's password is
always replaced (the given one, or a generated one) and every session of it ends.`;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  // One trailing newline is the echo's, not the password's.
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

async function main(): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (!values.email) {
    console.error(`--email is required.\n\n${USAGE}`);
    return 2;
  }
  if (values.password !== undefined && values['password-stdin']) {
    console.error('Give either --password or --password-stdin, not both.');
    return 2;
  }
  const input = {
    email: values.email,
    password: values['password-stdin'] ? await readStdin() : values.password,
    fullName: values.name,
  };
  try {
    checkAdminInput(input);
  } catch (error) {
    if (error instanceof AuthError) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }

  const env = loadEnv();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await handle.migrate();
    const result = await createOrPromoteAdmin(handle.db, input);
    // The running app processes end the account's open live streams at once, not at their next
    // heartbeat (issue 27 point 5): the notice goes on their bus's channel. On PGlite no server runs
    // meanwhile (PGlite allows one process at a time), so there is no stream to end.
    if (result.passwordChanged && handle.engine === 'postgres')
      await notifySessionsEnded(handle.db, { userId: result.userId });
    const what = result.created
      ? 'Created admin account'
      : result.previousRole === 'admin'
        ? 'Already an admin'
        : `Promoted to admin (was ${result.previousRole ?? 'an account without a profile'})`;
    console.log(`${what}: ${result.email} (${handle.engine})`);
    if (result.generatedPassword) {
      console.log(`Password: ${result.generatedPassword}`);
      console.log('Store it now: it is shown only this once. The admin can change it after signing in.');
    }
    if (result.passwordChanged)
      console.log(
        `${result.generatedPassword ? 'The old password no longer works' : 'Password set'}; the account was signed out everywhere.`,
      );
    return 0;
  } finally {
    await handle.close();
  }
}

process.exitCode = await main();
