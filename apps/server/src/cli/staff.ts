// Staff accounts from the command line (issue 26 part 1): the first admin is made
// here, later staff by an admin in the console.
//   npm run staff -- add <e-mail> admin|editor|support
//   npm run staff -- list
// Reads the same environment as the server and migrates first. With the default
// PGlite database, run it while the server is stopped (one process owns the folder).
// Exit code 0 on success, 1 on failure; the change is in the audit log.
import { deskRoleSchema } from '@folio/core/desk';
import { loadConfig } from '../config.ts';
import type { Container } from '../container.ts';
import { createLogger } from '../logger.ts';
import { COMMAND_LINE } from '../modules/desk/index.ts';
import { openPreparedContainer } from '../startup.ts';

const USAGE =
  'usage: npm run staff -- add <e-mail> admin|editor|support\n       npm run staff -- list';

async function run(container: Container, args: string[]): Promise<void> {
  const [command, email, role] = args;
  if (command === 'list' && args.length === 1) {
    for (const member of await container.desk.listStaff())
      console.log(
        `${member.role.padEnd(8)} ${member.email}${member.secondFactor ? '' : ' (no authenticator yet)'}`,
      );
    return;
  }
  const parsedRole = deskRoleSchema.safeParse(role);
  if (command !== 'add' || email === undefined || !parsedRole.success || args.length !== 3)
    throw new Error(USAGE);
  const member = await container.desk.addStaff(COMMAND_LINE, email, parsedRole.data);
  console.log(
    `${member.email} is ${member.role}. They sign in at /desk with a code, then set up an authenticator app.`,
  );
}

async function main(): Promise<number> {
  let container: Container | undefined;
  try {
    const config = loadConfig(process.env);
    container = await openPreparedContainer(config, createLogger({ logLevel: 'warn' }));
    await run(container, process.argv.slice(2));
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await container?.db.destroy();
  }
}

process.exit(await main());
